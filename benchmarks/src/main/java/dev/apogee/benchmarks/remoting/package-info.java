/**
 * Load tools for the remoting transport: round trips per second and latency of our client and server against the
 * official RocketMQ 5.3.3 ones, all four pairings measured in one run. Runs in the calling threads only; every
 * endpoint it starts is shut down before it returns.
 */
package dev.apogee.benchmarks.remoting;

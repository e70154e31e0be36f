/**
 * Test and benchmark infrastructure: launches the real Apache RocketMQ 5.3.3 name server and brokers as child JVMs
 * ({@link dev.apogee.anchor.ApacheRocketMq}), the reference that interop tests and benchmarks compare against.
 * Not thread-safe: one test thread starts, uses and closes an instance.
 */
package dev.apogee.anchor;

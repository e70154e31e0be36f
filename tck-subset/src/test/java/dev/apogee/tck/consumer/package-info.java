/**
 * Conformance tests, Jakarta Messaging 3.1 Chapter 8 and §4.1.6: synchronous and asynchronous receipt, consumer
 * close, noLocal, QueueBrowser. JUnit test threads only; each test cites its section with {@link
 * dev.apogee.tck.Spec}.
 */
package dev.apogee.tck.consumer;

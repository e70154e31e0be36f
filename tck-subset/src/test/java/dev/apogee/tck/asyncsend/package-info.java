/**
 * Conformance tests, Jakarta Messaging 3.1 §7.3 asynchronous send: CompletionListener calls, JMSProducer.setAsync,
 * listener restrictions. JUnit test threads only; each test cites its section with {@link dev.apogee.tck.Spec}.
 */
package dev.apogee.tck.asyncsend;

/**
 * Conformance tests, Jakarta Messaging 3.1 §2.8 simplified API: JMSContext, JMSProducer, JMSConsumer (unchecked
 * exceptions, shared connection, autoStart, receiveBody). JUnit test threads only; each test cites its section with
 * {@link dev.apogee.tck.Spec}.
 */
package dev.apogee.tck.context;

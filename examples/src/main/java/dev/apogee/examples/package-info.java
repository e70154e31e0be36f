/**
 * Runnable examples of Apogee MQ's Jakarta Messaging provider. Each is a small {@code main} class that finds its
 * connection factory and destinations through JNDI ({@code jndi.properties} on the class path) and uses only
 * {@code jakarta.jms} and {@code javax.naming}; the one exception, {@link dev.apogee.examples.NativeTaggedProducer},
 * shows the native client feeding a JMS consumer. Each {@code main} delegates to a package-private
 * {@code run(Context, PrintStream)} that the tests call against an in-JVM broker; a run fails with an exception (exit
 * code 1) when it does not get back what it sent.
 *
 * <p>Messages carry a per-run id and the examples skip messages of earlier runs, so they can be run again and again
 * against the same broker. Single-threaded except where a listener is shown (request/reply).
 */
package dev.apogee.examples;

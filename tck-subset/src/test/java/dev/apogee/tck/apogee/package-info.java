/**
 * The Apogee MQ binding of the suite's SPI: our name server and broker in this JVM, on loopback. Used by the suite
 * through {@link java.util.ServiceLoader}, from JUnit test threads and the JVM shutdown hook.
 */
package dev.apogee.tck.apogee;

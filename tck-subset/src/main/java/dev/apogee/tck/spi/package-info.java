/**
 * The suite's admin SPI: the one thing a provider implements to run the conformance subset. Only {@code jakarta.jms}
 * types cross it. Loaded once per test JVM, from the test thread that first needs it.
 */
package dev.apogee.tck.spi;

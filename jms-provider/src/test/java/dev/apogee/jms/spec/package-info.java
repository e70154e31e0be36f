/**
 * Provider-neutral Jakarta Messaging 3.1 message tests: they use only {@code jakarta.jms} and JUnit, and reach the
 * provider through {@link dev.apogee.jms.spec.MessageFixture} (bound with {@code ServiceLoader}). The future
 * {@code tck-subset} module can reuse them by binding a fixture whose round trip is a real send and receive.
 */
package dev.apogee.jms.spec;

/**
 * Spring JMS 6.2 and Camel 4 applications configured only through JNDI ({@code jndi.properties}), run against Apogee
 * MQ (our name server and broker in the test JVM) and, as the reference, an embedded ActiveMQ Artemis.
 *
 * <p>Each scenario class ({@code *Scenarios}) holds the tests as they must pass on any Jakarta Messaging provider;
 * its subclasses {@code Apogee*Test} and {@code Artemis*Test} pick the provider with {@link
 * dev.apogee.examples.springcamel.OnProvider}. A scenario that fails on Apogee because of a known provider gap is
 * overridden, unchanged, in the Apogee subclass with {@code @Disabled("needs …, issue N")}: delete the override when
 * the gap is closed.
 *
 * <p>Threads: the brokers are started once per test JVM by {@link dev.apogee.examples.springcamel.ProviderExtension}
 * and shared by the test classes; each test builds its own application ({@link
 * dev.apogee.examples.springcamel.JndiApplication}) on the JUnit thread and closes it after; what listener threads
 * receive is collected in a thread-safe {@link dev.apogee.examples.springcamel.Deliveries}.
 */
package dev.apogee.examples.springcamel;

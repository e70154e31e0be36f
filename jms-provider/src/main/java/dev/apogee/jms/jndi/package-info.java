/**
 * JNDI access to Apogee MQ connection factories and destinations without an application server.
 *
 * <p>{@link dev.apogee.jms.jndi.ApogeeInitialContextFactory} builds a read-only naming context from the JNDI
 * environment (the {@code Hashtable} given to {@code InitialContext}, {@code java.naming.*} system properties and every
 * {@code jndi.properties} on the class path), following the conventions of Apache ActiveMQ Artemis and Qpid JMS so a
 * {@code jndi.properties} written for them reads naturally:
 * <pre>
 * java.naming.factory.initial = dev.apogee.jms.jndi.ApogeeInitialContextFactory
 * # the default broker URL
 * java.naming.provider.url    = apogee://127.0.0.1:9876
 * connectionFactory.orderCF   = apogee://127.0.0.1:9876?clientID=orders
 * # the provider URL plus these options
 * connectionFactory.fastCF    = ?sendTimeout=1000
 * # an XAConnectionFactory on the provider URL
 * xaConnectionFactory.xaCF    =
 * # JNDI name "orders" = queue "Orders"
 * queue.orders                = Orders
 * topic.prices                = Prices
 * </pre>
 * Rules, in {@link dev.apogee.jms.jndi.JndiBindings}: the prefixes {@code connectionFactory.},
 * {@code xaConnectionFactory.} ({@link dev.apogee.jms.xa.ApogeeXAConnectionFactory}), {@code queue.} and
 * {@code topic.} are matched ignoring case ({@code connectionfactory.} as in Qpid JMS); a factory value is a full
 * {@code apogee://} URL, empty for the provider URL, or {@code ?options} for the provider URL plus options; an empty
 * queue or topic value means "named like the JNDI name"; when no connection factory (plain or XA) is declared,
 * {@code ConnectionFactory} is bound to the provider URL; {@code dynamicQueues/<name>} and {@code dynamicTopics/<name>} look up destinations that are not
 * declared. Values may use {@code ${name}} or {@code ${name:-default}}, resolved from system properties, then from the
 * environment variable named like it in upper case with {@code .} replaced by {@code _} ({@code apogee.url} →
 * {@code APOGEE_URL}) ({@link dev.apogee.jms.jndi.PropertyExpansion}).
 *
 * <p>The context never changes after creation: bind, rebind, unbind, rename and subcontext operations throw
 * {@code OperationNotSupportedException}. Thread-safety: contexts are immutable apart from their environment copy and
 * closed flag, and may be shared; each lookup returns the same bound instance.
 */
package dev.apogee.jms.jndi;

/**
 * Jakarta Messaging destinations over RocketMQ topics.
 *
 * <p>{@link dev.apogee.jms.destination.ApogeeQueue}, {@link dev.apogee.jms.destination.ApogeeTopic} and their
 * temporary variants name a RocketMQ topic (validated by {@link dev.apogee.jms.destination.DestinationNames}: RocketMQ
 * topic rules, {@code ^[%|a-zA-Z0-9_-]+$}, at most 127 characters). Their string form, used for {@code JMSReplyTo} and
 * {@code JMSDestination} on the wire, is {@code queue://name}, {@code topic://name}, {@code temp-queue://name},
 * {@code temp-topic://name}; {@link dev.apogee.jms.destination.DestinationParser} reads it back (a plain name is a
 * queue). Destinations are immutable, {@code Serializable} and {@code Referenceable}; JNDI recreates them with
 * {@link dev.apogee.jms.destination.DestinationObjectFactory}.
 *
 * <p>Thread-safety: immutable values, except the deleter a session binds into a temporary destination once.
 */
package dev.apogee.jms.destination;

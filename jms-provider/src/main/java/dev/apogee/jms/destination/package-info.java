/**
 * Jakarta Messaging destinations over RocketMQ topics.
 *
 * <p>{@link dev.apogee.jms.destination.ApogeeQueue}, {@link dev.apogee.jms.destination.ApogeeTopic} and their
 * temporary variants have a JMS name of any text and name the RocketMQ topic it encodes to
 * ({@link dev.apogee.jms.destination.DestinationNames} over {@link dev.apogee.remoting.naming.NameEncoding}: a valid
 * topic name without {@code |} is itself, other characters {@code |XX} per UTF-8 byte; at most 127 characters after
 * encoding). {@code getQueueName()}, {@code getTopicName()} and {@code toString()} ({@code queue://orders.created})
 * show the JMS name. The wire form, used for {@code JMSReplyTo} and {@code JMSDestination}, is {@code queue://topic},
 * {@code topic://topic}, {@code temp-queue://topic}, {@code temp-topic://topic}, read back by
 * {@link dev.apogee.jms.destination.DestinationParser#parseWire};
 * {@link dev.apogee.jms.destination.DestinationParser#parse} reads the same forms with JMS names (configuration, JNDI; a plain name is a queue). Destinations are immutable,
 * {@code Serializable} (the JMS name; the topic is derived again) and {@code Referenceable}; JNDI recreates them with
 * {@link dev.apogee.jms.destination.DestinationObjectFactory}.
 *
 * <p>Thread-safety: immutable values, except the deleter a session binds into a temporary destination once.
 */
package dev.apogee.jms.destination;

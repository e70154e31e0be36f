package dev.apogee.jms.destination;

import jakarta.jms.Destination;
import jakarta.jms.InvalidDestinationException;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import javax.naming.NamingException;
import javax.naming.Reference;
import javax.naming.Referenceable;
import javax.naming.StringRefAddr;

/**
 * A destination naming one RocketMQ topic: its JMS name (any text, {@link #jmsName()}) mapped by
 * {@link DestinationNames} ({@link dev.apogee.remoting.naming.NameEncoding}) to a valid topic name ({@link #topic()}).
 * Equality is by kind and JMS name. The JNDI {@link Reference} carries the kind and the JMS name and is resolved by
 * {@link DestinationObjectFactory}.
 */
public abstract sealed class ApogeeDestination implements Destination, Serializable, Referenceable
        permits ApogeeQueue, ApogeeTopic {
    private static final long serialVersionUID = 1L;
    /** Reference address type holding the destination name. */
    public static final String REF_NAME = "name";
    /** Reference address type holding the kind ({@link DestinationKind#name()}). */
    public static final String REF_KIND = "kind";

    private final String name;
    /** The RocketMQ topic {@link #name} maps to; derived, so not serialized. */
    private transient String topic;
    /**
     * {@link #toUri()}, made with the object (every message sent to or replying to this destination carries it).
     * Not made lazily: a send path compiled while its destinations had their URI would meet the not-yet-made case of
     * a new destination (a new session's) as a branch it never took, and the JIT discards the whole compiled send
     * chain for that.
     */
    private transient String uri;

    ApogeeDestination(String name) throws InvalidDestinationException {
        this.topic = DestinationNames.topicOf(name);
        this.name = name;
        this.uri = kind().prefix() + topic; // kind() is a constant of each subclass
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        try {
            topic = DestinationNames.topicOf(name);
        } catch (InvalidDestinationException e) {
            throw new java.io.InvalidObjectException(e.getMessage());
        }
        uri = kind().prefix() + topic;
    }

    /** The JMS name, as the application gave it ({@code getQueueName()} / {@code getTopicName()}). */
    public String jmsName() {
        return name;
    }

    /** The RocketMQ topic the JMS name maps to (itself when it is a valid topic name without {@code |}). */
    public String topic() {
        return topic;
    }

    /** Queue, topic, or a temporary variant. */
    public abstract DestinationKind kind();

    /**
     * The string form carried on the wire in {@code JMSDestination} / {@code JMSReplyTo}: the kind and the topic, e.g.
     * {@code queue://orders|2Ecreated} for the queue {@code orders.created}. The topic, not the JMS name, so the value
     * is plain ASCII whatever the name and a native client can reply to it; {@link DestinationParser#parseWire} reads
     * it back.
     */
    public String toUri() {
        return uri;
    }

    @Override
    public Reference getReference() throws NamingException {
        Reference reference = new Reference(getClass().getName(), DestinationObjectFactory.class.getName(), null);
        reference.add(new StringRefAddr(REF_KIND, kind().name()));
        reference.add(new StringRefAddr(REF_NAME, name));
        return reference;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ApogeeDestination d && d.kind() == kind() && d.name.equals(name);
    }

    @Override
    public int hashCode() {
        return kind().hashCode() * 31 + name.hashCode();
    }

    /** The kind and the JMS name, e.g. {@code queue://orders.created}: what the application named. */
    @Override
    public String toString() {
        return kind().prefix() + name;
    }
}

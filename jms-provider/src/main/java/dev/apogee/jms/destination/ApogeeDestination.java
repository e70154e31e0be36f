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
 * A destination naming one RocketMQ topic. Equality is by kind and name. The JNDI {@link Reference} carries the
 * kind and the name and is resolved by {@link DestinationObjectFactory}.
 */
public abstract sealed class ApogeeDestination implements Destination, Serializable, Referenceable
        permits ApogeeQueue, ApogeeTopic {
    private static final long serialVersionUID = 1L;
    /** Reference address type holding the destination name. */
    public static final String REF_NAME = "name";
    /** Reference address type holding the kind ({@link DestinationKind#name()}). */
    public static final String REF_KIND = "kind";

    private final String name;
    /**
     * {@link #toUri()}, made with the object (every message sent to or replying to this destination carries it).
     * Not made lazily: a send path compiled while its destinations had their URI would meet the not-yet-made case of
     * a new destination (a new session's) as a branch it never took, and the JIT discards the whole compiled send
     * chain for that.
     */
    private transient String uri;

    ApogeeDestination(String name) throws InvalidDestinationException {
        this.name = DestinationNames.validate(name);
        this.uri = kind().prefix() + this.name; // kind() is a constant of each subclass
    }

    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        uri = kind().prefix() + name;
    }

    /** The RocketMQ topic name. */
    public String name() {
        return name;
    }

    /** Queue, topic, or a temporary variant. */
    public abstract DestinationKind kind();

    /** The string form used on the wire, e.g. {@code queue://orders}. */
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

    @Override
    public String toString() {
        return toUri();
    }
}

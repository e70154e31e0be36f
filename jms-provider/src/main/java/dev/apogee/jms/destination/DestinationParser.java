package dev.apogee.jms.destination;

import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSException;
import jakarta.jms.Queue;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TemporaryTopic;
import jakarta.jms.Topic;

/**
 * Reads destination string forms: {@code queue://name}, {@code topic://name}, {@code temp-queue://name},
 * {@code temp-topic://name}; a plain name (no scheme) is a queue. {@link #parse} reads what an application or a
 * configuration writes (JMS names); {@link #parseWire} what {@link ApogeeDestination#toUri()} put on the wire (topics).
 */
public final class DestinationParser {
    private DestinationParser() {
    }

    /** Parses a string form or plain name; throws {@link InvalidDestinationException} for anything else. */
    public static ApogeeDestination parse(String text) throws InvalidDestinationException {
        if (text == null || text.isEmpty()) {
            throw DestinationNames.invalid("destination string must not be null or empty");
        }
        for (DestinationKind kind : DestinationKind.values()) {
            if (text.startsWith(kind.prefix())) {
                return create(kind, text.substring(kind.prefix().length()));
            }
        }
        if (text.contains("://")) {
            throw DestinationNames.invalid("unknown destination scheme in '" + text
                    + "' (expected queue://, topic://, temp-queue:// or temp-topic://)");
        }
        return new ApogeeQueue(text);
    }

    /**
     * Reads a wire form, {@code <scheme>://<topic>}: the destination whose topic that is. Messages written before
     * names were encoded carry the plain topic, which is its own encoding, so they read the same.
     *
     * @throws InvalidDestinationException for an unknown scheme or a topic no JMS name maps to
     */
    public static ApogeeDestination parseWire(String text) throws InvalidDestinationException {
        if (text != null) {
            for (DestinationKind kind : DestinationKind.values()) {
                if (text.startsWith(kind.prefix())) {
                    return fromTopic(kind, text.substring(kind.prefix().length()));
                }
            }
        }
        throw DestinationNames.invalid("'" + text + "' is not a destination's wire form (<scheme>://<topic>)");
    }

    /** The destination of the given kind over {@code topic}; InvalidDestinationException if no name maps to it. */
    public static ApogeeDestination fromTopic(DestinationKind kind, String topic) throws InvalidDestinationException {
        String name = DestinationNames.nameOfTopic(topic);
        if (name == null) {
            throw DestinationNames.invalid("no JMS destination name maps to the RocketMQ topic '" + topic + "'");
        }
        return create(kind, name);
    }

    /** A destination of the given kind. */
    public static ApogeeDestination create(DestinationKind kind, String name) throws InvalidDestinationException {
        return switch (kind) {
            case QUEUE -> new ApogeeQueue(name);
            case TOPIC -> new ApogeeTopic(name);
            case TEMPORARY_QUEUE -> new ApogeeTemporaryQueue(name);
            case TEMPORARY_TOPIC -> new ApogeeTemporaryTopic(name);
        };
    }

    /**
     * Our equivalent of any provider's destination (Jakarta Messaging 3.1 §3.12: foreign destinations), by its queue
     * or topic name. {@code null} stays {@code null}.
     */
    public static ApogeeDestination fromForeign(jakarta.jms.Destination destination) throws JMSException {
        if (destination == null || destination instanceof ApogeeDestination) {
            return (ApogeeDestination) destination;
        }
        if (destination instanceof TemporaryQueue q) {
            return new ApogeeTemporaryQueue(q.getQueueName());
        }
        if (destination instanceof TemporaryTopic t) {
            return new ApogeeTemporaryTopic(t.getTopicName());
        }
        if (destination instanceof Queue q) {
            return new ApogeeQueue(q.getQueueName());
        }
        if (destination instanceof Topic t) {
            return new ApogeeTopic(t.getTopicName());
        }
        throw DestinationNames.invalid("unsupported destination type " + destination.getClass().getName());
    }
}

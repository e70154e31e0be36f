package dev.apogee.jms.destination;

import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSException;
import jakarta.jms.Queue;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TemporaryTopic;
import jakarta.jms.Topic;

/**
 * Reads destination string forms: {@code queue://name}, {@code topic://name}, {@code temp-queue://name},
 * {@code temp-topic://name}; a plain name (no scheme) is a queue.
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

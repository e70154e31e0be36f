package dev.apogee.jms.destination;

import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import dev.apogee.remoting.naming.NameEncoding;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSException;

/**
 * JMS destination names and the RocketMQ topics they map to ({@link NameEncoding}: a valid topic name without
 * {@code |} is its own topic, any other name is escaped). Any non-empty Unicode text is a JMS name; its topic may
 * have at most {@value NameEncoding#TOPIC_MAX_LENGTH} characters.
 */
public final class DestinationNames {
    /** Longest topic name RocketMQ accepts, counted after encoding. */
    public static final int MAX_TOPIC_LENGTH = NameEncoding.TOPIC_MAX_LENGTH;

    private DestinationNames() {
    }

    /**
     * The RocketMQ topic of the JMS name {@code name}.
     *
     * @throws InvalidDestinationException for null, empty or non-Unicode text (an unpaired surrogate), or a name whose
     *                                     topic would be longer than {@value #MAX_TOPIC_LENGTH} characters
     */
    public static String topicOf(String name) throws InvalidDestinationException {
        if (name == null || name.isEmpty()) {
            throw invalid("destination name must not be null or empty");
        }
        String topic;
        try {
            topic = NameEncoding.encode(name);
        } catch (IllegalArgumentException e) {
            throw invalid("destination name '" + name + "' is not valid: " + e.getMessage());
        }
        if (topic.length() > MAX_TOPIC_LENGTH) {
            throw invalid("destination name '" + abbreviated(name) + "' maps to a RocketMQ topic of " + topic.length()
                    + " characters; at most " + MAX_TOPIC_LENGTH + " are allowed (letters, digits, '%', '_' and '-'"
                    + " count 1, any other character 3 per UTF-8 byte)");
        }
        return topic;
    }

    /** The JMS name whose topic is {@code topic}, or {@code null} when no JMS name maps to it. */
    public static String nameOfTopic(String topic) {
        return topic == null || topic.length() > MAX_TOPIC_LENGTH ? null : NameEncoding.decodeOrNull(topic);
    }

    /** The first 40 characters of a long name, for exception messages. */
    public static String abbreviated(String name) {
        return name.length() <= 40 ? name : name.substring(0, 40) + "…";
    }

    static InvalidDestinationException invalid(String text) {
        JMSException e = JmsExceptions.create(ErrorCode.INVALID_DESTINATION, text);
        return (InvalidDestinationException) e;
    }
}

package dev.apogee.jms.api;

import dev.apogee.jms.destination.ApogeeDestination;
import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import dev.apogee.jms.provider.ConsumerSpec;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TemporaryTopic;

import java.util.Locale;

/**
 * Consumers that read as an explicit native consumer group instead of the group the JMS rules derive (MAPPING.md):
 * for applications, such as the resource adapter's {@code consumerGroup} activation property, that share a group
 * with native RocketMQ-style consumers. Every consumer of one group, JMS or native, shares the destination's messages;
 * each group gets all of them, on a queue as on a topic. The group and its offsets outlive the consumer (like a shared
 * durable subscription); {@link ConsumeFrom} says where it starts when it has no committed offset yet. Stateless.
 */
public final class NativeConsumers {
    private static final String GROUP_NAME = "[%|a-zA-Z0-9_-]+";

    private NativeConsumers() {
    }

    /** Where a group without a committed offset starts; a group with one always resumes from it. */
    public record ConsumeFrom(Kind kind, long timestampMillis) {
        /** The start position's kind. */
        public enum Kind { FIRST, LAST, TIMESTAMP }

        public ConsumeFrom {
            if (kind == null || (kind == Kind.TIMESTAMP) != (timestampMillis >= 0)) {
                throw new IllegalArgumentException("a TIMESTAMP start needs a time >= 0 (epoch ms), others -1");
            }
        }

        /** The oldest message still stored. */
        public static ConsumeFrom first() {
            return new ConsumeFrom(Kind.FIRST, -1);
        }

        /** Only messages stored after the consumer starts. */
        public static ConsumeFrom last() {
            return new ConsumeFrom(Kind.LAST, -1);
        }

        /** The first message stored at or after {@code epochMillis}. */
        public static ConsumeFrom timestamp(long epochMillis) {
            return new ConsumeFrom(Kind.TIMESTAMP, epochMillis);
        }

        /**
         * Parses {@code FIRST}, {@code LAST} or {@code TIMESTAMP:<epoch ms>} (keywords in any case).
         *
         * @throws IllegalArgumentException with a sentence naming the accepted forms
         */
        public static ConsumeFrom parse(String text) {
            String t = text == null ? "" : text.trim().toUpperCase(Locale.ROOT);
            if (t.equals("FIRST")) {
                return first();
            }
            if (t.equals("LAST")) {
                return last();
            }
            if (t.startsWith("TIMESTAMP:")) {
                try {
                    long ms = Long.parseLong(t.substring("TIMESTAMP:".length()).trim());
                    if (ms >= 0) {
                        return timestamp(ms);
                    }
                } catch (NumberFormatException e) {
                    // falls through to the message below
                }
            }
            throw new IllegalArgumentException("must be FIRST, LAST or TIMESTAMP:<milliseconds since the epoch>,"
                    + " was '" + text + "'");
        }
    }

    /** Whether {@code group} is a consumer group name the brokers accept. */
    public static boolean isValidGroup(String group) {
        return group != null && group.length() <= 255 && group.matches(GROUP_NAME);
    }

    /**
     * A consumer of {@code destination} reading as native group {@code group}.
     *
     * @param session     an Apogee session (plain or XA); acknowledgement and transactions are the session's
     * @param destination a queue or topic (not a temporary one)
     * @param group       the native consumer group name
     * @param selector    a JMS message selector, or null for all messages
     * @param from        where the group starts when it has no committed offset
     */
    public static MessageConsumer create(Session session, Destination destination, String group, String selector,
            ConsumeFrom from) throws JMSException {
        if (!(session instanceof ApogeeSession s)) {
            throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE, "not an Apogee session: " + session);
        }
        if (!isValidGroup(group)) {
            throw JmsExceptions.create(ErrorCode.INVALID_DESTINATION, "consumer group '" + group
                    + "' is not a name the brokers accept (up to 255 letters, digits, '%', '|', '_', '-')");
        }
        if (from == null) {
            throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE, "consume-from position must not be null");
        }
        s.checkClosed();
        ApogeeDestination d = SubscriptionGroups.destinationOf(destination);
        if (d instanceof TemporaryQueue || d instanceof TemporaryTopic) {
            throw JmsExceptions.create(ErrorCode.INVALID_DESTINATION, "a native group cannot read the temporary"
                    + " destination " + d);
        }
        return s.openConsumer(d, new ConsumerSpec(d.topic(), group, selector,
                from.kind() == ConsumeFrom.Kind.LAST, false, false, from.timestampMillis()));
    }
}

package dev.apogee.jms.provider;

import dev.apogee.client.pop.PoppedMessage;

import java.util.Comparator;
import java.util.List;

/**
 * JMS priority (0-9, §3.4.10) among the messages one pop returned: higher first, send order kept among equal
 * priorities (a stable sort). This is the bound of priority support: messages still on the broker, or in another
 * consumer's batch, are not compared. Stateless.
 */
final class PriorityOrder {
    static final String PROPERTY = "JMSPriority";
    private static final int DEFAULT = 4;
    private static final Comparator<PoppedMessage> HIGHER_FIRST =
            Comparator.comparingInt((PoppedMessage m) -> priority(m)).reversed();

    private PriorityOrder() {
    }

    /** Sorts {@code batch} in place. */
    static void sort(List<PoppedMessage> batch) {
        if (batch.size() > 1) {
            batch.sort(HIGHER_FIRST); // List.sort is stable
        }
    }

    static int priority(PoppedMessage m) {
        String value = m.message().getProperty(PROPERTY);
        if (value == null) {
            return DEFAULT;
        }
        try {
            return Math.max(0, Math.min(9, Integer.parseInt(value)));
        } catch (NumberFormatException e) {
            return DEFAULT;
        }
    }
}

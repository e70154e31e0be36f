package dev.apogee.jms.message;

import dev.apogee.jms.destination.DestinationParser;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;

/**
 * The destination of the last string form parsed, so that a consumer's messages, which name the same destination
 * (and mostly the same reply-to) one after another, don't each parse and validate it again. Parsed destinations are
 * immutable (a parsed temporary destination has no deleter), so one instance may be shared by many messages.
 * Thread-safe: the last entry is one immutable record behind a volatile field.
 */
final class DestinationCache {
    private record Parsed(String text, Destination destination) {
    }

    private volatile Parsed last;

    /** The destination {@code text} names, or null for null or an unparseable string (lenient, like the codec). */
    Destination parse(String text) {
        if (text == null) {
            return null;
        }
        Parsed p = last;
        if (p != null && p.text.equals(text)) {
            return p.destination;
        }
        Destination parsed;
        try {
            parsed = DestinationParser.parseWire(text);
        } catch (JMSException e) {
            parsed = null;
        }
        last = new Parsed(text, parsed);
        return parsed;
    }
}

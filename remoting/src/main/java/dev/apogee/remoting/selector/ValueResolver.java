package dev.apogee.remoting.selector;

/**
 * Supplies the value of an identifier (a header field or a property) of the message being evaluated.
 *
 * <p>Return a {@link String}, a {@link Boolean}, a {@link Long}, {@link Integer}, {@link Short} or {@link Byte}, a
 * {@link Double} or {@link Float}, or null when the message has no such value. Any other type counts as null. A JMS
 * provider returns {@code JMSDeliveryMode} as the string {@code PERSISTENT} or {@code NON_PERSISTENT} and null for a
 * header that is unset (spec 3.8.1.1). Called on the evaluating thread, possibly several times per identifier.
 */
@FunctionalInterface
public interface ValueResolver {
    /** Resolves nothing: every identifier is NULL. */
    ValueResolver EMPTY = identifier -> null;

    Object get(String identifier);
}

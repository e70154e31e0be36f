package dev.apogee.jms.provider;

/**
 * Handle of a consumer created by a {@link Provider}.
 *
 * @param perMessage the consumer acknowledges message by message (POP: JMS queues and shared subscriptions), so a
 *                   recover or rollback gives its messages back to the group ({@link Provider#release}) instead of
 *                   the session redelivering them itself
 */
public record ConsumerId(long value, String group, boolean perMessage) {
    /** An offset-committing consumer's handle. */
    public ConsumerId(long value, String group) {
        this(value, group, false);
    }
}

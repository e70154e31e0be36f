package dev.apogee.client.pop;

import java.time.Duration;

/**
 * What a {@link PopListener} did with a message: consumed (acked), or to be redelivered after a delay (the message
 * stays invisible that long and then comes back with its reconsume count + 1).
 *
 * @param delayMillis redelivery delay, or -1 for the back-off by reconsume count of {@link PopConsumerConfig}
 */
public record PopConsumeResult(boolean success, long delayMillis) {
    public static final PopConsumeResult SUCCESS = new PopConsumeResult(true, 0);
    private static final PopConsumeResult BACKOFF = new PopConsumeResult(false, -1);

    /** Redelivered after the configured back-off for its reconsume count. */
    public static PopConsumeResult later() {
        return BACKOFF;
    }

    /** Redelivered after {@code delay} (at least one second, the broker's revive granularity). */
    public static PopConsumeResult later(Duration delay) {
        long millis = delay.toMillis();
        if (millis < PopApi.MIN_INVISIBLE_MILLIS) {
            throw new IllegalArgumentException("redelivery delay must be at least " + PopApi.MIN_INVISIBLE_MILLIS
                    + " ms, got " + millis);
        }
        return new PopConsumeResult(false, millis);
    }
}

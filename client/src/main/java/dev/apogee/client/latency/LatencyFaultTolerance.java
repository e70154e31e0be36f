package dev.apogee.client.latency;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Remembers, per broker name, until when the broker should be avoided. A successful fast send clears the entry;
 * a slow or failed one sets an avoidance deadline from the {@link BackoffTable}.
 */
public final class LatencyFaultTolerance {
    private final BackoffTable table;
    private final LongSupplier clock;
    private final Map<String, Long> avoidUntil = new ConcurrentHashMap<>();

    public LatencyFaultTolerance(BackoffTable table, LongSupplier clock) {
        this.table = table;
        this.clock = clock;
    }

    /** Records the outcome of one send to {@code brokerName}. */
    public void record(String brokerName, long latencyMillis, boolean failed) {
        long backoff = table.backoffMillis(failed ? Math.max(latencyMillis, BackoffTable.FAILURE_LATENCY_MILLIS)
                : latencyMillis);
        if (backoff <= 0) {
            avoidUntil.remove(brokerName);
        } else {
            avoidUntil.put(brokerName, clock.getAsLong() + backoff);
        }
    }

    public boolean isAvailable(String brokerName) {
        Long until = avoidUntil.get(brokerName);
        return until == null || clock.getAsLong() >= until;
    }

    /** How long {@code brokerName} is still avoided, 0 when available. */
    public long remainingBackoff(String brokerName) {
        Long until = avoidUntil.get(brokerName);
        return until == null ? 0 : Math.max(0, until - clock.getAsLong());
    }

    public void forget(String brokerName) {
        avoidUntil.remove(brokerName);
    }
}

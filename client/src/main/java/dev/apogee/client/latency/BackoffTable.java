package dev.apogee.client.latency;

import java.util.Arrays;

/**
 * Maps a send latency to a back-off period: the back-off of the largest latency threshold the latency reaches.
 * Default (the seed design): below 550 ms no back-off, 550 ms → 3 s, 1 s → 60 s, 2 s → 120 s, 3 s → 180 s,
 * 15 s → 600 s. A failed send counts as {@link #FAILURE_LATENCY_MILLIS}.
 */
public final class BackoffTable {
    public static final long FAILURE_LATENCY_MILLIS = 30_000;
    public static final BackoffTable DEFAULT = new BackoffTable(
            new long[] {50, 100, 550, 1_000, 2_000, 3_000, 15_000},
            new long[] {0, 0, 3_000, 60_000, 120_000, 180_000, 600_000});

    private final long[] latencyThresholds;
    private final long[] backoffs;

    /** Thresholds ascending, one back-off per threshold. */
    public BackoffTable(long[] latencyThresholds, long[] backoffs) {
        if (latencyThresholds.length != backoffs.length || latencyThresholds.length == 0) {
            throw new IllegalArgumentException("need one back-off per latency threshold");
        }
        for (int i = 1; i < latencyThresholds.length; i++) {
            if (latencyThresholds[i] <= latencyThresholds[i - 1]) {
                throw new IllegalArgumentException("latency thresholds must ascend: "
                        + Arrays.toString(latencyThresholds));
            }
        }
        this.latencyThresholds = latencyThresholds.clone();
        this.backoffs = backoffs.clone();
    }

    public long backoffMillis(long latencyMillis) {
        for (int i = latencyThresholds.length - 1; i >= 0; i--) {
            if (latencyMillis >= latencyThresholds[i]) {
                return backoffs[i];
            }
        }
        return 0;
    }
}

package dev.apogee.benchmarks.remoting;

/**
 * Round-trip latencies in microseconds: 1 µs buckets up to 10 ms, then 100 µs buckets up to 1 s, then one overflow
 * bucket. One instance per caller thread while measuring (no sharing, no locks); merged afterwards. Public because
 * the producer benchmark ({@code benchmarks.client}) records its sync-send latencies the same way.
 */
public final class LatencyHistogram {
    private static final int FINE_LIMIT_MICROS = 10_000;
    private static final int COARSE_STEP_MICROS = 100;
    private static final int COARSE_BUCKETS = 1_000_000 / COARSE_STEP_MICROS;

    private final long[] buckets = new long[FINE_LIMIT_MICROS + COARSE_BUCKETS + 1];
    private long count;

    public void record(long nanos) {
        long micros = nanos / 1_000;
        int index;
        if (micros < FINE_LIMIT_MICROS) {
            index = (int) micros;
        } else {
            index = (int) Math.min(FINE_LIMIT_MICROS + micros / COARSE_STEP_MICROS, buckets.length - 1L);
        }
        buckets[index]++;
        count++;
    }

    public void add(LatencyHistogram other) {
        for (int i = 0; i < buckets.length; i++) {
            buckets[i] += other.buckets[i];
        }
        count += other.count;
    }

    public long count() {
        return count;
    }

    /** The latency in µs below which {@code fraction} of the samples fall. */
    public long percentileMicros(double fraction) {
        if (count == 0) {
            return 0;
        }
        long rank = (long) Math.ceil(fraction * count);
        long seen = 0;
        for (int i = 0; i < buckets.length; i++) {
            seen += buckets[i];
            if (seen >= rank) {
                return i < FINE_LIMIT_MICROS ? i : (long) (i - FINE_LIMIT_MICROS) * COARSE_STEP_MICROS;
            }
        }
        return Long.MAX_VALUE;
    }
}

package dev.apogee.broker.admin;

import java.util.function.LongSupplier;

/**
 * Rate of a growing counter between the previous sample and now (at least one second apart, else the previous
 * rate), for the TPS fields of GET_BROKER_RUNTIME_INFO. The official broker keeps 10 s / 1 min / 10 min windows on a
 * stats thread; this broker reports the rate since the last runtime-info call in all three. Thread-safe.
 */
final class TpsSampler {
    private static final long MIN_WINDOW_MILLIS = 1_000;

    private final LongSupplier clock;
    private long lastMillis;
    private long lastCount;
    private double lastRate;

    TpsSampler(LongSupplier clock, long startMillis) {
        this.clock = clock;
        this.lastMillis = startMillis;
    }

    synchronized double sample(long count) {
        long now = clock.getAsLong();
        long elapsed = now - lastMillis;
        if (elapsed >= MIN_WINDOW_MILLIS) {
            lastRate = (count - lastCount) * 1000.0 / elapsed;
            lastMillis = now;
            lastCount = count;
        }
        return lastRate;
    }

    /** The official "10s 1min 10min" rendering, e.g. {@code "12.5 12.5 12.5"}. */
    static String windows(double rate) {
        String r = String.format(java.util.Locale.ROOT, "%.2f", rate);
        return r + " " + r + " " + r;
    }
}

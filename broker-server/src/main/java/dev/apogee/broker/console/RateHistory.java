package dev.apogee.broker.console;

import dev.apogee.remoting.netty.NamedThreadFactory;
import dev.apogee.store.StoreStats;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * In/out message rates for the console's chart: thread {@code apogee-console-rates} reads the store's counters
 * (messages stored; messages read by consumers) every {@code intervalMillis} and keeps the rate since the previous
 * reading in a ring of the last {@code capacity} samples, so memory is fixed however long the broker runs. The ring
 * and the previous reading are written by that thread only and read by request threads, both under this object's
 * lock.
 */
final class RateHistory {
    private static final Logger LOG = LoggerFactory.getLogger(RateHistory.class);

    private final Supplier<StoreStats.Snapshot> stats;
    private final LongSupplier clock;
    private final long intervalMillis;
    private final long[] times;
    private final double[] in;
    private final double[] out;
    private final ScheduledExecutorService thread;
    private int next;
    private int size;
    private long lastMillis = -1;
    private long lastIn;
    private long lastOut;

    RateHistory(Supplier<StoreStats.Snapshot> stats, LongSupplier clock, long intervalMillis, int capacity) {
        this.stats = stats;
        this.clock = clock;
        this.intervalMillis = intervalMillis;
        this.times = new long[capacity];
        this.in = new double[capacity];
        this.out = new double[capacity];
        this.thread = Executors.newSingleThreadScheduledExecutor(new NamedThreadFactory("apogee-console-rates", true));
    }

    void start() {
        sample(); // the baseline: the first rate follows one interval later
        thread.scheduleAtFixedRate(this::sampleSafely, intervalMillis, intervalMillis, TimeUnit.MILLISECONDS);
    }

    void shutdown() {
        thread.shutdownNow();
    }

    private void sampleSafely() {
        try {
            sample();
        } catch (Throwable t) {
            LOG.warn("CONSOLE-RATES sampling failed: {}", t.toString());
        }
    }

    /** Reads the counters; from the second reading on, appends the rates since the previous one. */
    synchronized void sample() {
        StoreStats.Snapshot now = stats.get();
        long millis = clock.getAsLong();
        if (lastMillis >= 0 && millis > lastMillis) {
            double seconds = (millis - lastMillis) / 1000.0;
            times[next] = millis;
            in[next] = (now.putMessages() - lastIn) / seconds;
            out[next] = (now.getMessages() - lastOut) / seconds;
            next = (next + 1) % times.length;
            size = Math.min(size + 1, times.length);
        }
        lastMillis = millis;
        lastIn = now.putMessages();
        lastOut = now.getMessages();
    }

    /** {@code {intervalMillis, totalIn, totalOut, samples: [{t, in, out}, …]}}, oldest sample first. */
    synchronized Map<String, Object> json() {
        List<Object> samples = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            int at = (next - size + i + times.length) % times.length;
            Map<String, Object> sample = new LinkedHashMap<>();
            sample.put("t", times[at]);
            sample.put("in", Math.round(in[at] * 100) / 100.0);
            sample.put("out", Math.round(out[at] * 100) / 100.0);
            samples.add(sample);
        }
        Map<String, Object> tree = new LinkedHashMap<>();
        tree.put("intervalMillis", intervalMillis);
        tree.put("totalIn", lastIn);
        tree.put("totalOut", lastOut);
        tree.put("samples", samples);
        return tree;
    }
}

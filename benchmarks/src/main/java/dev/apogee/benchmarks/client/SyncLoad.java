package dev.apogee.benchmarks.client;

import dev.apogee.benchmarks.remoting.LatencyHistogram;

import java.util.concurrent.TimeUnit;

/** {@code threads} callers of the blocking send, each as fast as its answers come back. */
final class SyncLoad {
    /** Longer than the worst send: 3 s timeout, retried twice by both clients. */
    private static final long JOIN_GRACE_MILLIS = 15_000;

    private SyncLoad() {
    }

    static Measurement run(LoadProducer producer, int threads, int seconds) throws InterruptedException {
        Tally tally = new Tally();
        LatencyHistogram[] histograms = new LatencyHistogram[threads];
        Thread[] callers = new Thread[threads];
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        for (int i = 0; i < threads; i++) {
            LatencyHistogram histogram = new LatencyHistogram();
            histograms[i] = histogram;
            callers[i] = new Thread(() -> sendUntil(producer, end, tally, histogram),
                    "bench-" + producer.name() + "-" + i);
            callers[i].start();
        }
        for (Thread caller : callers) {
            caller.join(JOIN_GRACE_MILLIS + TimeUnit.SECONDS.toMillis(seconds));
        }
        LatencyHistogram all = new LatencyHistogram();
        for (LatencyHistogram histogram : histograms) {
            all.add(histogram);
        }
        return new Measurement(producer.name(), tally.okCount(), tally.failedCount(), seconds,
                all.percentileMicros(0.50), all.percentileMicros(0.99), tally.firstError(), -1);
    }

    private static void sendUntil(LoadProducer producer, long end, Tally tally, LatencyHistogram histogram) {
        long started;
        while ((started = System.nanoTime()) < end) {
            boolean ok;
            try {
                ok = producer.sendSync();
            } catch (Exception e) {
                tally.failed(e);
                continue;
            }
            long finished = System.nanoTime();
            if (!ok) {
                tally.failed("non-OK send status");
            } else if (finished < end) {
                // a send that straddles the end of the window is neither counted nor timed
                tally.ok();
                histogram.record(finished - started);
            }
        }
    }
}

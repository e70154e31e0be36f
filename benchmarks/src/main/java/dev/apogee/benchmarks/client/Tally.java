package dev.apogee.benchmarks.client;

import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/** Send outcomes of one measured run, updated from load and client callback threads. */
final class Tally {
    private final LongAdder ok = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final AtomicReference<String> firstError = new AtomicReference<>();

    void ok() {
        ok.increment();
    }

    /** A non-OK status or an exception: not counted as throughput. */
    void failed(Object cause) {
        failed.increment();
        if (firstError.get() == null) {
            String text = cause instanceof Throwable error ? error.getClass().getSimpleName() + ": "
                    + error.getMessage() : String.valueOf(cause);
            firstError.compareAndSet(null, text);
        }
    }

    long okCount() {
        return ok.sum();
    }

    long failedCount() {
        return failed.sum();
    }

    String firstError() {
        return firstError.get();
    }
}

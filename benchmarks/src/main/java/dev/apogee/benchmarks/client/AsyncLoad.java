package dev.apogee.benchmarks.client;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * One caller issuing async sends while fewer than {@code inFlight} are outstanding: a fixed window, the same for
 * both producers, so neither is measured on how much it lets queue up.
 */
final class AsyncLoad {
    private static final long DRAIN_TIMEOUT_SECONDS = 30;

    private AsyncLoad() {
    }

    static Measurement run(LoadProducer producer, int inFlight, int seconds) throws InterruptedException {
        Tally tally = new Tally();
        Semaphore window = new Semaphore(inFlight);
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        LoadProducer.Completion completion = new LoadProducer.Completion() {
            @Override
            public void succeeded() {
                if (System.nanoTime() < end) {
                    tally.ok();
                }
                window.release();
            }

            @Override
            public void failed(Throwable error) {
                tally.failed(error);
                window.release();
            }
        };
        while (System.nanoTime() < end) {
            // bounded wait, so a stalled client cannot keep the row running past its end
            if (window.tryAcquire(10, TimeUnit.MILLISECONDS)) {
                producer.sendAsync(completion);
            }
        }
        // the next row must not inherit this one's outstanding sends
        if (!window.tryAcquire(inFlight, DRAIN_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            tally.failed("async sends still outstanding " + DRAIN_TIMEOUT_SECONDS + " s after the row");
        }
        return new Measurement(producer.name(), tally.okCount(), tally.failedCount(), seconds, -1, -1,
                tally.firstError(), -1);
    }
}

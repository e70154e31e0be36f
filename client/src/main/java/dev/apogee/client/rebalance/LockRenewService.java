package dev.apogee.client.rebalance;

import dev.apogee.remoting.netty.NamedThreadFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** Re-locks an orderly consumer's queues every {@code intervalMillis} (official 20 s). One thread per consumer. */
public final class LockRenewService {
    private static final Logger LOG = LoggerFactory.getLogger(LockRenewService.class);

    private final Runnable renewAll;
    private final long intervalMillis;
    private final ScheduledExecutorService thread;

    public LockRenewService(Runnable renewAll, long intervalMillis, String threadName) {
        this.renewAll = renewAll;
        this.intervalMillis = intervalMillis;
        this.thread = Executors.newSingleThreadScheduledExecutor(new NamedThreadFactory(threadName, true));
    }

    public void start() {
        thread.scheduleWithFixedDelay(() -> {
            try {
                renewAll.run();
            } catch (Throwable t) {
                LOG.warn("renewing queue locks failed", t);
            }
        }, 1_000, intervalMillis, TimeUnit.MILLISECONDS);
    }

    public void shutdown() throws InterruptedException {
        thread.shutdownNow();
        thread.awaitTermination(5, TimeUnit.SECONDS);
    }
}

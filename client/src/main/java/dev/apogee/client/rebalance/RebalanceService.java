package dev.apogee.client.rebalance;

import dev.apogee.client.ConsumerMember;
import dev.apogee.remoting.netty.NamedThreadFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Collection;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * Rebalances every consumer of the instance every {@code intervalMillis} (official 20 s) and at once when woken
 * (a NOTIFY_CONSUMER_IDS_CHANGED from a broker, a consumer starting). Wake-ups arriving while a round is queued are
 * coalesced. One thread.
 */
public final class RebalanceService {
    private static final Logger LOG = LoggerFactory.getLogger(RebalanceService.class);

    private final Supplier<Collection<ConsumerMember>> consumers;
    private final long intervalMillis;
    private final ScheduledExecutorService thread;
    private final AtomicBoolean wakeupQueued = new AtomicBoolean();

    public RebalanceService(Supplier<Collection<ConsumerMember>> consumers, long intervalMillis, String threadPrefix) {
        this.consumers = consumers;
        this.intervalMillis = intervalMillis;
        this.thread = Executors.newSingleThreadScheduledExecutor(
                new NamedThreadFactory(threadPrefix + "-rebalance", true));
    }

    public void start() {
        thread.scheduleWithFixedDelay(this::rebalanceAll, intervalMillis, intervalMillis, TimeUnit.MILLISECONDS);
    }

    /** Runs a rebalance round as soon as possible. */
    public void wakeup() {
        if (wakeupQueued.compareAndSet(false, true)) {
            try {
                thread.execute(() -> {
                    wakeupQueued.set(false);
                    rebalanceAll();
                });
            } catch (RejectedExecutionException e) {
                wakeupQueued.set(false);
            }
        }
    }

    private void rebalanceAll() {
        for (ConsumerMember consumer : consumers.get()) {
            try {
                consumer.doRebalance();
            } catch (Throwable t) {
                LOG.warn("rebalance of group {} failed", consumer.group(), t);
            }
        }
    }

    public void shutdown() throws InterruptedException {
        thread.shutdownNow();
        thread.awaitTermination(5, TimeUnit.SECONDS);
    }
}

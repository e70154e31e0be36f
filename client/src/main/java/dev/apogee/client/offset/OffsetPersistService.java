package dev.apogee.client.offset;

import dev.apogee.client.ConsumerMember;
import dev.apogee.remoting.netty.NamedThreadFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Collection;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/** Asks every consumer to commit its offsets every {@code intervalMillis} (official 5 s). One thread. */
public final class OffsetPersistService {
    private static final Logger LOG = LoggerFactory.getLogger(OffsetPersistService.class);

    private final Supplier<Collection<ConsumerMember>> consumers;
    private final long intervalMillis;
    private final ScheduledExecutorService thread;

    public OffsetPersistService(Supplier<Collection<ConsumerMember>> consumers, long intervalMillis,
            String threadPrefix) {
        this.consumers = consumers;
        this.intervalMillis = intervalMillis;
        this.thread = Executors.newSingleThreadScheduledExecutor(
                new NamedThreadFactory(threadPrefix + "-offset-persist", true));
    }

    public void start() {
        thread.scheduleWithFixedDelay(this::persistAll, intervalMillis, intervalMillis, TimeUnit.MILLISECONDS);
    }

    private void persistAll() {
        for (ConsumerMember consumer : consumers.get()) {
            try {
                consumer.persistOffsets();
            } catch (Throwable t) {
                LOG.warn("persisting the offsets of group {} failed", consumer.group(), t);
            }
        }
    }

    public void shutdown() throws InterruptedException {
        thread.shutdownNow();
        thread.awaitTermination(5, TimeUnit.SECONDS);
    }
}

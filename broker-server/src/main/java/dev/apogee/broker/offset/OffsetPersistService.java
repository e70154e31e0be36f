package dev.apogee.broker.offset;

import dev.apogee.broker.subscription.SubscriptionGroupTable;
import dev.apogee.remoting.netty.NamedThreadFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Persists consumer offsets every interval on its own thread ({@code apogee-offset-persist}), and once more at
 * shutdown, so that a restarted broker hands consumers back the offsets they committed. A power cut rolls them back
 * to the last persist (redelivery of up to one interval's worth), never past the durable log (no message skipped).
 * The same rounds retry the subscription-group writes that failed earlier
 * ({@link SubscriptionGroupTable#persistIfDirty()}).
 */
public final class OffsetPersistService {
    private static final Logger LOG = LoggerFactory.getLogger(OffsetPersistService.class);

    private final ConsumerOffsetTable offsets;
    private final SubscriptionGroupTable groups;
    private final long intervalMillis;
    /** Makes the commit log readable now durable before each write (see {@link ConsumerOffsetTable#persist}). */
    private final BooleanSupplier logDurable;
    private final ScheduledExecutorService thread =
            Executors.newSingleThreadScheduledExecutor(new NamedThreadFactory("apogee-offset-persist", true));

    public OffsetPersistService(ConsumerOffsetTable offsets, SubscriptionGroupTable groups, long intervalMillis,
            BooleanSupplier logDurable) {
        this.offsets = offsets;
        this.groups = groups;
        this.intervalMillis = intervalMillis;
        this.logDurable = logDurable;
    }

    public void start() {
        thread.scheduleWithFixedDelay(this::persistQuietly, intervalMillis, intervalMillis, TimeUnit.MILLISECONDS);
    }

    /** Stops the schedule and persists one last time. */
    public void shutdown() {
        thread.shutdown();
        try {
            thread.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        persistQuietly();
    }

    private void persistQuietly() {
        try {
            offsets.persist(logDurable);
        } catch (IOException | RuntimeException e) {
            LOG.error("persisting consumer offsets failed", e);
        }
        try {
            groups.persistIfDirty();
        } catch (RuntimeException e) {
            LOG.error("persisting subscription groups failed again: {}", e.toString());
        }
    }
}

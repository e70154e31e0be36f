package dev.apogee.broker.stats;

import dev.apogee.remoting.netty.NamedThreadFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** Ticks {@link BrokerStats} once a second on its own thread ({@code apogee-broker-stats}). */
public final class BrokerStatsService {
    private static final Logger LOG = LoggerFactory.getLogger(BrokerStatsService.class);

    private final BrokerStats stats;
    private final ScheduledExecutorService thread =
            Executors.newSingleThreadScheduledExecutor(new NamedThreadFactory("apogee-broker-stats", true));

    public BrokerStatsService(BrokerStats stats) {
        this.stats = stats;
    }

    public void start() {
        thread.scheduleAtFixedRate(this::tickQuietly, 1, 1, TimeUnit.SECONDS);
    }

    public void shutdown() {
        thread.shutdownNow();
    }

    private void tickQuietly() {
        try {
            stats.tick();
        } catch (RuntimeException e) {
            // a failed round loses one sample; the schedule must go on
            LOG.warn("sampling the broker statistics failed", e);
        }
    }
}

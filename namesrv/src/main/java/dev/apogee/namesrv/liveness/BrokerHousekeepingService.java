package dev.apogee.namesrv.liveness;

import dev.apogee.namesrv.route.RouteInfoTable;
import dev.apogee.remoting.netty.ChannelEventListener;
import io.netty.channel.Channel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Removes dead brokers from the route table two ways: at once when a broker's connection closes, fails or goes idle
 * (events arrive on the remoting server's channel-event thread), and every {@code scanIntervalMillis} on this
 * service's own thread for brokers silent longer than their timeout (whose connections are then closed).
 */
public final class BrokerHousekeepingService implements ChannelEventListener {
    private static final Logger LOG = LoggerFactory.getLogger(BrokerHousekeepingService.class);

    private final RouteInfoTable routes;
    private final long scanIntervalMillis;
    private ScheduledExecutorService scheduler;

    public BrokerHousekeepingService(RouteInfoTable routes, long scanIntervalMillis) {
        this.routes = routes;
        this.scanIntervalMillis = scanIntervalMillis;
    }

    /** Starts the periodic scan on a daemon thread named {@code namesrv-broker-scan}. */
    public synchronized void start() {
        if (scheduler != null) {
            return;
        }
        scheduler = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "namesrv-broker-scan");
            thread.setDaemon(true);
            return thread;
        });
        scheduler.scheduleAtFixedRate(this::scanSafely, scanIntervalMillis, scanIntervalMillis,
                TimeUnit.MILLISECONDS);
    }

    public synchronized void shutdown() {
        if (scheduler != null) {
            scheduler.shutdownNow();
            scheduler = null;
        }
    }

    /** One expiry pass; returns how many brokers were removed. Public so tests can drive it with a manual clock. */
    public int scanNotActiveBrokers() {
        List<Channel> expired = routes.removeExpired();
        for (Channel channel : expired) {
            channel.close();
        }
        return expired.size();
    }

    private void scanSafely() {
        try {
            scanNotActiveBrokers();
        } catch (Throwable t) {
            LOG.error("NAMESRV-SCAN-FAIL broker expiry scan failed", t);
        }
    }

    @Override
    public void onChannelClose(String remoteAddress, Channel channel) {
        routes.removeByChannel(channel);
    }

    @Override
    public void onChannelException(String remoteAddress, Channel channel) {
        routes.removeByChannel(channel);
    }

    @Override
    public void onChannelIdle(String remoteAddress, Channel channel) {
        routes.removeByChannel(channel);
    }
}

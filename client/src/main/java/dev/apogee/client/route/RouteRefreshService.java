package dev.apogee.client.route;

import dev.apogee.remoting.netty.NamedThreadFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** Refreshes every cached route every {@code intervalMillis} (official: 30 s, first after 10 ms), on its own thread. */
public final class RouteRefreshService {
    private static final Logger LOG = LoggerFactory.getLogger(RouteRefreshService.class);

    private final RouteTable routes;
    private final long intervalMillis;
    private final ScheduledExecutorService thread;

    public RouteRefreshService(RouteTable routes, long intervalMillis, String threadPrefix) {
        this.routes = routes;
        this.intervalMillis = intervalMillis;
        this.thread = Executors.newSingleThreadScheduledExecutor(
                new NamedThreadFactory(threadPrefix + "-route-refresh", true));
    }

    public void start() {
        thread.scheduleWithFixedDelay(this::refresh, 10, intervalMillis, TimeUnit.MILLISECONDS);
    }

    /** Refreshes one topic soon on the service thread, e.g. after a send to it failed. */
    public void refreshSoon(String topic) {
        try {
            thread.execute(() -> {
                try {
                    routes.refresh(topic);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } catch (Exception e) {
                    LOG.warn("route refresh of {} failed: {}", topic, e.toString());
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            LOG.debug("route refresh service is shut down");
        }
    }

    private void refresh() {
        try {
            routes.refreshAll();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Throwable t) {
            LOG.warn("route refresh failed", t);
        }
    }

    public void shutdown() throws InterruptedException {
        thread.shutdownNow();
        thread.awaitTermination(5, TimeUnit.SECONDS);
    }
}

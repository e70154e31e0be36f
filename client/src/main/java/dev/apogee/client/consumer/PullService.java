package dev.apogee.client.consumer;

import dev.apogee.remoting.netty.NamedThreadFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Schedules pull requests: now, or after a delay (flow control, errors, paused queues). The pulls themselves are
 * asynchronous remoting calls, so one thread issues the pulls of every queue of every consumer of the instance.
 */
public final class PullService {
    private static final Logger LOG = LoggerFactory.getLogger(PullService.class);

    private final ScheduledThreadPoolExecutor thread;

    public PullService(String threadPrefix) {
        this.thread = new ScheduledThreadPoolExecutor(1, new NamedThreadFactory(threadPrefix + "-pull", true));
        this.thread.setRemoveOnCancelPolicy(true);
    }

    public void start() {
        thread.prestartCoreThread();
    }

    public void execute(Runnable pull) {
        executeLater(pull, 0);
    }

    public void executeLater(Runnable pull, long delayMillis) {
        try {
            if (delayMillis <= 0) {
                thread.execute(() -> runSafely(pull));
            } else {
                thread.schedule(() -> runSafely(pull), delayMillis, TimeUnit.MILLISECONDS);
            }
        } catch (RejectedExecutionException e) {
            LOG.debug("pull service is shut down; dropping a pull");
        }
    }

    private static void runSafely(Runnable pull) {
        try {
            pull.run();
        } catch (Throwable t) {
            LOG.warn("a pull task failed", t);
        }
    }

    public void shutdown() throws InterruptedException {
        thread.shutdownNow();
        thread.awaitTermination(5, TimeUnit.SECONDS);
    }
}

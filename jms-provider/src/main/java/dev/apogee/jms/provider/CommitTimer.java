package dev.apogee.jms.provider;

import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The one thread ({@code apogee-jms-commit-timer}, daemon) that sends the acknowledged positions a
 * {@link PositionCommitter} held back for its minimum interval. Shared by every consumer of the JVM: its tasks only
 * start an asynchronous commit, so one thread keeps up with any number of consumers. The thread ends after a minute
 * without work (a resource adapter undeployed does not leave it behind) and starts again on demand.
 */
final class CommitTimer implements PositionCommitter.Timer {
    static final CommitTimer INSTANCE = new CommitTimer();

    private final ScheduledThreadPoolExecutor thread = new ScheduledThreadPoolExecutor(1, r -> {
        Thread t = new Thread(r, "apogee-jms-commit-timer");
        t.setDaemon(true);
        return t;
    });

    private CommitTimer() {
        thread.setKeepAliveTime(1, TimeUnit.MINUTES);
        thread.allowCoreThreadTimeOut(true);
    }

    @Override
    public void schedule(Runnable task, long delayNanos) {
        thread.schedule(task, delayNanos, TimeUnit.NANOSECONDS);
    }
}

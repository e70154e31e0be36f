package dev.apogee.remoting.netty;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * How far behind a processor executor is: requests waiting for one of its threads, and how long the oldest of them
 * has waited (the broker runtime info's {@code *ThreadPoolQueueSize} and {@code *ThreadPoolQueueHeadWaitTimeMills},
 * shown by mqadmin clusterList and brokerStatus). A point-in-time reading taken from any thread.
 *
 * @param queueSize      requests queued and not started
 * @param headWaitMillis how long the request at the head of the executor's queue has been waiting (0 when none)
 */
public record ExecutorLoad(int queueSize, long headWaitMillis) {
    private static final ExecutorLoad IDLE = new ExecutorLoad(0, 0);

    /** The load of an executor made by {@link RemotingExecutors}. */
    public static ExecutorLoad of(ExecutorService executor) {
        if (!(executor instanceof ThreadPoolExecutor pool)) {
            return IDLE;
        }
        return new ExecutorLoad(pool.getQueue().size(), headWait(pool));
    }

    /**
     * The load of ordered work: requests waiting in the group's lanes (a lane hands one drain task at a time to the
     * executor, so the executor's own queue shows lanes, not requests); the head wait is that of the oldest request of
     * the lane at the head of the executor's queue.
     */
    public static ExecutorLoad of(LaneGroup lanes) {
        ExecutorService executor = lanes.executor();
        long wait = executor instanceof ThreadPoolExecutor pool ? headWait(pool) : 0;
        return new ExecutorLoad(lanes.waiting(), wait);
    }

    private static long headWait(ThreadPoolExecutor pool) {
        Runnable head = pool.getQueue().peek();
        if (!(head instanceof Queued queued)) {
            return 0;
        }
        long since = queued.queuedAtNanos();
        return since == Queued.NOTHING ? 0 : Math.max(0, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - since));
    }
}

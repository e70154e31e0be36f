package dev.apogee.remoting.netty;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * Runs its tasks one at a time, in the order they were offered, on a shared executor: at most one drain task of a lane
 * is queued or running at any time, so a lane never holds more than one executor thread and lanes of other keys or
 * connections proceed in parallel.
 *
 * <p>Threads: {@link #offer} is called only by the connection's event loop (single producer); the drain runs on the
 * executor. {@code pending} counts offered tasks not yet finished: the offer that raises it from 0 submits the drain,
 * the drain stops when its decrement reaches 0 — so exactly one drain exists while {@code pending > 0}. After
 * {@value #FAIRNESS_BATCH} tasks a drain re-submits itself, so one busy lane does not keep a thread from other lanes.
 */
final class SerialLane implements Runnable, Queued {
    private static final Logger LOG = LoggerFactory.getLogger(SerialLane.class);
    static final int FAIRNESS_BATCH = 64;

    private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final AtomicInteger pending = new AtomicInteger();
    private final Executor executor;
    private final int maxPending;
    /** Tasks waiting (offered, not started) in every lane of the group: incremented here, read for metrics. */
    private final LongAdder groupWaiting;

    SerialLane(Executor executor, int maxPending, LongAdder groupWaiting) {
        this.executor = executor;
        this.maxPending = maxPending;
        this.groupWaiting = groupWaiting;
    }

    /**
     * Queues {@code task} behind the lane's earlier tasks. Event loop only.
     *
     * @return false when the lane already holds {@code maxPending} tasks or the executor refused the drain (full):
     *     the task was not queued and the caller answers SYSTEM_BUSY
     */
    boolean offer(Runnable task) {
        if (pending.get() >= maxPending) {
            return false;
        }
        tasks.add(task);
        groupWaiting.increment();
        if (pending.getAndIncrement() != 0) {
            return true; // a drain is queued or running and will reach this task
        }
        try {
            executor.execute(this);
            return true;
        } catch (RejectedExecutionException e) {
            // no drain exists (pending was 0), so the queue holds just this task and nobody else touches it
            tasks.poll();
            groupWaiting.decrement();
            pending.decrementAndGet();
            return false;
        }
    }

    /** When the lane's oldest waiting task was queued, {@link Queued#NOTHING} when none waits. Any thread. */
    @Override
    public long queuedAtNanos() {
        return tasks.peek() instanceof Queued head ? head.queuedAtNanos() : Queued.NOTHING;
    }

    /** Tasks offered and not finished (for tests and metrics). */
    int pending() {
        return pending.get();
    }

    @Override
    public void run() {
        for (int ran = 0; ; ran++) {
            if (ran > 0 && ran % FAIRNESS_BATCH == 0 && resubmit()) {
                return;
            }
            Runnable task = tasks.poll(); // non-null: pending > 0 and each increment follows its add
            groupWaiting.decrement();
            try {
                task.run();
            } catch (Throwable t) {
                LOG.error("a task of a serial lane failed", t);
            }
            if (pending.decrementAndGet() == 0) {
                return;
            }
        }
    }

    /** Hands the rest of the lane to a fresh drain task; false (drain on here) when the executor is full. */
    private boolean resubmit() {
        try {
            executor.execute(this);
            return true;
        } catch (RejectedExecutionException e) {
            return false;
        }
    }
}

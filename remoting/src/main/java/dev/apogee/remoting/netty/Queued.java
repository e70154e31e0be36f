package dev.apogee.remoting.netty;

/**
 * Work in an executor's queue that knows when it was queued, so that the wait of the queue's head can be reported
 * (mqadmin's {@code sendThreadPoolQueueHeadWaitTimeMills}) without a timer per task.
 */
interface Queued {
    /** {@link #queuedAtNanos()} of a lane with nothing waiting. */
    long NOTHING = Long.MIN_VALUE;

    /** {@link System#nanoTime()} when the work was queued. */
    long queuedAtNanos();
}

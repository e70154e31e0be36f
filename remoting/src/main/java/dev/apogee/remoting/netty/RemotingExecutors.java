package dev.apogee.remoting.netty;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/** Executors for request processors: fixed threads and a bounded queue, so overload is answered SYSTEM_BUSY. */
public final class RemotingExecutors {
    private RemotingExecutors() {
    }

    /**
     * A pool of {@code threads} threads whose queue holds at most {@code queueCapacity} tasks; beyond that
     * {@code execute} throws {@link java.util.concurrent.RejectedExecutionException}, which the dispatcher answers
     * with SYSTEM_BUSY.
     */
    public static ExecutorService bounded(String name, int threads, int queueCapacity) {
        ThreadPoolExecutor executor = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(queueCapacity), new NamedThreadFactory(name, true),
                new ThreadPoolExecutor.AbortPolicy());
        executor.allowCoreThreadTimeOut(false);
        return executor;
    }
}

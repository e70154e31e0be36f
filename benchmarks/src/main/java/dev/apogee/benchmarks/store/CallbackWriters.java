package dev.apogee.benchmarks.store;

import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BiConsumer;

import dev.apogee.store.MessageStore;
import dev.apogee.store.MessageToStore;
import dev.apogee.store.PutResult;
import dev.apogee.store.PutStatus;

/**
 * The broker's way of driving the store: {@code writers} logical writers (think remote producers doing synchronous
 * sends), each with exactly one put outstanding, and no thread blocked per writer. A put is issued on a small pool
 * (the broker's {@code apogee-send} executor, 4 threads by default); its completion callback runs where the store
 * completes the future (the group-commit thread, like {@code MessageAppender.respondWhenStored}) and hands the
 * writer's next put back to the pool, as the producer's next request would arrive on that executor.
 */
final class CallbackWriters {
    /** Threads of the put pool: the broker's default {@code sendMessageThreadPoolNums}. */
    static final int POOL_THREADS = 4;

    private CallbackWriters() {
    }

    /** Runs the writers until {@code deadlineNanos}; returns once every writer's last put has completed. */
    static void run(MessageStore store, int writers, long deadlineNanos, LongAdder messages, LongAdder bytes,
                    Map<PutStatus, LongAdder> failures) throws InterruptedException {
        AtomicInteger threadIds = new AtomicInteger();
        // at most one task per writer is ever queued or running, so `writers` bounds the queue
        ThreadPoolExecutor pool = new ThreadPoolExecutor(POOL_THREADS, POOL_THREADS, 0, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(writers), r -> {
                    Thread t = new Thread(r, "bench-put-" + threadIds.getAndIncrement());
                    t.setDaemon(true);
                    return t;
                });
        CountDownLatch done = new CountDownLatch(writers);
        try {
            for (int w = 0; w < writers; w++) {
                pool.execute(new Writer(store, StoreBench.message(w % 8), deadlineNanos, pool, messages, bytes,
                        failures, done));
            }
            done.await();
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * One logical writer. Its message is reused: the store copies it before {@code putMessage} returns, and the
     * writer never has two puts outstanding.
     */
    private static final class Writer implements Runnable, BiConsumer<PutResult, Throwable> {
        private final MessageStore store;
        private final MessageToStore message;
        private final long deadlineNanos;
        private final Executor pool;
        private final Executor backOff;
        private final LongAdder messages;
        private final LongAdder bytes;
        private final Map<PutStatus, LongAdder> failures;
        private final CountDownLatch done;

        Writer(MessageStore store, MessageToStore message, long deadlineNanos, Executor pool, LongAdder messages,
               LongAdder bytes, Map<PutStatus, LongAdder> failures, CountDownLatch done) {
            this.store = store;
            this.message = message;
            this.deadlineNanos = deadlineNanos;
            this.pool = pool;
            this.backOff = CompletableFuture.delayedExecutor(1, TimeUnit.MILLISECONDS, pool);
            this.messages = messages;
            this.bytes = bytes;
            this.failures = failures;
            this.done = done;
        }

        /** On a pool thread: the next put, or the end of this writer. */
        @Override
        public void run() {
            if (System.nanoTime() - deadlineNanos >= 0) {
                done.countDown();
                return;
            }
            store.putMessage(message).whenComplete(this);
        }

        /** On the thread completing the put (group commit, or the pool thread when it completed at once). */
        @Override
        public void accept(PutResult r, Throwable error) {
            if (error == null && r.status() == PutStatus.PUT_OK) {
                messages.increment();
                bytes.add(r.wroteBytes());
                pool.execute(this);
            } else {
                failures.computeIfAbsent(error != null ? PutStatus.UNKNOWN_ERROR : r.status(), k -> new LongAdder())
                        .increment();
                // like a client answered "system busy": back off instead of spinning against a stalled append
                backOff.execute(this);
            }
        }
    }
}

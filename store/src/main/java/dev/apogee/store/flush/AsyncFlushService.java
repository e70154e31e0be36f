package dev.apogee.store.flush;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import dev.apogee.store.PutResult;
import dev.apogee.store.PutStatus;
import dev.apogee.store.file.MappedFileQueue;
import dev.apogee.store.service.ServiceThread;

/**
 * ASYNC_FLUSH: periodic flush of the commit log (thread {@code apogee-store-flush}). A few records must be durable
 * before they are acknowledged even in this mode (a transaction branch's prepare); {@link #submit} wakes the thread
 * for a full flush and completes once the record is covered. {@code waiters} is guarded by {@code lock}.
 */
public final class AsyncFlushService extends ServiceThread {
    private record Waiter(PutResult result, CompletableFuture<PutResult> future) {
    }

    private final Object lock = new Object();
    private List<Waiter> waiters = new ArrayList<>();
    private final MappedFileQueue queue;
    private final long intervalMs;
    private final int minDirtyPages;
    private final long thoroughIntervalNanos;
    private long lastThoroughNanos = System.nanoTime();

    public AsyncFlushService(MappedFileQueue queue, long intervalMs, int minDirtyPages, long thoroughIntervalMs) {
        this.queue = queue;
        this.intervalMs = intervalMs;
        this.minDirtyPages = minDirtyPages;
        this.thoroughIntervalNanos = thoroughIntervalMs * 1_000_000L;
    }

    @Override
    public String name() {
        return "apogee-store-flush";
    }

    @Override
    protected long intervalMs() {
        return intervalMs;
    }

    /** Any thread: a future completed once {@code result}'s bytes are durable (FLUSH_DISK_TIMEOUT if stopped). */
    public CompletableFuture<PutResult> submit(PutResult result) {
        CompletableFuture<PutResult> future = new CompletableFuture<>();
        if (queue.flushedWhere() >= result.nextOffset()) {
            future.complete(result);
            return future;
        }
        Waiter waiter = new Waiter(result, future);
        synchronized (lock) {
            waiters.add(waiter);
        }
        wakeup();
        if (isStopped()) {
            // raced with shutdown: the final round may already be over
            boolean mine;
            synchronized (lock) {
                mine = waiters.remove(waiter);
            }
            if (mine) {
                complete(waiter, true);
            }
        }
        return future;
    }

    @Override
    protected void onWakeup() throws IOException {
        List<Waiter> pending;
        synchronized (lock) {
            pending = waiters;
            waiters = new ArrayList<>();
        }
        long now = System.nanoTime();
        int minPages = minDirtyPages;
        if (now - lastThoroughNanos >= thoroughIntervalNanos || !pending.isEmpty()) {
            lastThoroughNanos = now;
            minPages = 0;
        }
        try {
            while (queue.fsyncFailure() == null && queue.flush(minPages)) {
                // one step per file: a full file is flushed whole, then the next; never retried after a failure
            }
        } finally {
            for (Waiter w : pending) {
                if (!complete(w, false)) {
                    synchronized (lock) {
                        waiters.add(w); // bytes of the transient pool not committed yet: the next round covers them
                    }
                }
            }
        }
    }

    @Override
    protected void onShutdown() throws IOException {
        if (queue.fsyncFailure() == null) {
            queue.flushAll();
        }
        List<Waiter> pending;
        synchronized (lock) {
            pending = waiters;
            waiters = new ArrayList<>();
        }
        pending.forEach(w -> complete(w, true));
    }

    private boolean complete(Waiter w, boolean finalRound) {
        if (queue.flushedWhere() >= w.result().nextOffset()) {
            w.future().complete(w.result());
            return true;
        }
        if (queue.fsyncFailure() != null) {
            w.future().complete(w.result().withStatus(PutStatus.FSYNC_FAILED));
            return true;
        }
        if (finalRound) {
            w.future().complete(w.result().withStatus(PutStatus.FLUSH_DISK_TIMEOUT));
            return true;
        }
        return false;
    }
}

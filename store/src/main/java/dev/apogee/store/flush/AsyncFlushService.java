package dev.apogee.store.flush;

import java.io.IOException;

import dev.apogee.store.file.MappedFileQueue;
import dev.apogee.store.service.ServiceThread;

/** ASYNC_FLUSH: periodic flush of the commit log (thread {@code apogee-store-flush}). */
public final class AsyncFlushService extends ServiceThread {
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

    @Override
    protected void onWakeup() throws IOException {
        long now = System.nanoTime();
        int minPages = minDirtyPages;
        if (now - lastThoroughNanos >= thoroughIntervalNanos) {
            lastThoroughNanos = now;
            minPages = 0;
        }
        while (queue.flush(minPages)) {
            // one step per file: a full file is flushed whole, then the next
        }
    }

    @Override
    protected void onShutdown() throws IOException {
        queue.flushAll();
    }
}

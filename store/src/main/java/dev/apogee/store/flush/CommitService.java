package dev.apogee.store.flush;

import java.io.IOException;

import dev.apogee.store.file.MappedFileQueue;
import dev.apogee.store.service.ServiceThread;

/**
 * Transient store pool: copies appended bytes from off-heap write buffers to the file channel every interval
 * (thread {@code apogee-store-commit}), then wakes the dispatcher, since committed bytes become readable.
 */
public final class CommitService extends ServiceThread {
    private final MappedFileQueue queue;
    private final long intervalMs;
    private final int minDirtyPages;
    private final Runnable afterCommit;

    public CommitService(MappedFileQueue queue, long intervalMs, int minDirtyPages, Runnable afterCommit) {
        this.queue = queue;
        this.intervalMs = intervalMs;
        this.minDirtyPages = minDirtyPages;
        this.afterCommit = afterCommit;
    }

    @Override
    public String name() {
        return "apogee-store-commit";
    }

    @Override
    protected long intervalMs() {
        return intervalMs;
    }

    @Override
    protected void onWakeup() throws IOException {
        boolean moved = false;
        while (queue.commit(minDirtyPages)) {
            moved = true;
        }
        if (moved) {
            afterCommit.run();
        }
    }

    @Override
    protected void onShutdown() throws IOException {
        commitAll(queue);
        afterCommit.run();
    }

    /** Commits everything written (shutdown, or before a thorough flush). */
    public static void commitAll(MappedFileQueue queue) throws IOException {
        while (queue.commit(0)) {
            // one step per file
        }
    }
}

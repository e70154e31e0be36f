package dev.apogee.store.flush;

import java.io.IOException;
import java.util.function.LongSupplier;

import dev.apogee.store.consumequeue.ConsumeQueue;
import dev.apogee.store.consumequeue.ConsumeQueueTable;
import dev.apogee.store.file.FsyncFailedException;
import dev.apogee.store.file.MappedFile;
import dev.apogee.store.file.MappedFileQueue;
import dev.apogee.store.file.NoSpace;
import dev.apogee.store.index.IndexService;
import dev.apogee.store.recovery.StoreCheckpoint;
import dev.apogee.store.service.ServiceThread;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Flushes consume queues and indexes, then writes the checkpoint (thread {@code apogee-store-flush-cq}). The
 * dispatched offset is read before flushing, so every entry below the checkpoint's logics safe offset is durable.
 */
public final class FlushConsumeQueueService extends ServiceThread {
    private static final Logger LOG = LoggerFactory.getLogger(FlushConsumeQueueService.class);

    private final MappedFileQueue commitLog;
    private final ConsumeQueueTable consumeQueues;
    private final IndexService index;
    private final StoreCheckpoint checkpoint;
    private final LongSupplier dispatchedOffset;
    private final long intervalMs;

    public FlushConsumeQueueService(MappedFileQueue commitLog, ConsumeQueueTable consumeQueues, IndexService index,
                                    StoreCheckpoint checkpoint, LongSupplier dispatchedOffset, long intervalMs) {
        this.commitLog = commitLog;
        this.consumeQueues = consumeQueues;
        this.index = index;
        this.checkpoint = checkpoint;
        this.dispatchedOffset = dispatchedOffset;
        this.intervalMs = intervalMs;
    }

    @Override
    public String name() {
        return "apogee-store-flush-cq";
    }

    @Override
    protected long intervalMs() {
        return intervalMs;
    }

    @Override
    protected void onWakeup() throws IOException {
        flushAndCheckpoint();
    }

    @Override
    protected void onShutdown() throws IOException {
        flushAndCheckpoint();
    }

    /** One round; also called by the store at shutdown after every other service has stopped. */
    public synchronized void flushAndCheckpoint() throws IOException {
        if (commitLog.fsyncFailure() != null) {
            return; // fail-stopped: a checkpoint must not advance over data whose durability is unknown
        }
        try {
            flushThenCheckpoint();
        } catch (FsyncFailedException e) {
            commitLog.failStop(e); // a lost consume-queue or checkpoint write stops the store's writes too
            throw e;
        }
    }

    private void flushThenCheckpoint() throws IOException {
        long dispatched = dispatchedOffset.getAsLong();
        long physicSafe = commitLog.flushedWhere();
        IOException[] failure = new IOException[1];
        consumeQueues.forEach((ConsumeQueue q) -> {
            try {
                while (q.flush(0)) {
                    // step per file
                }
            } catch (IOException e) {
                failure[0] = e;
            }
        });
        if (failure[0] != null) {
            throw failure[0];
        }
        long indexTs = 0;
        if (index != null) {
            index.flush();
            indexTs = index.files().isEmpty() ? 0 : index.files().get(index.files().size() - 1).endTimestamp();
        }
        MappedFile last = commitLog.lastFile();
        long ts = last == null ? 0 : last.lastStoreTimestamp();
        checkpoint.update(physicSafe, dispatched, ts, ts, indexTs);
        LOG.trace("checkpoint physic {} logics {}", physicSafe, dispatched);
    }

    /**
     * Opening thread: {@link #flushAndCheckpoint()}, where a full disk only leaves the previous checkpoint in place
     * (a lower bound still: the next recovery scans a little more) for this service's rounds to replace.
     */
    public void flushAndCheckpointAtOpen() throws IOException {
        try {
            flushAndCheckpoint();
        } catch (IOException e) {
            if (!NoSpace.is(e)) {
                throw e;
            }
            LOG.warn("STORE-DISK-FULL no space to write the checkpoint at open; the previous one stays: {}",
                    e.toString());
        }
    }
}

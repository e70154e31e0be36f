package dev.apogee.store.retention;

import dev.apogee.store.StoreConfig;
import dev.apogee.store.commitlog.CommitLog;
import dev.apogee.store.consumequeue.ConsumeQueueTable;
import dev.apogee.store.index.IndexService;

import java.util.function.LongSupplier;

/**
 * The store's retention: the two clean services, started and stopped together, plus the rounds an operator asks
 * for (mqadmin deleteExpiredCommitLog and cleanExpiredCQ). Those run on the caller's thread; each service's round is
 * synchronized, so a requested round and the service's own never overlap.
 */
public final class Retention {
    private final CleanConsumeQueueService consumeQueues;
    private final CleanCommitLogService commitLog;

    public Retention(StoreConfig config, CommitLog log, ConsumeQueueTable queues, IndexService index,
            LongSupplier dispatchedOffset) {
        this.consumeQueues = new CleanConsumeQueueService(log, queues, index, config.cleanIntervalMs());
        this.commitLog = new CleanCommitLogService(config, log, dispatchedOffset, consumeQueues::wakeup);
    }

    public void start() {
        commitLog.start();
        consumeQueues.start();
    }

    public void shutdown(long timeoutMs) {
        commitLog.shutdown(timeoutMs);
        consumeQueues.shutdown(timeoutMs);
    }

    /**
     * One scheduled round now: deletion only if the configured hour has come or the disk is over its ratio; consume
     * queues and indexes follow. Returns the commit-log files deleted.
     */
    public int runNow() {
        int deleted = commitLog.runOnce(false);
        consumeQueues.runOnce(false);
        return deleted;
    }

    /**
     * Deletes the commit-log files past their reserved time now, as if the configured deletion hour had come (never
     * the last file, nor one not yet flushed and dispatched); consume queues and indexes follow. Returns the
     * commit-log files deleted.
     */
    public int deleteExpiredCommitLogNow() {
        int deleted = commitLog.runOnce(true);
        consumeQueues.runOnce(true);
        return deleted;
    }

    /** Deletes the consume-queue and index files below the commit log's min offset now; returns files deleted. */
    public int cleanConsumeQueuesNow() {
        return consumeQueues.runOnce(true);
    }
}

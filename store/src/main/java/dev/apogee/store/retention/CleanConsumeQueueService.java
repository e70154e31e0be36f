package dev.apogee.store.retention;

import dev.apogee.store.commitlog.CommitLog;
import dev.apogee.store.consumequeue.ConsumeQueueTable;
import dev.apogee.store.index.IndexService;
import dev.apogee.store.service.ServiceThread;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Consume queues and indexes follow the commit log's min offset (thread {@code apogee-store-clean-cq}). */
public final class CleanConsumeQueueService extends ServiceThread {
    private static final Logger LOG = LoggerFactory.getLogger(CleanConsumeQueueService.class);

    private final CommitLog commitLog;
    private final ConsumeQueueTable consumeQueues;
    private final IndexService index;
    private final long intervalMs;
    private long lastMinOffset = -1;

    public CleanConsumeQueueService(CommitLog commitLog, ConsumeQueueTable consumeQueues, IndexService index,
                                    long intervalMs) {
        this.commitLog = commitLog;
        this.consumeQueues = consumeQueues;
        this.index = index;
        this.intervalMs = intervalMs;
    }

    @Override
    public String name() {
        return "apogee-store-clean-cq";
    }

    @Override
    protected long intervalMs() {
        return intervalMs;
    }

    @Override
    protected void onWakeup() {
        runOnce(false);
    }

    /**
     * Deletes consume-queue and index files below the commit log's min offset; returns files deleted. Skipped when
     * the min offset has not moved since the last round, unless {@code requested} (an operator asked for it).
     */
    synchronized int runOnce(boolean requested) {
        long min = commitLog.minOffset();
        if (min == lastMinOffset && !requested) {
            return 0;
        }
        int[] deleted = new int[1];
        consumeQueues.forEach(q -> deleted[0] += q.deleteExpiredFiles(min));
        if (index != null) {
            deleted[0] += index.deleteExpired(min);
        }
        lastMinOffset = min;
        if (deleted[0] > 0) {
            LOG.info("STORE-RETENTION deleted {} consume-queue/index files below offset {}", deleted[0], min);
        }
        return deleted[0];
    }
}

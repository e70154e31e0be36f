package dev.apogee.store.recovery;

import dev.apogee.store.consumequeue.ConsumeQueueTable;
import dev.apogee.store.file.MappedFileQueue;
import dev.apogee.store.index.IndexService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Recovery at open (see package doc): commit-log end, truncation, consume-queue and index cuts. Returns where the
 * dispatcher must resume; the caller then runs the dispatcher to the end before accepting writes, so queue offsets
 * assigned afterwards continue the recovered queues.
 */
public final class StoreRecovery {
    private static final Logger LOG = LoggerFactory.getLogger(StoreRecovery.class);
    private static final int NORMAL_RECOVERY_FILES = 3;

    private StoreRecovery() {
    }

    /** Returns the commit-log offset from which to re-dispatch. */
    public static long recover(MappedFileQueue commitLog, ConsumeQueueTable consumeQueues, IndexService index,
                               StoreCheckpoint checkpoint, boolean crashed) {
        int files = commitLog.files().size();
        int start;
        if (!crashed) {
            start = Math.max(0, files - NORMAL_RECOVERY_FILES);
        } else if (checkpoint.isLoaded()) {
            start = CommitLogRecovery.fileIndexOf(commitLog, checkpoint.physicSafeOffset());
        } else {
            start = 0;
        }
        long end = new CommitLogRecovery().findEnd(commitLog, start);
        commitLog.truncateTo(end);
        long min = commitLog.minOffset();
        consumeQueues.forEach(q -> {
            q.recover();
            q.truncateBeyond(end);
            q.correctMinOffset(min);
        });
        boolean[] anyQueue = new boolean[1];
        consumeQueues.forEach(q -> anyQueue[0] = true);
        // no checkpoint, or consume queues gone while the log has data: rebuild everything from the log
        long reputFrom = checkpoint.isLoaded() && (anyQueue[0] || end == min)
                ? Math.min(checkpoint.logicsSafeOffset(), end) : min;
        if (index != null) {
            reputFrom = Math.min(reputFrom, index.truncateBeyond(end));
        }
        reputFrom = Math.max(reputFrom, min);
        LOG.info("STORE-RECOVER {} recovery: commit log [{}, {}), re-dispatch from {}",
                crashed ? "abnormal" : "normal", min, end, reputFrom);
        return reputFrom;
    }
}

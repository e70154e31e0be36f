package dev.apogee.store.recovery;

import java.util.List;

import dev.apogee.store.consumequeue.ConsumeQueueTable;
import dev.apogee.store.file.MappedFile;
import dev.apogee.store.file.MappedFileQueue;
import dev.apogee.store.index.IndexService;
import dev.apogee.store.recovery.RecoveryReport.ScanStart;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Recovery at open (see package doc): commit-log end, truncation, consume-queue and index cuts. Returns where the
 * dispatcher must resume; the caller then runs the dispatcher to the end before accepting writes, so queue offsets
 * assigned afterwards continue the recovered queues.
 *
 * <p>What it reads does not grow with the store: the commit-log scan starts at the checkpoint's flushed offset (after
 * a clean shutdown that is the end of the log, so nothing is scanned), the consume queues are scanned over their last
 * three files and re-dispatched from the checkpoint's dispatched offset, and the tails of the last commit-log and
 * consume-queue files are zeroed only after a crash (after a clean shutdown nothing was written past their ends).
 */
public final class StoreRecovery {
    private static final Logger LOG = LoggerFactory.getLogger(StoreRecovery.class);
    private static final int NORMAL_RECOVERY_FILES = 3;

    private StoreRecovery() {
    }

    /** Recovers; the report's {@link RecoveryReport#reputFrom()} is the offset from which to re-dispatch. */
    public static RecoveryReport recover(MappedFileQueue commitLog, ConsumeQueueTable consumeQueues,
                                         IndexService index, StoreCheckpoint checkpoint, boolean crashed) {
        List<MappedFile> files = commitLog.files();
        ScanStart by;
        long from;
        if (files.isEmpty()) {
            by = ScanStart.WHOLE_LOG;
            from = 0;
        } else if (checkpoint.isLoaded() && checkpoint.physicSafeOffset() >= commitLog.minOffset()
                && checkpoint.physicSafeOffset() <= commitLog.lastFile().fileFromOffset() + commitLog.fileSize()) {
            // everything below was durable when the checkpoint was written (the flush thread forced it first)
            by = ScanStart.CHECKPOINT;
            from = checkpoint.physicSafeOffset();
        } else if (!crashed) {
            by = ScanStart.LAST_FILES;
            from = files.get(Math.max(0, files.size() - NORMAL_RECOVERY_FILES)).fileFromOffset();
        } else {
            // no checkpoint, or one older than the files present (retention deleted past it): nothing is known
            by = ScanStart.WHOLE_LOG;
            from = commitLog.minOffset();
        }
        CommitLogRecovery.Scan scan = new CommitLogRecovery().findEnd(commitLog, from);
        long end = scan.end();
        // after a clean shutdown everything written was flushed and lies below the end: the rest is still zeroes
        boolean zeroTail = crashed || !scan.endedAtZeroes();
        commitLog.truncateTo(end, zeroTail);
        long min = commitLog.minOffset();
        boolean[] anyQueue = new boolean[1];
        consumeQueues.forEach(q -> anyQueue[0] = true);
        // no checkpoint, or consume queues gone while the log has data: rebuild everything from the log
        long reputFrom = checkpoint.isLoaded() && (anyQueue[0] || end == min)
                ? Math.min(checkpoint.logicsSafeOffset(), end) : min;
        // After a crash, entries for records past the checkpoint's logics offset were never forced: a power cut may
        // have torn them (a due time or tag hash half zeroes, with offset and size intact, passes every check) or
        // kept an entry of a record the cut took back. Cut them all; the re-dispatch from there writes them anew.
        long keepBelow = crashed ? Math.min(end, reputFrom) : end;
        consumeQueues.forEach(q -> {
            q.recover(crashed);
            q.truncateBeyond(keepBelow);
            q.correctMinOffset(min);
        });
        if (index != null) {
            reputFrom = Math.min(reputFrom, index.truncateBeyond(end));
        }
        reputFrom = Math.max(reputFrom, min);
        RecoveryReport report = new RecoveryReport(crashed, by, scan.from(), end, scan.records(), scan.bytes(),
                zeroTail && !files.isEmpty(), reputFrom);
        LOG.info("STORE-RECOVER {} recovery: commit log [{}, {}), scanned {} bytes from {} ({}), re-dispatch from {}",
                crashed ? "abnormal" : "normal", min, end, scan.bytes(), scan.from(), by, reputFrom);
        return report;
    }
}

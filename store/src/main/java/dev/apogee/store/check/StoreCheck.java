package dev.apogee.store.check;

import dev.apogee.store.StoreConfig;
import dev.apogee.store.recovery.StoreLock;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks a stopped broker's store directory: the commit log ({@link CommitLogCheck}), then the consume queues
 * against it ({@link ConsumeQueueCheck}). Holds the store's lock meanwhile, so no broker opens it half-way; reads
 * only, never repairs (recovery cuts what is torn at the end of the log; a defect in the middle needs the operator).
 */
public final class StoreCheck {
    /** The store is open in a running broker (its lock is held): it must be stopped first. */
    public static final class StoreInUseException extends IOException {
        private static final long serialVersionUID = 1L;

        StoreInUseException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private StoreCheck() {
    }

    /**
     * Checks the store under {@code storeDir} (the broker's {@code storePathRootDir}).
     *
     * @throws StoreInUseException when a running broker holds the store
     * @throws IOException         when {@code storeDir} holds no store or a file cannot be read
     */
    public static StoreCheckReport run(Path storeDir, StoreCheckProgress progress) throws IOException {
        StoreConfig layout = StoreConfig.builder(storeDir).build();
        if (!Files.isDirectory(layout.commitLogPath())) {
            throw new IOException("no store in " + storeDir + " (it has no commitlog directory)");
        }
        StoreLock lock;
        try {
            lock = StoreLock.acquire(layout.lockPath(), layout.abortMarkerPath());
        } catch (IOException e) {
            if (e.getMessage() != null && e.getMessage().startsWith("STORE-LOCKED")) {
                throw new StoreInUseException("the store in " + storeDir + " is in use by a running broker"
                        + " (its lock is held); stop the broker first", e);
            }
            throw e;
        }
        try {
            StoreCheckReport report = new StoreCheckReport();
            report.uncleanShutdown(lock.previousRunCrashed());
            CommitLogFiles log = CommitLogFiles.map(layout.commitLogPath());
            long end = new CommitLogCheck(log, report, progress).run();
            new ConsumeQueueCheck(storeDir, log, end, report, progress).run();
            return report;
        } finally {
            lock.close();
        }
    }
}

package dev.apogee.store.commitlog;

import java.io.IOException;

import dev.apogee.store.file.AllocateMappedFileService;
import dev.apogee.store.file.MappedFile;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How a store gets its commit-log files at start (on the thread calling {@code MessageStore.start}, before any
 * put): asks the allocator for the file after the last one and, for an empty store with pre-allocated files, takes
 * the first file now (under the put lock) rather than at its first put.
 *
 * <p>Taking the first file asks for the file after it, whose paced zero-fill then runs while the broker is still
 * idle instead of under its first traffic, where its fsyncs (~120 a second) competed with the commit log's own
 * (strace of a fresh broker under a request/reply load). The first file itself is not zero-filled first when
 * appends reach the file through its channel (write-through or the transient pool): the fill took ~3 s for 1 GiB
 * before the port opened, and a sparse file is safe there, a write on a full disk failing with an error the put
 * reports. Appends through the mapping keep the pre-allocated first file (a write to a mapped page the disk has no
 * room for kills the process with SIGBUS), waiting for its fill as before.
 */
public final class FirstCommitLogFile {
    private static final Logger LOG = LoggerFactory.getLogger(FirstCommitLogFile.class);
    /** How long a start waits for an empty store's pre-allocated first file (a 1 GiB zero-fill takes seconds). */
    private static final long FIRST_FILE_WAIT_MS = 60_000;

    private FirstCommitLogFile() {
    }

    /**
     * Called once the allocator is started. {@code warm}: files are pre-allocated; {@code appendsThroughChannel}:
     * appends are written with the file channel, never through the mapping.
     */
    public static void atStart(CommitLog commitLog, AllocateMappedFileService allocator, int fileSize, boolean warm,
                               boolean appendsThroughChannel) {
        MappedFile last = commitLog.fileQueue().lastFile();
        if (last != null) {
            allocator.prepare(last.fileFromOffset() + fileSize, false);
            return;
        }
        if (!warm) {
            allocator.prepare(0, true); // sparse and pre-touched, for the first put to take
            return;
        }
        boolean sparseFirst = appendsThroughChannel;
        if (!sparseFirst) {
            allocator.prepare(0, true); // filled at full speed: nothing else is on the disk to protect yet
        }
        commitLog.putLock().lock();
        try {
            if (sparseFirst || allocator.awaitReady(0, FIRST_FILE_WAIT_MS)) {
                commitLog.fileQueue().lastFileForAppend(0); // the allocator's create: asks for the next file too
            }
        } catch (IOException e) {
            LOG.warn("STORE-IO cannot take the first commit-log file at start; the first put will: {}", e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            commitLog.putLock().unlock();
        }
    }
}

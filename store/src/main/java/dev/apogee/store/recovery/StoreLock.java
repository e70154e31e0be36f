package dev.apogee.store.recovery;

import dev.apogee.store.file.DirectorySync;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Exclusive ownership of a store directory (an OS file lock on {@code lock}, released by the OS if the process dies)
 * plus the abort marker: {@code abort} exists while a store is open, so finding it at open means the previous run
 * did not shut down cleanly.
 */
public final class StoreLock implements AutoCloseable {
    private final FileChannel channel;
    private final FileLock lock;
    private final Path abortMarker;
    private final boolean previousRunCrashed;

    private StoreLock(FileChannel channel, FileLock lock, Path abortMarker, boolean crashed) {
        this.channel = channel;
        this.lock = lock;
        this.abortMarker = abortMarker;
        this.previousRunCrashed = crashed;
    }

    /** Locks the directory and creates the abort marker; fails if another store has it open. */
    public static StoreLock acquire(Path lockFile, Path abortMarker) throws IOException {
        FileChannel ch = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock l;
        try {
            l = ch.tryLock();
        } catch (OverlappingFileLockException e) {
            l = null;
        }
        if (l == null) {
            ch.close();
            throw new IOException("STORE-LOCKED store directory " + lockFile.getParent() + " is open elsewhere");
        }
        boolean crashed = Files.exists(abortMarker);
        return new StoreLock(ch, l, abortMarker, crashed);
    }

    public boolean previousRunCrashed() {
        return previousRunCrashed;
    }

    /**
     * Creates the abort marker (after recovery) and fsyncs its directory before anything is written: a marker whose
     * name a power cut takes back makes the next open take the crash for a clean shutdown (no zeroing of the tails
     * past the recovered ends).
     */
    public void markOpen() throws IOException {
        if (!Files.exists(abortMarker)) {
            Files.createFile(abortMarker);
        }
        DirectorySync.fsync(abortMarker.toAbsolutePath().getParent());
    }

    /** Removes the abort marker (everything is flushed and checkpointed) and fsyncs its directory. */
    public void markCleanShutdown() throws IOException {
        Files.deleteIfExists(abortMarker);
        DirectorySync.fsync(abortMarker.toAbsolutePath().getParent());
    }

    @Override
    public void close() throws IOException {
        try {
            lock.release();
        } finally {
            channel.close();
        }
    }
}

package dev.apogee.store.file;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Makes directory entries durable. Creating, renaming or deleting a file changes its directory, and on Linux (ext4,
 * xfs) that change survives a power cut only once the directory itself was fsynced: a new commit-log file whose
 * bytes were forced but whose name was not is gone after the cut, and with it every message acknowledged in it.
 * Stateless; any thread.
 */
public final class DirectorySync {
    private DirectorySync() {
    }

    /**
     * fsync of the directory {@code dir} (open read-only, {@code FileChannel.force}: fsync(2) on its descriptor).
     * A failing fsync throws {@link FsyncFailedException}.
     */
    public static void fsync(Path dir) throws IOException {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            try {
                ch.force(true);
            } catch (IOException e) {
                throw new FsyncFailedException(dir, e);
            }
        }
    }

    /**
     * {@code Files.createDirectories}, with each directory it created made durable in its parent (the parent is
     * fsynced), so that files created below survive a power cut once their own directory is fsynced.
     */
    public static Path createDirectories(Path dir) throws IOException {
        Path abs = dir.toAbsolutePath();
        if (Files.isDirectory(abs)) {
            return dir;
        }
        Path parent = abs.getParent();
        if (parent != null) {
            createDirectories(parent);
        }
        Files.createDirectories(abs);
        if (parent != null) {
            fsync(parent);
        }
        return dir;
    }
}

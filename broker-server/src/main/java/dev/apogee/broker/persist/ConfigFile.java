package dev.apogee.broker.persist;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.function.Consumer;

import dev.apogee.store.file.DirectorySync;
import dev.apogee.store.file.FsyncFailedException;

/**
 * A JSON config file replaced atomically: written to a temp file, forced, then renamed over the old one, with the
 * previous version kept as {@code .bak}, and the directory fsynced. A crash or a power cut at any point leaves either the old or the new content readable.
 * Callers serialize writes to one file (each table persists from one thread at a time).
 *
 * <p>A failed fsync (of the temporary file or of the directory) is reported to {@code onFsyncFailure} before the
 * write throws: the kernel may have dropped what it could not write, so a later write that succeeds proves nothing
 * about a rename the failed directory fsync covered; the broker fail-stops its store on it, as on a failed fsync of
 * the commit log (README "Fail-stop on a failed fsync").
 */
public final class ConfigFile {
    private final Path path;
    private final Consumer<FsyncFailedException> onFsyncFailure;

    /** A file whose fsync failures only throw (tools and tests that own no store). */
    public ConfigFile(Path path) {
        this(path, e -> { });
    }

    public ConfigFile(Path path, Consumer<FsyncFailedException> onFsyncFailure) {
        this.path = path;
        this.onFsyncFailure = onFsyncFailure;
    }

    public Path path() {
        return path;
    }

    /** The content, falling back to the backup when the main file is missing or empty. */
    public Optional<String> read() throws IOException {
        for (Path candidate : new Path[] {path, backup()}) {
            if (Files.isRegularFile(candidate) && Files.size(candidate) > 0) {
                return Optional.of(Files.readString(candidate, StandardCharsets.UTF_8));
            }
        }
        return Optional.empty();
    }

    /**
     * Replaces the content. On a full disk (ENOSPC) it throws and leaves the file and its backup as they were: the
     * partial temporary files are deleted (they would hold the space the next attempt needs), and the caller keeps
     * its state in memory and persists it again on its next round.
     */
    public synchronized void write(String content) throws IOException {
        DirectorySync.createDirectories(path.getParent());
        Path temp = path.resolveSibling(path.getFileName() + ".tmp");
        try {
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer bytes = ByteBuffer.wrap(content.getBytes(StandardCharsets.UTF_8));
                while (bytes.hasRemaining()) {
                    channel.write(bytes);
                }
                force(channel, temp);
            }
            if (Files.exists(path)) {
                keepBackup();
            }
            move(temp, path);
        } catch (FsyncFailedException e) {
            onFsyncFailure.accept(e);
            Files.deleteIfExists(temp);
            throw e;
        } catch (IOException e) {
            Files.deleteIfExists(temp);
            throw e;
        }
    }

    /** Copies the current file to the backup through a temporary copy, so a failed copy never leaves a short one. */
    private void keepBackup() throws IOException {
        Path temp = path.resolveSibling(path.getFileName() + ".bak.tmp");
        try {
            Files.copy(path, temp, StandardCopyOption.REPLACE_EXISTING);
            move(temp, backup());
        } catch (IOException e) {
            Files.deleteIfExists(temp);
            throw e;
        }
    }

    private static void force(FileChannel channel, Path file) throws FsyncFailedException {
        try {
            channel.force(true);
        } catch (IOException e) {
            throw new FsyncFailedException(file, e);
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
        // the rename survives a power cut only once the directory is fsynced (the file's own force covers its bytes)
        DirectorySync.fsync(to.toAbsolutePath().getParent());
    }

    private Path backup() {
        return path.resolveSibling(path.getFileName() + ".bak");
    }
}

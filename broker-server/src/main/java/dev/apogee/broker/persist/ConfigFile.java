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

import dev.apogee.store.file.DirectorySync;

/**
 * A JSON config file replaced atomically: written to a temp file, forced, then renamed over the old one, with the
 * previous version kept as {@code .bak}, and the directory fsynced. A crash or a power cut at any point leaves either the old or the new content readable.
 * Callers serialize writes to one file (each table persists from one thread at a time).
 */
public final class ConfigFile {
    private final Path path;

    public ConfigFile(Path path) {
        this.path = path;
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

    public synchronized void write(String content) throws IOException {
        DirectorySync.createDirectories(path.getParent());
        Path temp = path.resolveSibling(path.getFileName() + ".tmp");
        try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer bytes = ByteBuffer.wrap(content.getBytes(StandardCharsets.UTF_8));
            while (bytes.hasRemaining()) {
                channel.write(bytes);
            }
            channel.force(true);
        }
        if (Files.exists(path)) {
            Files.copy(path, backup(), StandardCopyOption.REPLACE_EXISTING);
        }
        try {
            Files.move(temp, path, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, path, StandardCopyOption.REPLACE_EXISTING);
        }
        // the rename survives a power cut only once the directory is fsynced (the file's own force covers its bytes)
        DirectorySync.fsync(path.toAbsolutePath().getParent());
    }

    private Path backup() {
        return path.resolveSibling(path.getFileName() + ".bak");
    }
}

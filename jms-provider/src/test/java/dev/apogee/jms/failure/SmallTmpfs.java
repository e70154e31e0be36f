package dev.apogee.jms.failure;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A tmpfs of a few megabytes mounted for one test (root only: the test is skipped, saying so, when mounting is not
 * possible), with a filler file that takes the free space and gives it back. Always unmount with {@link #close()}:
 * it falls back to a lazy unmount while the store's mappings (released by GC) still pin the file system. (The
 * store and broker modules have the same helper for their tests; there is no shared test jar.)
 */
public final class SmallTmpfs implements AutoCloseable {
    private final Path dir;

    private SmallTmpfs(Path dir) {
        this.dir = dir;
    }

    /** Mounts a {@code megabytes} MiB tmpfs on a new directory under {@code parent}. */
    public static SmallTmpfs mount(Path parent, int megabytes) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory(parent, "tmpfs");
        String out = run("mount", "-t", "tmpfs", "-o", "size=" + megabytes + "m", "tmpfs", dir.toString());
        assumeTrue(out == null, "cannot mount a tmpfs here (the disk-full tests need root): " + out);
        return new SmallTmpfs(dir);
    }

    public Path path() {
        return dir;
    }

    public long usableBytes() throws IOException {
        return Files.getFileStore(dir).getUsableSpace();
    }

    /** Writes {@code name} until the file system answers ENOSPC; returns the file (delete it to free the space). */
    public Path fill(String name) throws IOException {
        Path filler = dir.resolve(name);
        ByteBuffer chunk = ByteBuffer.wrap("filler-".repeat(585).getBytes(StandardCharsets.US_ASCII)); // ~4 KiB
        try (FileChannel ch = FileChannel.open(filler, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND)) {
            for (int i = 0; i < 1 << 20; i++) { // bounded: 4 GiB at most
                chunk.clear();
                ch.write(chunk);
            }
        } catch (IOException e) {
            if (!String.valueOf(e.getMessage()).contains("No space left")) {
                throw e;
            }
            return filler;
        }
        throw new AssertionError("the tmpfs never filled up");
    }

    @Override
    public void close() throws IOException, InterruptedException {
        if (run("umount", dir.toString()) != null) {
            String lazy = run("umount", "-l", dir.toString());
            if (lazy != null) {
                throw new IOException("cannot unmount " + dir + ": " + lazy);
            }
        }
    }

    /** Runs a command (bounded); null when it succeeded, else its output. */
    private static String run(String... command) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder(List.of(command)).redirectErrorStream(true).start();
        } catch (IOException e) {
            return e.toString();
        }
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return String.join(" ", command) + " timed out";
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return p.exitValue() == 0 ? null : out.isBlank() ? "exit " + p.exitValue() : out.trim();
    }
}

package dev.apogee.store.powercut;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A mount of {@code powercutfs} (the C program next to this class, compiled with gcc against libfuse3 on first use):
 * a directory that behaves like a disk losing power. Written data, through {@code write} or a shared mapping, is kept
 * only until the next {@link #powerCut cut} unless an fsync/fdatasync made it durable; new directory entries survive a
 * cut only after their directory was fsynced; {@link #failNextFsync} makes the next fsync fail with EIO and drops the
 * data it covered. See the C source's header for the exact model.
 *
 * <p>Every mount is unmounted by {@link #close} and, should the test JVM end first, by a shutdown hook, so a failing
 * test never leaves a mount behind. Not thread-safe: one test thread drives it.
 */
public final class PowerCutFs implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PowerCutFs.class);
    private static final long MOUNT_TIMEOUT_MS = 30_000;
    private static Path binary;

    private final Path live;
    private final Path state;
    private final Path mountPoint;
    private final Path log;
    private Process daemon;
    private int mounts;
    private final Thread unmountHook;

    private PowerCutFs(Path dir) throws IOException {
        this.live = Files.createDirectories(dir.resolve("live"));
        this.state = Files.createDirectories(dir.resolve("state"));
        this.mountPoint = Files.createDirectories(dir.resolve("mnt")).toRealPath();
        this.log = dir.resolve("powercutfs.log");
        this.unmountHook = new Thread(this::unmountQuietly, "powercutfs-unmount");
        Runtime.getRuntime().addShutdownHook(unmountHook);
    }

    /** Why the filesystem cannot run here (no /dev/fuse, no gcc or libfuse3 headers), or empty when it can. */
    public static Optional<String> unavailableReason() {
        if (!Files.exists(Path.of("/dev/fuse"))) {
            return Optional.of("/dev/fuse is missing (install fuse3 and run as root; .ci/run does)");
        }
        if (!Files.exists(Path.of("/usr/include/fuse3/fuse.h"))) {
            return Optional.of("libfuse3 headers missing (apt-get install libfuse3-dev fuse3; .ci/run does)");
        }
        if (!Files.isExecutable(Path.of("/usr/bin/gcc")) && !Files.isExecutable(Path.of("/usr/local/bin/gcc"))) {
            return Optional.of("gcc missing");
        }
        return Optional.empty();
    }

    /** Creates {@code dir/live}, {@code dir/state} and mounts the filesystem at {@code dir/mnt}. */
    public static PowerCutFs mount(Path dir) throws IOException, InterruptedException {
        PowerCutFs fs = new PowerCutFs(dir);
        fs.powerOn(0);
        return fs;
    }

    /** The mount point: where the code under test writes. */
    public Path root() {
        return mountPoint;
    }

    /**
     * A power cut: the filesystem goes away (nothing not durable is kept) and comes back on what the disk held. With
     * {@code tearSeed > 0} one unsynced write survives up to a random byte chosen by that seed (a torn write).
     * Whoever still had files open there (kill them first) sees them gone.
     */
    public void powerCut(long tearSeed) throws IOException, InterruptedException {
        powerOff();
        powerOn(tearSeed);
    }

    /** Makes the next fsync (of a file or a directory) fail with EIO; what it should have made durable is lost. */
    public void failNextFsync() throws IOException, InterruptedException {
        run(List.of("kill", "-USR1", Long.toString(daemon.pid())), true);
    }

    private void powerOn(long tearSeed) throws IOException, InterruptedException {
        List<String> command = List.of(compiled().toString(), live.toString(), state.toString(),
                mountPoint.toString(), "-f", "-s");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        if (tearSeed > 0) {
            builder.environment().put("POWERCUT_TEAR_SEED", Long.toString(tearSeed));
        }
        daemon = builder.start();
        mounts++;
        long deadline = System.currentTimeMillis() + MOUNT_TIMEOUT_MS;
        while (!isMounted()) {
            if (!daemon.isAlive() || System.currentTimeMillis() > deadline) {
                String state = daemon.isAlive() ? "still running after " + MOUNT_TIMEOUT_MS + " ms"
                        : "exited with " + daemon.exitValue();
                daemon.destroyForcibly();
                throw new IOException("powercutfs did not mount " + mountPoint + " (" + state + "): "
                        + Files.readString(log));
            }
            Thread.sleep(20);
        }
    }

    private void powerOff() throws IOException, InterruptedException {
        if (daemon == null) {
            return;
        }
        if (!run(List.of("fusermount3", "-u", mountPoint.toString()), false)) {
            // still busy (a process we do not own has it open) or the daemon died: detach it anyway
            run(List.of("umount", "-l", mountPoint.toString()), false);
        }
        if (!daemon.waitFor(10, TimeUnit.SECONDS)) {
            daemon.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        daemon = null;
        if (isMounted()) {
            throw new IOException("could not unmount " + mountPoint);
        }
    }

    /** How many times the filesystem was mounted (1 + the cuts). */
    public int mounts() {
        return mounts;
    }

    /** The daemon's own log (mounts, injected failures, torn writes). */
    public String log() throws IOException {
        return Files.exists(log) ? Files.readString(log) : "";
    }

    private boolean isMounted() throws IOException {
        String target = " " + mountPoint + " ";
        return Files.readAllLines(Path.of("/proc/mounts")).stream().anyMatch(l -> l.contains(target));
    }

    @Override
    public void close() throws IOException, InterruptedException {
        powerOff();
        try {
            Runtime.getRuntime().removeShutdownHook(unmountHook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: the hook is running or ran
        }
    }

    private void unmountQuietly() {
        try {
            powerOff();
        } catch (IOException | InterruptedException | RuntimeException e) {
            LOG.warn("powercutfs: could not unmount {}", mountPoint, e);
        }
    }

    private static boolean run(List<String> command, boolean mustSucceed) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException(command + " did not finish");
        }
        if (p.exitValue() != 0 && mustSucceed) {
            throw new IOException(command + " failed: " + out);
        }
        return p.exitValue() == 0;
    }

    /** Compiles the C source (a test resource) once per JVM into a temporary directory. */
    private static synchronized Path compiled() throws IOException, InterruptedException {
        if (binary != null) {
            return binary;
        }
        Path dir = Files.createTempDirectory("powercutfs");
        Path source = dir.resolve("powercutfs.c");
        try (InputStream in = PowerCutFs.class.getResourceAsStream("powercutfs.c")) {
            if (in == null) {
                throw new IOException("powercutfs.c not on the test classpath");
            }
            Files.copy(in, source);
        }
        Path out = dir.resolve("powercutfs");
        List<String> gcc = new ArrayList<>(List.of("gcc", "-O2", "-Wall", "-Wno-format-truncation",
                "-I/usr/include/fuse3", "-o", out.toString(), source.toString(), "-lfuse3", "-lpthread"));
        run(gcc, true);
        binary = out;
        return out;
    }
}

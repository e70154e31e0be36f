package dev.apogee.anchor;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** One child JVM of the anchor (a namesrv or a broker), its output going to a log file. */
public final class AnchorProcess {
    private final String name;
    private final List<String> command;
    private final Path log;
    private Process process;

    AnchorProcess(String name, List<String> command, Path log) {
        this.name = name;
        this.command = command;
        this.log = log;
    }

    /** Starts the JVM and waits (bounded) until it prints its "boot success" line. */
    void start(long timeoutMillis) throws IOException, InterruptedException {
        process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (System.nanoTime() < deadline) {
            if (bootedSinceStart()) {
                return;
            }
            if (!process.isAlive()) {
                throw new IOException(name + " exited with " + process.exitValue() + ":\n" + tail());
            }
            Thread.sleep(50);
        }
        process.destroyForcibly();
        throw new IOException(name + " did not boot within " + timeoutMillis + " ms:\n" + tail());
    }

    private boolean bootedSinceStart() throws IOException {
        if (!Files.exists(log)) {
            return false;
        }
        String text = Files.readString(log, StandardCharsets.UTF_8);
        String[] boots = text.split("boot success", -1);
        long startsInLog = text.lines().filter(l -> l.startsWith("#anchor-start")).count();
        return boots.length - 1 >= startsInLog;
    }

    private String tail() throws IOException {
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }

    /** Marks the log so that a restart waits for a new "boot success" line. */
    void markStart() throws IOException {
        Files.writeString(log, "#anchor-start " + name + "\n", StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process != null && process.isAlive();
    }

    /** SIGKILL, then wait for the process to be gone. */
    public void kill() throws InterruptedException {
        if (process != null) {
            process.destroyForcibly();
            process.waitFor(30, TimeUnit.SECONDS);
        }
    }

    /** SIGTERM (the official servers flush and stop), SIGKILL after {@code graceMillis}. */
    public void stop(long graceMillis) throws InterruptedException {
        if (process == null) {
            return;
        }
        process.destroy();
        if (!process.waitFor(graceMillis, TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            process.waitFor(30, TimeUnit.SECONDS);
        }
    }

    public Path log() {
        return log;
    }
}

package dev.apogee.jms.xa.recovery;

import dev.apogee.broker.BrokerStartup;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.awaitility.Awaitility.await;

/**
 * A child JVM on this JVM's classpath, its stdout and stderr in a file; killed (SIGKILL) when this JVM exits, so a
 * failed test leaves nothing behind. Waits are bounded and fail with the child's output.
 */
final class ChildJvm implements AutoCloseable {
    private final Process process;
    private final Path out;

    private ChildJvm(Process process, Path out) {
        this.process = process;
        this.out = out;
    }

    static ChildJvm start(Path out, String mainClass, List<String> jvmOptions, List<String> args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass);
        command.addAll(args);
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        Runtime.getRuntime().addShutdownHook(new Thread(p::destroyForcibly, "kill-" + out.getFileName()));
        return new ChildJvm(p, out);
    }

    /** Our broker ({@code BrokerStartup}) with SYNC_FLUSH on {@code dir/store}; waits until it serves. */
    static ChildJvm broker(Path dir, String brokerName, String namesrv, int port, int run) throws IOException {
        Files.createDirectories(dir);
        Path conf = dir.resolve("broker.conf");
        Files.writeString(conf, String.join("\n",
                "brokerName=" + brokerName,
                "listenPort=" + port,
                "bindAddress=127.0.0.1",
                "brokerIP1=127.0.0.1",
                "namesrvAddr=" + namesrv,
                "storePathRootDir=" + dir.resolve("store"),
                "flushDiskType=SYNC_FLUSH",
                "mappedFileSizeCommitLog=" + (32L * 1024 * 1024), ""), StandardCharsets.UTF_8);
        // the broker's own logback.xml: the test classpath's logback-test.xml would hide BROKER-STARTED
        String logConfig = BrokerStartup.class.getResource("/logback.xml").toString();
        ChildJvm broker = start(dir.resolve("broker-" + run + ".out"), BrokerStartup.class.getName(),
                List.of("-Xms128m", "-Xmx256m", "-XX:MaxDirectMemorySize=256m", "-Dlogback.configurationFile="
                        + logConfig, "-Dapogee.log.dir=" + dir.resolve("logs-" + run)), List.of("-c", conf.toString()));
        broker.awaitLine("BROKER-STARTED", Duration.ofSeconds(60));
        return broker;
    }

    /** The application ({@link TransferApp}) with the given {@code key=value} arguments. */
    static ChildJvm app(Path out, List<String> args) throws IOException {
        return start(out, TransferApp.class.getName(), List.of("-Xmx256m"), args);
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    long pid() {
        return process.pid();
    }

    String output() {
        try {
            return Files.readString(out);
        } catch (IOException e) {
            return "(output unreadable: " + e + ")";
        }
    }

    /** Waits until the output holds a line starting with {@code prefix}; returns that line. Fails if the JVM dies. */
    String awaitLine(String prefix, Duration atMost) {
        String[] found = new String[1];
        await(out.getFileName() + " prints " + prefix).atMost(atMost).pollInterval(Duration.ofMillis(100))
                .until(() -> {
                    found[0] = line(prefix);
                    if (found[0] == null && !process.isAlive()) {
                        throw new AssertionError(out.getFileName() + " exited with " + process.exitValue()
                                + " before printing " + prefix + ":\n" + output());
                    }
                    return found[0] != null;
                });
        return found[0];
    }

    /** The first output line starting with {@code prefix}, or null. */
    String line(String prefix) {
        for (String l : output().split("\n")) {
            if (l.contains(prefix) && l.substring(l.indexOf(prefix)).startsWith(prefix)) {
                return l.substring(l.indexOf(prefix));
            }
        }
        return null;
    }

    /** Waits (bounded) for the exit; returns the exit code. */
    int awaitExit(Duration atMost) throws InterruptedException {
        if (!process.waitFor(atMost.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)) {
            throw new AssertionError(out.getFileName() + " still running after " + atMost + ":\n" + output());
        }
        return process.exitValue();
    }

    void writeLine(String line) throws IOException {
        OutputStream in = process.getOutputStream();
        in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    /** SIGKILL, and wait for it to be gone. */
    void kill() throws InterruptedException {
        process.destroyForcibly().waitFor();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            try {
                kill();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}

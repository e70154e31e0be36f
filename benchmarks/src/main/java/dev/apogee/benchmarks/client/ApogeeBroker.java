package dev.apogee.benchmarks.client;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Our namesrv + broker as one child JVM ({@code dev.apogee.standalone.Standalone}, the all-in-one server), with the
 * same broker heap, direct memory and commit log file size as the Apache anchor's broker. A child JVM rather than
 * in-process so the servers' GC and CPU do not land on the load tool. Ports are chosen by the child ({@code -p 0
 * -b 0}) and read back from its {@code STANDALONE-STARTED} line, so no port can be taken between choosing and binding.
 */
final class ApogeeBroker implements BrokerUnderTest {
    private static final long BOOT_TIMEOUT_MILLIS = 90_000;
    private static final long STOP_GRACE_MILLIS = 15_000;
    private static final Pattern STARTED =
            Pattern.compile("STANDALONE-STARTED namesrv ([0-9.]+):(\\d+), broker ([0-9.]+):(\\d+)");

    private final Process process;
    private final String namesrvAddress;
    private final String brokerAddress;

    private ApogeeBroker(Process process, String namesrvAddress, String brokerAddress) {
        this.process = process;
        this.namesrvAddress = namesrvAddress;
        this.brokerAddress = brokerAddress;
    }

    static ApogeeBroker start(Path runDir) throws IOException, InterruptedException {
        Files.createDirectories(runDir);
        Path conf = runDir.resolve("broker.conf");
        Files.writeString(conf, "mappedFileSizeCommitLog=" + 256L * 1024 * 1024 + "\n", StandardCharsets.UTF_8);
        Path out = runDir.resolve("standalone.out");
        // the load tool's classpath holds the standalone module and its runtime deps (benchmarks depends on it)
        List<String> command = List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xms512m", "-Xmx512m", "-XX:MaxDirectMemorySize=1g", "-XX:+UseG1GC",
                "-XX:-OmitStackTraceInFastThrow", "-Dapogee.log.dir=" + runDir.resolve("logs"),
                "-cp", System.getProperty("java.class.path"), "dev.apogee.standalone.Standalone",
                "-d", runDir.resolve("data").toString(), "-p", "0", "-b", "0", "-f", "ASYNC_FLUSH",
                "-c", conf.toString());
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(out.toFile()).start();
        try {
            Matcher started = awaitStarted(process, out);
            return new ApogeeBroker(process, started.group(1) + ":" + started.group(2),
                    started.group(3) + ":" + started.group(4));
        } catch (IOException | InterruptedException | RuntimeException e) {
            process.destroyForcibly();
            throw e;
        }
    }

    private static Matcher awaitStarted(Process process, Path out) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(BOOT_TIMEOUT_MILLIS);
        while (System.nanoTime() < deadline) {
            String text = Files.readString(out, StandardCharsets.UTF_8);
            Matcher started = STARTED.matcher(text);
            if (started.find()) {
                return started;
            }
            if (!process.isAlive()) {
                throw new IOException("apogee standalone exited with " + process.exitValue() + ", see " + out);
            }
            Thread.sleep(50);
        }
        throw new IOException("apogee standalone did not start within " + BOOT_TIMEOUT_MILLIS + " ms, see " + out);
    }

    @Override
    public String name() {
        return "apogee";
    }

    @Override
    public String description() {
        return "Apogee MQ standalone namesrv + broker (one child JVM, -Xms512m -Xmx512m, ASYNC_FLUSH, "
                + "256 MiB commit log files) at " + brokerAddress;
    }

    @Override
    public String namesrvAddress() {
        return namesrvAddress;
    }

    /** SIGTERM (the shutdown hook stops broker then namesrv), SIGKILL if it hangs. */
    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(STOP_GRACE_MILLIS, TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            process.waitFor(STOP_GRACE_MILLIS, TimeUnit.MILLISECONDS);
        }
    }
}

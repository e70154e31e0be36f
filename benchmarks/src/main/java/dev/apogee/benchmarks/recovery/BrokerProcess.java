package dev.apogee.benchmarks.recovery;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One start of the real broker ({@code dev.apogee.broker.BrokerStartup}, a child JVM with {@code bin/mqbroker}'s
 * default JVM options) on the bench's store: the time from launching the process to the first accepted TCP
 * connection on its port, and what its {@code STORE-OPEN} log line says. Stopped with SIGTERM (a clean shutdown).
 */
final class BrokerProcess {
    private static final long START_TIMEOUT_MILLIS = 300_000;
    private static final long STOP_TIMEOUT_MILLIS = 120_000;
    private static final Pattern STORE_OPEN = Pattern.compile(
            "STORE-OPEN opened .* \\((normal|abnormal) recovery\\) in (\\d+) ms: .*scanned (\\d+) bytes");
    private static final Pattern STARTED = Pattern.compile("BROKER-STARTED");

    /** What one start measured. */
    record Start(long startToPortMillis, boolean crashed, long storeOpenMillis, long bytesScanned,
                 long jvmBaselineMillis) {
    }

    private BrokerProcess() {
    }

    /**
     * Starts the broker on {@code storeDir} with {@code jvmOptions}, measures, stops it cleanly; its output goes to
     * {@code runDir/<label>.out}. Also times {@code java <jvmOptions> -version} right before, the part of the start
     * that is the JVM's own (heap pre-touch with {@code -XX:+AlwaysPreTouch}, {@code APOGEE_PRETOUCH=true}).
     */
    static Start startMeasureStop(Path storeDir, Path runDir, String flush, List<String> jvmOptions, String label)
            throws IOException, InterruptedException {
        long jvm = jvmBaseline(jvmOptions);
        int port = freePort();
        Path conf = runDir.resolve("broker.conf");
        Files.writeString(conf, String.join("\n", "storePathRootDir=" + storeDir, "listenPort=" + port,
                "namesrvAddr=127.0.0.1:9", "flushDiskType=" + flush, "brokerName=recovery-bench",
                "diskMaxUsedSpaceRatio=" + RecoveryBench.NO_RETENTION_RATIO, ""));
        Path out = runDir.resolve(label + ".out");
        Path logConf = runDir.resolve("logback-broker.xml"); // INFO to stdout: the STORE-OPEN line is read from it
        Files.writeString(logConf, "<configuration><appender name=\"O\" class=\"ch.qos.logback.core.ConsoleAppender\">"
                + "<encoder><pattern>%d{HH:mm:ss.SSS} %-5level [%thread] %logger{24} - %msg%n</pattern></encoder>"
                + "</appender><logger name=\"io.netty\" level=\"WARN\"/>"
                + "<root level=\"INFO\"><appender-ref ref=\"O\"/></root></configuration>\n");
        List<String> command = new ArrayList<>(List.of(java()));
        command.addAll(jvmOptions);
        command.addAll(List.of("-Dlogback.configurationFile=" + logConf, "-cp", System.getProperty("java.class.path"),
                "dev.apogee.broker.BrokerStartup", "-c", conf.toString()));
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        try {
            long toPort = awaitPort(p, port, t0, out);
            Matcher m = awaitLine(out, STORE_OPEN);
            awaitLine(out, STARTED); // its shutdown hook is registered: SIGTERM now shuts it down cleanly
            return new Start(toPort, m.group(1).equals("abnormal"), Long.parseLong(m.group(2)),
                    Long.parseLong(m.group(3)), jvm);
        } finally {
            p.destroy(); // SIGTERM: the shutdown hook stops the broker cleanly
            if (!p.waitFor(STOP_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new IOException("the broker did not stop within " + STOP_TIMEOUT_MILLIS + " ms, see " + out);
            }
        }
    }

    private static String java() {
        return Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static long jvmBaseline(List<String> jvmOptions) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(java()));
        command.addAll(jvmOptions);
        command.add("-version");
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(
                ProcessBuilder.Redirect.DISCARD).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("java -version did not finish within 120 s");
        }
        return (System.nanoTime() - t0) / 1_000_000;
    }

    private static long awaitPort(Process p, int port, long t0, Path out) throws IOException, InterruptedException {
        long deadline = t0 + TimeUnit.MILLISECONDS.toNanos(START_TIMEOUT_MILLIS);
        while (System.nanoTime() < deadline) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return (System.nanoTime() - t0) / 1_000_000;
            } catch (IOException notYet) {
                if (!p.isAlive()) {
                    throw new IOException("the broker exited with " + p.exitValue() + ", see " + out);
                }
                Thread.sleep(5);
            }
        }
        throw new IOException("the broker's port did not open within " + START_TIMEOUT_MILLIS + " ms, see " + out);
    }

    private static Matcher awaitLine(Path out, Pattern line) throws IOException, InterruptedException {
        for (int i = 0; i < 600; i++) {
            Matcher m = line.matcher(Files.readString(out, StandardCharsets.UTF_8));
            if (m.find()) {
                return m;
            }
            Thread.sleep(50);
        }
        throw new IOException("no line " + line.pattern() + " in " + out);
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}

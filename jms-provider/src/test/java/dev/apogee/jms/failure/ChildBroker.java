package dev.apogee.jms.failure;

import dev.apogee.broker.BrokerStartup;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.awaitility.Awaitility.await;

/**
 * One of our brokers in a child JVM ({@code BrokerStartup}, this JVM's classpath, SYNC_FLUSH), as the broker-server
 * kill -9 acceptance test and the client interop suites launch it, so a test can SIGKILL it
 * ({@link Process#destroyForcibly()}) and start it again on the same port and store.
 */
final class ChildBroker implements AutoCloseable {
    private final Path dir;
    private final Path conf;
    private Process process;
    private int run;

    ChildBroker(Path dir, String brokerName, String namesrvAddress) throws IOException {
        this.dir = dir;
        this.conf = Files.createDirectories(dir).resolve("broker.conf");
        Files.writeString(conf, String.join("\n",
                "brokerClusterName=JmsFailureCluster",
                "brokerName=" + brokerName,
                "listenPort=" + freePort(),
                "bindAddress=127.0.0.1",
                "brokerIP1=127.0.0.1",
                "namesrvAddr=" + namesrvAddress,
                "storePathRootDir=" + dir.resolve("store"),
                "flushDiskType=SYNC_FLUSH",
                "mappedFileSizeCommitLog=33554432", ""), StandardCharsets.UTF_8);
    }

    /** Starts the broker (again) and waits, bounded, until it says BROKER-STARTED. */
    ChildBroker start() throws IOException {
        run++;
        Path out = dir.resolve("broker-" + run + ".out");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // the broker's own logback.xml: the test classpath's logback-test.xml would hide the BROKER-STARTED line
        String logConfig = BrokerStartup.class.getResource("/logback.xml").toString();
        Process started = new ProcessBuilder(java, "-Xms128m", "-Xmx256m", "-XX:MaxDirectMemorySize=256m",
                "-Dlogback.configurationFile=" + logConfig, "-Dapogee.log.dir=" + dir.resolve("logs"),
                "-cp", System.getProperty("java.class.path"), "dev.apogee.broker.BrokerStartup", "-c", conf.toString())
                .redirectErrorStream(true).redirectOutput(out.toFile()).start();
        process = started;
        // if this JVM is stopped before the test's cleanup runs, do not leave a broker behind
        Runtime.getRuntime().addShutdownHook(new Thread(started::destroyForcibly, "kill-child-broker-" + run));
        await("child broker run " + run + " started").atMost(Duration.ofSeconds(60)).until(() -> {
            if (!started.isAlive()) {
                throw new AssertionError("child broker exited with " + started.exitValue() + ": "
                        + Files.readString(out));
            }
            return Files.readString(out).contains("BROKER-STARTED");
        });
        return this;
    }

    /** SIGKILL, and wait for the process to be gone. */
    void kill9() throws InterruptedException {
        process.destroyForcibly().waitFor();
    }

    @Override
    public void close() {
        if (process != null) {
            process.destroyForcibly();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}

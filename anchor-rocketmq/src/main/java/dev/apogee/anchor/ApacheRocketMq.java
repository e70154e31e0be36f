package dev.apogee.anchor;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A real Apache RocketMQ 5.3.3 name server plus brokers, each in its own JVM started from the official jars that this
 * module copies to {@code anchor-rocketmq/target/lib}. Started the way {@code shared/bench/rocketmq} starts them
 * (loopback, {@code brokerIP1=127.0.0.1}, the add-opens the official store needs on Java 17).
 *
 * <pre>
 * try (ApacheRocketMq rmq = ApacheRocketMq.start(tempDir, "ASYNC_FLUSH")) {
 *     producer.setNamesrvAddr(rmq.namesrvAddress());
 *     ...
 *     rmq.broker("broker-a").kill();   // kill -9
 * }
 * </pre>
 */
public final class ApacheRocketMq implements AutoCloseable {
    private static final long BOOT_TIMEOUT_MILLIS = 90_000;
    private static final String OPENS = "--add-exports=java.base/jdk.internal.ref=ALL-UNNAMED "
            + "--add-opens=java.base/java.nio=ALL-UNNAMED --add-opens=java.base/sun.nio.ch=ALL-UNNAMED "
            + "--add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/jdk.internal.misc=ALL-UNNAMED";

    private final Path runDir;
    private final Path lib;
    private final String namesrvAddress;
    private final AnchorProcess namesrv;
    private final Map<String, Broker> brokers = new LinkedHashMap<>();

    /** A started broker of the anchor. */
    public record Broker(String name, int port, AnchorProcess process) {
        public String address() {
            return "127.0.0.1:" + port;
        }
    }

    private ApacheRocketMq(Path runDir, Path lib, String namesrvAddress, AnchorProcess namesrv) {
        this.runDir = runDir;
        this.lib = lib;
        this.namesrvAddress = namesrvAddress;
        this.namesrv = namesrv;
    }

    /**
     * No official name server: brokers started with {@link #startBroker} register with {@code namesrvAddress}
     * (e.g. ours), to test the official broker against our name server.
     */
    public static ApacheRocketMq withExternalNamesrv(Path runDir, String namesrvAddress) throws IOException {
        Files.createDirectories(runDir);
        return new ApacheRocketMq(runDir, locateLib(), namesrvAddress, null);
    }

    /** Starts a namesrv and one broker named {@code broker-a} with the given flush type. */
    public static ApacheRocketMq start(Path runDir, String flushDiskType) throws IOException, InterruptedException {
        ApacheRocketMq servers = startNamesrv(runDir);
        try {
            servers.startBroker("broker-a", Map.of("flushDiskType", flushDiskType));
        } catch (IOException | InterruptedException | RuntimeException e) {
            servers.close();
            throw e;
        }
        return servers;
    }

    /** Starts only the name server; add brokers with {@link #startBroker}. */
    public static ApacheRocketMq startNamesrv(Path runDir) throws IOException, InterruptedException {
        Path lib = locateLib();
        Files.createDirectories(runDir.resolve("namesrv-home"));
        int port = freePort(0);
        Path conf = runDir.resolve("namesrv.conf");
        Files.writeString(conf, "listenPort=" + port + "\nbindAddress=127.0.0.1\n", StandardCharsets.UTF_8);
        AnchorProcess process = new AnchorProcess("namesrv", javaCommand(lib, runDir.resolve("namesrv-home"),
                "-Xms256m -Xmx256m", "org.apache.rocketmq.namesrv.NamesrvStartup", conf), runDir.resolve("namesrv.out"));
        process.markStart();
        process.start(BOOT_TIMEOUT_MILLIS);
        return new ApacheRocketMq(runDir, lib, "127.0.0.1:" + port, process);
    }

    /**
     * Starts a broker registered with this name server. {@code overrides} replace or add broker.conf properties
     * (e.g. {@code flushDiskType=SYNC_FLUSH}, {@code enablePropertyFilter=true}).
     */
    public Broker startBroker(String brokerName, Map<String, String> overrides)
            throws IOException, InterruptedException {
        int port = freeBrokerPort();
        Path home = runDir.resolve(brokerName + "-home");
        Path store = runDir.resolve(brokerName + "-store");
        Files.createDirectories(home);
        Map<String, String> conf = new LinkedHashMap<>();
        conf.put("brokerClusterName", "AnchorCluster");
        conf.put("brokerName", brokerName);
        conf.put("brokerId", "0");
        conf.put("brokerRole", "ASYNC_MASTER");
        conf.put("namesrvAddr", namesrvAddress());
        conf.put("listenPort", String.valueOf(port));
        conf.put("bindAddress", "127.0.0.1");
        conf.put("brokerIP1", "127.0.0.1");
        conf.put("brokerIP2", "127.0.0.1");
        conf.put("storePathRootDir", store.toString());
        conf.put("storePathCommitLog", store.resolve("commitlog").toString());
        conf.put("flushDiskType", "ASYNC_FLUSH");
        conf.put("autoCreateTopicEnable", "true");
        conf.put("autoCreateSubscriptionGroup", "true");
        conf.put("enablePropertyFilter", "true");
        conf.put("mappedFileSizeCommitLog", String.valueOf(256L * 1024 * 1024));
        conf.putAll(overrides);
        Path confFile = runDir.resolve(brokerName + ".conf");
        StringBuilder text = new StringBuilder();
        conf.forEach((k, v) -> text.append(k).append('=').append(v).append('\n'));
        Files.writeString(confFile, text, StandardCharsets.UTF_8);
        AnchorProcess process = new AnchorProcess(brokerName, javaCommand(lib, home,
                "-Xms512m -Xmx512m -XX:MaxDirectMemorySize=1g", "org.apache.rocketmq.broker.BrokerStartup", confFile),
                runDir.resolve(brokerName + ".out"));
        process.markStart();
        process.start(BOOT_TIMEOUT_MILLIS);
        Broker broker = new Broker(brokerName, port, process);
        brokers.put(brokerName, broker);
        return broker;
    }

    /** Restarts a broker that was stopped or killed, with the same configuration, port and store. */
    public void restartBroker(String brokerName) throws IOException, InterruptedException {
        Broker broker = broker(brokerName);
        broker.process().markStart();
        broker.process().start(BOOT_TIMEOUT_MILLIS);
    }

    public Broker broker(String brokerName) {
        Broker broker = brokers.get(brokerName);
        if (broker == null) {
            throw new IllegalArgumentException("no broker " + brokerName + " (have " + brokers.keySet() + ")");
        }
        return broker;
    }

    public String namesrvAddress() {
        return namesrvAddress;
    }

    /** Address of the first broker. */
    public String brokerAddress() {
        return brokers.values().iterator().next().address();
    }

    @Override
    public void close() throws InterruptedException {
        for (Broker broker : brokers.values()) {
            broker.process().stop(5_000);
        }
        if (namesrv != null) {
            namesrv.stop(5_000);
        }
    }

    private static List<String> javaCommand(Path lib, Path home, String heap, String mainClass, Path conf)
            throws IOException {
        // Apache's remoting servers default to PERMISSIVE TLS and write a self-signed certificate + key into the
        // temp dir at every start, never deleted: keep them under the run's home, which the caller removes.
        Path tmp = Files.createDirectories(home.resolve("tmp"));
        List<String> command = new ArrayList<>();
        command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        for (String flag : (heap + " -XX:+UseG1GC -XX:-OmitStackTraceInFastThrow " + OPENS).split(" ")) {
            command.add(flag);
        }
        command.add("-Duser.home=" + home);
        command.add("-Drocketmq.home.dir=" + home);
        command.add("-Djava.io.tmpdir=" + tmp);
        command.add("-cp");
        command.add(lib.toAbsolutePath() + "/*");
        command.add(mainClass);
        command.add("-c");
        command.add(conf.toString());
        return command;
    }

    /** The official jars: {@code -Dapogee.anchor.lib}, else {@code anchor-rocketmq/target/lib} above the cwd. */
    static Path locateLib() {
        String configured = System.getProperty("apogee.anchor.lib");
        if (configured != null) {
            return Paths.get(configured);
        }
        for (Path dir = Paths.get("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("anchor-rocketmq/target/lib");
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        throw new UncheckedIOException(new IOException(
                "anchor-rocketmq/target/lib not found: build it first (mvn -pl anchor-rocketmq generate-resources)"));
    }

    /** A port that is free now, together with the broker's companion ports (port-2 fast, port+1 HA). */
    private static int freeBrokerPort() throws IOException {
        for (int attempt = 0; attempt < 50; attempt++) {
            int port = freePort(0);
            if (port > 3 && port < 65_534 && isFree(port - 2) && isFree(port + 1)) {
                return port;
            }
        }
        throw new IOException("no free broker port triple found");
    }

    private static int freePort(int port) throws IOException {
        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        }
    }

    private static boolean isFree(int port) {
        try {
            freePort(port);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}

package dev.apogee.client.interop;

import dev.apogee.broker.Broker;
import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.namesrv.NameServer;
import dev.apogee.namesrv.config.NamesrvConfig;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Our own name server and broker in this JVM on loopback, the second target of the interop suites
 * ({@code -Dapogee.it.target=apogee}), configured like the Apache anchor: short delay levels and a fast transaction
 * check, so retry and check-back tests finish in seconds.
 */
final class ApogeeServers implements AutoCloseable {
    private final NameServer namesrv;
    private final Broker broker;

    private ApogeeServers(NameServer namesrv, Broker broker) {
        this.namesrv = namesrv;
        this.broker = broker;
    }

    static ApogeeServers start() throws Exception {
        Path dir = Files.createTempDirectory(Files.createDirectories(Path.of("target")), "apogee-client-interop-own");
        NameServer namesrv = new NameServer(new NamesrvConfig().setListenPort(0).setBindAddress("127.0.0.1")
                .setKvConfigPath(dir.resolve("namesrv").resolve("kvConfig.json"))).start();
        BrokerConfig config = new BrokerConfig();
        config.setBrokerName("broker-a");
        config.setListenPort(0);
        config.setBindAddress("127.0.0.1");
        config.setNamesrvAddr(namesrv.localAddress());
        config.setStorePathRootDir(dir.resolve("store").toString());
        config.setMappedFileSizeCommitLog(64L * 1024 * 1024);
        config.setMessageDelayLevel("1s 1s 1s 1s 1s 2s 2s 2s 2s 2s 2s 2s 2s 2s 2s 2s 2s 2s");
        config.setTransactionCheckInterval(1000);
        config.setTransactionTimeOut(1000);
        Broker broker = new Broker(config);
        try {
            broker.start();
        } catch (Exception e) {
            namesrv.close();
            throw e;
        }
        return new ApogeeServers(namesrv, broker);
    }

    String namesrvAddress() {
        return namesrv.localAddress();
    }

    /**
     * A second broker of ours in a child JVM ({@code BrokerStartup}, this JVM's classpath), registered with the
     * same name server, so that a test can kill it with SIGKILL. Waits (bounded) until it has started.
     */
    Process startChildBroker(String brokerName) throws Exception {
        Path dir = Files.createTempDirectory(Files.createDirectories(Path.of("target")), "apogee-child-" + brokerName);
        Path conf = dir.resolve("broker.conf");
        Files.writeString(conf, String.join("\n",
                "brokerName=" + brokerName,
                "listenPort=" + freePort(),
                "bindAddress=127.0.0.1",
                "brokerIP1=127.0.0.1",
                "namesrvAddr=" + namesrvAddress(),
                "storePathRootDir=" + dir.resolve("store"),
                "mappedFileSizeCommitLog=" + (32L * 1024 * 1024)) + "\n");
        Path out = dir.resolve("broker.out");
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String logConfig = dev.apogee.broker.BrokerStartup.class.getResource("/logback.xml").toString();
        Process process = new ProcessBuilder(javaBin, "-Xms128m", "-Xmx256m", "-XX:MaxDirectMemorySize=256m",
                "-Dlogback.configurationFile=" + logConfig, "-Dapogee.log.dir=" + dir.resolve("logs"),
                "-cp", System.getProperty("java.class.path"), "dev.apogee.broker.BrokerStartup", "-c", conf.toString())
                .redirectErrorStream(true).redirectOutput(out.toFile()).start();
        Runtime.getRuntime().addShutdownHook(new Thread(process::destroyForcibly, "kill-child-" + brokerName));
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(60)).until(() -> {
            if (!process.isAlive()) {
                throw new AssertionError("child broker exited: " + Files.readString(out));
            }
            return Files.readString(out).contains("BROKER-STARTED");
        });
        return process;
    }

    private static int freePort() throws java.io.IOException {
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0, 1,
                java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    @Override
    public void close() {
        broker.shutdown();
        namesrv.close();
    }
}

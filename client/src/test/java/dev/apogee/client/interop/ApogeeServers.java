package dev.apogee.client.interop;

import dev.apogee.broker.Broker;
import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.client.ClientConfig;
import dev.apogee.client.admin.AdminClient;
import dev.apogee.namesrv.NameServer;
import dev.apogee.namesrv.config.NamesrvConfig;
import dev.apogee.remoting.protocol.body.BrokerData;
import org.awaitility.Awaitility;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

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
        ApogeeServers servers = new ApogeeServers(namesrv, broker);
        try {
            broker.start();
            servers.awaitRegistered(config.getBrokerName());
        } catch (Exception | Error e) {
            servers.close();
            throw e;
        }
        return servers;
    }

    /**
     * Waits (bounded) until the name server lists the broker as a master. {@link Broker#start()} returns before its
     * first registration reaches the name server (it is sent by the registration thread), and on a loaded 2-core box
     * the two can be seconds apart: a test that creates a topic in between fails with "no master broker registered".
     */
    private void awaitRegistered(String brokerName) throws Exception {
        try (AdminClient admin = new AdminClient(new ClientConfig().setNamesrvAddress(namesrvAddress())
                .setInstanceName(ApacheServers.unique("apogee-ready")).setRpcTimeoutMillis(10_000))) {
            admin.start();
            Awaitility.await("broker " + brokerName + " registered").atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(200)).ignoreExceptions()
                    .until(() -> {
                        BrokerData broker = admin.clusterInfo().getBrokerAddrTable().get(brokerName);
                        return broker != null && broker.masterAddr() != null;
                    });
        }
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

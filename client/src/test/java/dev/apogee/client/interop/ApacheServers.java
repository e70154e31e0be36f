package dev.apogee.client.interop;

import dev.apogee.anchor.ApacheRocketMq;
import dev.apogee.client.ClientConfig;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One Apache RocketMQ 5.3.3 namesrv + broker for the whole interop test run (or, with
 * {@code -Dapogee.it.namesrv=host:port}, any running name server + broker, e.g. Apogee's own) (booting takes 5-10 s on this box),
 * started by the first interop test class and stopped when the JUnit run ends. Tests isolate themselves with
 * unique topic and group names ({@link #unique}). The broker runs with short delay levels and a fast transaction
 * check so that retry and check-back tests finish in seconds.
 */
public final class ApacheServers implements BeforeAllCallback {
    private static final AtomicInteger SEQUENCE = new AtomicInteger();
    private static volatile ApacheRocketMq servers;

    /** Set to run the interop suites against another name server (e.g. Apogee's own broker) instead. */
    public static final String EXTERNAL_NAMESRV = System.getProperty("apogee.it.namesrv");
    /** {@code apogee}: run the interop suites against our own name server + broker started in this JVM. */
    public static final boolean AGAINST_APOGEE = "apogee".equals(System.getProperty("apogee.it.target"));
    private static volatile ApogeeServers apogee;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        if (EXTERNAL_NAMESRV != null) {
            return;
        }
        if (AGAINST_APOGEE) {
            synchronized (ApacheServers.class) {
                if (apogee == null) {
                    apogee = ApogeeServers.start();
                    awaitDefaultTopicRoute();
                    context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL).put("apogee", apogee);
                }
            }
            return;
        }
        synchronized (ApacheServers.class) {
            if (servers == null) {
                servers = startWithRetries();
                awaitDefaultTopicRoute();
                context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL).put("apache-rocketmq", new Stopper());
            }
        }
    }

    /** Ports are picked free but may be taken by another process before the broker binds them: try again. */
    private static ApacheRocketMq startWithRetries() throws Exception {
        Exception last = null;
        for (int attempt = 0; attempt < 3; attempt++) {
            Path dir = Files.createTempDirectory(Files.createDirectories(Path.of("target")), "apogee-client-interop");
            ApacheRocketMq started = ApacheRocketMq.startNamesrv(dir);
            try {
                started.startBroker("broker-a", Map.of(
                        "messageDelayLevel", "1s 1s 1s 1s 1s 2s 2s 2s 2s 2s 2s 2s 2s 2s 2s 2s 2s 2s",
                        "transactionCheckInterval", "1000",
                        "transactionTimeOut", "1000"));
                return started;
            } catch (Exception e) {
                last = e;
                started.close();
            }
        }
        throw last;
    }

    /** The broker registers TBW102 shortly after "boot success"; sends to new topics need it. */
    private static void awaitDefaultTopicRoute() throws Exception {
        dev.apogee.client.producer.Producer probe = new dev.apogee.client.producer.Producer(
                ApacheServers.producerConfig(unique("probe")).setClientConfig(client(unique("probe"))));
        probe.start();
        try {
            org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(60))
                    .pollInterval(java.time.Duration.ofMillis(200)).ignoreExceptions()
                    .until(() -> !probe.publishQueues("TBW102").isEmpty());
        } finally {
            probe.shutdown();
        }
    }

    /** Closed by JUnit when the root context ends, i.e. after the last test of the run. */
    private static final class Stopper implements AutoCloseable {
        @Override
        public void close() throws Exception {
            synchronized (ApacheServers.class) {
                if (servers != null) {
                    servers.close();
                    servers = null;
                }
            }
        }
    }

    /** Our own servers when running with {@code -Dapogee.it.target=apogee}, else null. */
    static ApogeeServers apogee() {
        return apogee;
    }

    /** The Apache servers, or null when running against {@link #EXTERNAL_NAMESRV}. */
    public static ApacheRocketMq servers() {
        return servers;
    }

    public static String namesrv() {
        if (EXTERNAL_NAMESRV != null) {
            return EXTERNAL_NAMESRV;
        }
        return AGAINST_APOGEE ? apogee.namesrvAddress() : servers.namesrvAddress();
    }

    /** A client config on the shared namesrv with its own instance name (so several clients can share a group). */
    public static ClientConfig client(String instanceName) {
        return new ClientConfig().setNamesrvAddress(namesrv()).setInstanceName(instanceName)
                .setRebalanceIntervalMillis(2_000).setRpcTimeoutMillis(10_000);
    }

    /**
     * A producer config with a 10 s send budget: the shared 2-core box sometimes stalls the broker for seconds
     * (load average 40+ while other modules build), which the official 3 s default does not survive.
     */
    public static dev.apogee.client.producer.ProducerConfig producerConfig(String group) {
        return new dev.apogee.client.producer.ProducerConfig(group).setSendTimeoutMillis(10_000);
    }

    /** The master address of {@code brokerName}, as the name server reports it. */
    public static String brokerAddress(String brokerName) throws Exception {
        try (dev.apogee.client.admin.AdminClient admin = new dev.apogee.client.admin.AdminClient(client(unique("a")))) {
            admin.start();
            return admin.clusterInfo().getBrokerAddrTable().get(brokerName).masterAddr();
        }
    }

    public static String unique(String prefix) {
        return prefix + "_" + ProcessHandle.current().pid() + "_" + SEQUENCE.incrementAndGet();
    }
}

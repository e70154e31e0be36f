package dev.apogee.client.transaction;

import dev.apogee.client.ClientConfig;
import dev.apogee.client.admin.AdminClient;
import dev.apogee.client.pop.PopConsumerConfig;
import dev.apogee.client.pop.PoppedMessage;
import dev.apogee.client.pop.SimpleConsumer;
import dev.apogee.namesrv.NameServer;
import dev.apogee.namesrv.config.NamesrvConfig;
import org.apache.rocketmq.client.consumer.DefaultMQPullConsumer;
import org.apache.rocketmq.client.consumer.PullResult;
import org.apache.rocketmq.client.consumer.PullStatus;
import org.apache.rocketmq.common.message.MessageQueue;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A prepared branch survives kill -9 of its broker (a child JVM, {@code BrokerStartup}): after a restart on the same
 * store, recover lists it and the commit materializes it.
 */
@Tag("slow")
class BranchKillTest {
    private static final String BROKER = "branch-child";

    @TempDir
    Path dir;
    NameServer namesrv;
    Process child;
    BranchClient client;

    @AfterEach
    void stop() throws Exception {
        if (client != null) {
            client.shutdown();
        }
        if (child != null) {
            child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        if (namesrv != null) {
            namesrv.close();
        }
    }

    @Test
    void preparedBranchSurvivesKill9() throws Exception {
        namesrv = new NameServer(new NamesrvConfig().setListenPort(0).setBindAddress("127.0.0.1")
                .setKvConfigPath(dir.resolve("namesrv").resolve("kvConfig.json"))).start();
        Path conf = writeConf();
        child = launch(conf, "first");
        client = new BranchClient(new ClientConfig().setNamesrvAddress(namesrv.localAddress())
                .setInstanceName("kill-" + System.nanoTime()).setRpcTimeoutMillis(5_000), "branch-kill-producer");
        client.start();
        Awaitility.await().atMost(Duration.ofSeconds(30)).ignoreExceptions()
                .until(() -> client.brokerNames().contains(BROKER)); // registered with the name server
        String topic = "branch-kill-" + System.nanoTime();
        String branch = "X:1:" + UUID.randomUUID().toString().replace("-", "") + ":00";
        List<BranchHalf> halves = List.of(
                client.send(branch, BranchClientTest.message(topic, "survivor-1")),
                client.send(branch, BranchClientTest.message(topic, "survivor-2")));
        client.prepare(BROKER, branch, halves, List.of(new BranchAck("g-kill", topic, BROKER, 0, 1)), false);

        child.destroyForcibly().waitFor(10, TimeUnit.SECONDS); // SIGKILL right after the prepare was acknowledged
        child = launch(conf, "second");

        List<String> inDoubt = Awaitility.await().atMost(Duration.ofSeconds(30)).ignoreExceptions()
                .until(() -> client.recover(BROKER), ids -> ids.contains(branch));
        assertTrue(inDoubt.contains(branch));
        client.commit(BROKER, branch);
        // killed again at once, before the periodic offset persistence: the committed ack is re-applied at start
        child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        child = launch(conf, "third");

        assertEquals(Set.of("survivor-1", "survivor-2"), Awaitility.await().atMost(Duration.ofSeconds(20))
                .ignoreExceptions().until(() -> readAll(topic), bodies -> bodies.size() >= 2));
        assertEquals(1L, Awaitility.await().atMost(Duration.ofSeconds(30)).ignoreExceptions()
                .until(() -> committedOffset("g-kill", topic, 0), offset -> offset >= 0));
    }

    /**
     * A branch committed in one request (BRANCH_COMMIT_LOCAL) is on disk when the answer comes: kill -9 right after
     * it loses nothing and duplicates nothing, and its ack is applied after the restart. Halves sent and never
     * prepared — the state a crash leaves a branch of halves in before its decision — stay invisible after the
     * restart. (A crash in the middle of a local commit's append is a torn atomic group, cut whole by recovery:
     * {@code AtomicGroupTest} in the store.)
     */
    @Test
    void localCommitSurvivesKill9AndHalvesWithoutADecisionStayInvisible() throws Exception {
        namesrv = new NameServer(new NamesrvConfig().setListenPort(0).setBindAddress("127.0.0.1")
                .setKvConfigPath(dir.resolve("namesrv").resolve("kvConfig.json"))).start();
        Path conf = writeConf();
        child = launch(conf, "first");
        client = new BranchClient(new ClientConfig().setNamesrvAddress(namesrv.localAddress())
                .setInstanceName("kill-local-" + System.nanoTime()).setRpcTimeoutMillis(5_000), "branch-kill-local");
        client.start();
        Awaitility.await().atMost(Duration.ofSeconds(30)).ignoreExceptions()
                .until(() -> client.brokerNames().contains(BROKER));
        String topic = "branch-kill-local-" + System.nanoTime();
        String undecidedTopic = "branch-kill-undecided-" + System.nanoTime();
        createTopic(topic);
        createTopic(undecidedTopic);
        String undecided = "L:" + UUID.randomUUID();
        client.send(undecided, BranchClientTest.message(undecidedTopic, "never-1"));
        client.send(undecided, BranchClientTest.message(undecidedTopic, "never-2"));
        String committed = "L:" + UUID.randomUUID();
        List<BranchMessage> messages = new ArrayList<>();
        for (String body : List.of("local-1", "local-2", "local-3")) {
            messages.add(new BranchMessage(BranchClientTest.message(topic, body), client.queueFor(topic, 0)));
        }
        client.commitLocal(BROKER, committed, messages, List.of(new BranchAck("g-kill-local", topic, BROKER, 1, 2)));

        child.destroyForcibly().waitFor(10, TimeUnit.SECONDS); // SIGKILL right after the commit was answered
        child = launch(conf, "second");

        List<String> visible = Awaitility.await().atMost(Duration.ofSeconds(20)).ignoreExceptions()
                .until(() -> readList(topic), bodies -> bodies.size() >= 3);
        assertEquals(List.of("local-1", "local-2", "local-3"), visible);
        assertEquals(2L, Awaitility.await().atMost(Duration.ofSeconds(30)).ignoreExceptions()
                .until(() -> committedOffset("g-kill-local", topic, 1), offset -> offset >= 0));
        String marker = "L:" + UUID.randomUUID(); // committed after the restart: once it is visible, all is dispatched
        client.commitLocal(BROKER, marker, List.of(new BranchMessage(BranchClientTest.message(undecidedTopic,
                "marker"), client.queueFor(undecidedTopic, 0))), List.of());
        assertEquals(List.of("marker"), Awaitility.await().atMost(Duration.ofSeconds(20)).ignoreExceptions()
                .until(() -> readList(undecidedTopic), bodies -> bodies.contains("marker")));
        assertFalse(client.recover(BROKER).contains(undecided));
    }

    /**
     * kill -9 right after a local commit that acked a popped message and a prepare that holds another: after the
     * restart the acked one never comes back (the POP journal's ack records were in the commit's atomic group), the
     * held one stays held until the commit, and only the message no branch took comes back.
     */
    @Test
    void popAcksOfACommittedAndOfAPreparedBranchSurviveKill9() throws Exception {
        namesrv = new NameServer(new NamesrvConfig().setListenPort(0).setBindAddress("127.0.0.1")
                .setKvConfigPath(dir.resolve("namesrv").resolve("kvConfig.json"))).start();
        Path conf = writeConf();
        child = launch(conf, "first");
        ClientConfig config = new ClientConfig().setNamesrvAddress(namesrv.localAddress())
                .setInstanceName("kill-pop-" + System.nanoTime()).setRpcTimeoutMillis(5_000);
        client = new BranchClient(config, "branch-kill-pop");
        client.start();
        Awaitility.await().atMost(Duration.ofSeconds(30)).ignoreExceptions()
                .until(() -> client.brokerNames().contains(BROKER));
        String topic = "branch-kill-pop-" + System.nanoTime();
        createTopic(topic);
        List<BranchMessage> seed = new ArrayList<>();
        for (String body : List.of("acked", "held", "free")) {
            seed.add(new BranchMessage(BranchClientTest.message(topic, body), client.queueFor(topic, 0)));
        }
        client.commitLocal(BROKER, "L:" + UUID.randomUUID(), seed, List.of());
        String group = "g-kill-pop-" + System.nanoTime();
        String prepared = "X:1:" + UUID.randomUUID().toString().replace("-", "") + ":00";
        try (SimpleConsumer consumer = popConsumer(group, topic)) {
            Map<String, PoppedMessage> popped = BranchPopAckTest.popAll(consumer, 3, BranchPopAckTest.INVISIBLE);
            client.prepare(BROKER, prepared, List.of(), List.of(), false,
                    List.of(BranchPopAck.of(group, popped.get("held"))));
            client.commitLocal(BROKER, "L:" + UUID.randomUUID(), List.of(), List.of(),
                    List.of(BranchPopAck.of(group, popped.get("acked"))));
        }

        child.destroyForcibly().waitFor(10, TimeUnit.SECONDS); // SIGKILL right after the commit was answered
        child = launch(conf, "second");

        Awaitility.await().atMost(Duration.ofSeconds(30)).ignoreExceptions()
                .until(() -> client.recover(BROKER), ids -> ids.contains(prepared));
        try (SimpleConsumer consumer = popConsumer(group, topic)) {
            Map<String, PoppedMessage> back = BranchPopAckTest.popAll(consumer, 1, Duration.ofMinutes(10));
            assertEquals(Set.of("free"), back.keySet());
            BranchPopAckTest.assertNothingComesBack(consumer);
            client.commit(BROKER, prepared);
            BranchPopAckTest.assertNothingComesBack(consumer);
        }
    }

    private SimpleConsumer popConsumer(String group, String topic) throws Exception {
        SimpleConsumer consumer = new SimpleConsumer(new PopConsumerConfig(group, topic).setClientConfig(
                new ClientConfig().setNamesrvAddress(namesrv.localAddress())
                        .setInstanceName("kill-pop-consumer-" + System.nanoTime()).setRpcTimeoutMillis(5_000)));
        Awaitility.await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> {
            consumer.start(); // the restarted broker's route may take a moment to come back
            return true;
        });
        return consumer;
    }

    private void createTopic(String topic) throws Exception {
        try (AdminClient admin = new AdminClient(new ClientConfig().setNamesrvAddress(namesrv.localAddress())
                .setInstanceName("kill-topic-" + System.nanoTime()))) {
            admin.start();
            admin.createTopic(topic, 4);
            Awaitility.await().atMost(Duration.ofSeconds(10)).ignoreExceptions()
                    .until(() -> admin.route(topic) != null);
        }
    }

    private List<String> readList(String topic) throws Exception {
        DefaultMQPullConsumer reader = new DefaultMQPullConsumer("branch-kill-reader");
        reader.setNamesrvAddr(namesrv.localAddress());
        reader.setInstanceName("kill-reader-" + System.nanoTime());
        reader.start();
        try {
            List<String> bodies = new ArrayList<>();
            List<MessageQueue> queues = new ArrayList<>(reader.fetchSubscribeMessageQueues(topic));
            queues.sort(java.util.Comparator.comparingInt(MessageQueue::getQueueId));
            for (MessageQueue queue : queues) {
                PullResult result = reader.pull(queue, "*", 0, 32);
                if (result.getPullStatus() == PullStatus.FOUND) {
                    result.getMsgFoundList().forEach(m -> bodies.add(new String(m.getBody(), StandardCharsets.UTF_8)));
                }
            }
            return bodies;
        } finally {
            reader.shutdown();
        }
    }

    private long committedOffset(String group, String topic, int queueId) throws Exception {
        try (AdminClient admin = new AdminClient(new ClientConfig().setNamesrvAddress(namesrv.localAddress())
                .setInstanceName("kill-admin-" + System.nanoTime()))) {
            admin.start();
            return admin.consumerOffsets(group, topic).entrySet().stream().filter(e -> e.getKey().queueId() == queueId)
                    .mapToLong(e -> e.getValue()).findFirst().orElse(-1);
        }
    }

    private Path writeConf() throws Exception {
        Path conf = dir.resolve("broker.conf");
        Files.writeString(conf, String.join("\n",
                "brokerName=" + BROKER,
                "listenPort=" + freePort(),
                "bindAddress=127.0.0.1",
                "brokerIP1=127.0.0.1",
                "namesrvAddr=" + namesrv.localAddress(),
                "storePathRootDir=" + dir.resolve("store"),
                "mappedFileSizeCommitLog=" + (16L * 1024 * 1024)) + "\n");
        return conf;
    }

    /** Starts the child broker and waits (bounded) until it says it has started. */
    private Process launch(Path conf, String run) throws Exception {
        Path out = dir.resolve("broker-" + run + ".out");
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String logConfig = dev.apogee.broker.BrokerStartup.class.getResource("/logback.xml").toString();
        Process process = new ProcessBuilder(javaBin, "-Xms64m", "-Xmx256m", "-XX:MaxDirectMemorySize=256m",
                "-Dlogback.configurationFile=" + logConfig, "-Dapogee.log.dir=" + dir.resolve("logs"),
                "-cp", System.getProperty("java.class.path"), "dev.apogee.broker.BrokerStartup", "-c", conf.toString())
                .redirectErrorStream(true).redirectOutput(out.toFile()).start();
        Awaitility.await().atMost(Duration.ofSeconds(60)).until(() -> {
            if (!process.isAlive()) {
                throw new AssertionError("child broker exited: " + Files.readString(out));
            }
            return Files.readString(out).contains("BROKER-STARTED");
        });
        return process;
    }

    private Set<String> readAll(String topic) throws Exception {
        DefaultMQPullConsumer reader = new DefaultMQPullConsumer("branch-kill-reader");
        reader.setNamesrvAddr(namesrv.localAddress());
        reader.setInstanceName("kill-reader-" + System.nanoTime());
        reader.start();
        try {
            Set<String> bodies = new HashSet<>();
            for (MessageQueue queue : reader.fetchSubscribeMessageQueues(topic)) {
                PullResult result = reader.pull(queue, "*", 0, 32);
                if (result.getPullStatus() == PullStatus.FOUND) {
                    result.getMsgFoundList().forEach(m -> bodies.add(new String(m.getBody(), StandardCharsets.UTF_8)));
                }
            }
            return bodies;
        } finally {
            reader.shutdown();
        }
    }

    private static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}

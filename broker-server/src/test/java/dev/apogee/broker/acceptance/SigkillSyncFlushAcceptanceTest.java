package dev.apogee.broker.acceptance;

import dev.apogee.broker.fixture.ChildBroker;
import dev.apogee.namesrv.NameServer;
import dev.apogee.namesrv.config.NamesrvConfig;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;

import static dev.apogee.broker.acceptance.OfficialClients.bytes;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * kill -9 under SYNC_FLUSH: the broker runs in a child JVM ({@code BrokerStartup} with a temporary conf, this JVM's
 * classpath), producers record every SEND_OK, the child is killed with {@code destroyForcibly()} mid-run, restarted
 * on the same store, and every acknowledged message must be readable.
 */
@Tag("slow")
class SigkillSyncFlushAcceptanceTest {
    private static final int PRODUCER_THREADS = 8;

    @TempDir
    Path dir;
    private NameServer namesrv;
    private Process child;

    @AfterEach
    void stop() {
        if (child != null) {
            child.destroyForcibly();
        }
        if (namesrv != null) {
            namesrv.shutdown();
        }
    }

    @Test
    void everyAcknowledgedMessageSurvivesKill9() throws Exception {
        namesrv = new NameServer(new NamesrvConfig().setListenPort(0).setBindAddress("127.0.0.1")
                .setKvConfigPath(dir.resolve("kvConfig.json")));
        namesrv.start();
        String namesrvAddress = "127.0.0.1:" + namesrv.port();
        Path conf = dir.resolve("broker.conf");
        Files.writeString(conf, String.join("\n",
                "brokerClusterName=" + AcceptanceServers.CLUSTER,
                "brokerName=broker-kill",
                "listenPort=" + ChildBroker.freePort(),
                "bindAddress=127.0.0.1",
                "brokerIP1=127.0.0.1",
                "namesrvAddr=" + namesrvAddress,
                "storePathRootDir=" + dir.resolve("store"),
                "flushDiskType=SYNC_FLUSH",
                "mappedFileSizeCommitLog=33554432", ""), StandardCharsets.UTF_8);
        child = startChild(conf, 1);

        String topic = OfficialClients.unique("KillTopic");
        Set<String> acknowledged = ConcurrentHashMap.newKeySet();
        AtomicBoolean running = new AtomicBoolean(true);
        DefaultMQProducer producer = OfficialClients.producer(namesrvAddress, "pg-kill");
        producer.setRetryTimesWhenSendFailed(0);
        producer.setSendMsgTimeout(3_000);
        producer.start();
        List<Thread> threads = new ArrayList<>();
        try {
            await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> producer.send(
                    new Message(topic, bytes("create"))).getSendStatus() == SendStatus.SEND_OK);
            acknowledged.add("create");
            for (int t = 0; t < PRODUCER_THREADS; t++) {
                int thread = t;
                Thread sender = new Thread(() -> {
                    for (int i = 0; running.get(); i++) {
                        String body = "k-" + thread + "-" + i;
                        try {
                            SendResult result = producer.send(new Message(topic, bytes(body)));
                            if (result.getSendStatus() == SendStatus.SEND_OK) {
                                acknowledged.add(body);
                            }
                        } catch (Exception e) {
                            // the broker is gone: unacknowledged sends may or may not be stored
                        }
                    }
                }, "kill-producer-" + t);
                sender.start();
                threads.add(sender);
            }
            await().atMost(Duration.ofSeconds(60)).until(() -> acknowledged.size() >= 600);
            child.destroyForcibly().waitFor();
            running.set(false);
            for (Thread sender : threads) {
                sender.join(30_000);
            }
        } finally {
            running.set(false);
            producer.shutdown();
        }
        int acked = acknowledged.size();

        child = startChild(conf, 2);
        Set<String> stored = new HashSet<>();
        await("restarted broker serves the topic").atMost(Duration.ofSeconds(60)).ignoreExceptions().until(() -> {
            stored.clear();
            stored.addAll(OfficialClients.readAll(namesrvAddress, topic).stream().map(OfficialClients::body)
                    .collect(Collectors.toSet()));
            return !stored.isEmpty();
        });
        Set<String> lost = new HashSet<>(acknowledged);
        lost.removeAll(stored);
        assertTrue(lost.isEmpty(), lost.size() + " of " + acked + " acknowledged messages lost, e.g. "
                + lost.stream().limit(10).toList());
        assertTrue(stored.size() >= acked, "stored " + stored.size() + ", acknowledged " + acked);
        System.out.printf("kill -9 under SYNC_FLUSH: %d sends acknowledged before the kill, %d messages stored after "
                + "restart, none lost%n", acked, stored.size());
    }

    private Process startChild(Path conf, int run) throws IOException {
        return ChildBroker.start(dir, conf, run, "-Xms128m", "-Xmx256m", "-XX:MaxDirectMemorySize=256m");
    }
}

package dev.apogee.broker.pop;

import dev.apogee.broker.fixture.ChildBroker;
import dev.apogee.namesrv.NameServer;
import dev.apogee.namesrv.config.NamesrvConfig;
import dev.apogee.store.powercut.PowerCutFs;
import org.apache.rocketmq.client.consumer.AckResult;
import org.apache.rocketmq.client.consumer.PopResult;
import org.apache.rocketmq.client.consumer.PopStatus;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
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
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The proof issue 25 asks for: the official 5.3.3 client popping from a SYNC_FLUSH broker in a child JVM that is
 * killed with kill -9 ({@code destroyForcibly}) {@value #KILLS} times under load (2 producers, 3 pop consumers). At
 * the end every message whose send the broker acknowledged was delivered to a consumer, and no message whose ack the
 * broker answered OK was handed out again by a pop sent after that answer. (An ack the kill cut off before its answer
 * may or may not have been stored: its message was delivered either way.) The same across {@value #CUTS} power cuts:
 * the broker's store on the power-cut filesystem ({@link PowerCutFs}), which after each kill loses everything not
 * fsynced (fewer rounds than the kills: PowerCutSyncFlushTest is the power-cut suite, with 50 cuts).
 */
@Tag("slow")
class PopSigkillTest {
    private static final int KILLS = 20;
    private static final int CUTS = 10;
    private static final String TOPIC = "PopKillTopic";
    private static final String GROUP = "cg-pop-kill";

    @TempDir
    Path dir;
    private NameServer namesrv;
    private Process child;
    /** Set by the power-cut variant: the broker's store lives there and each kill also cuts its power. */
    private PowerCutFs fs;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final AtomicBoolean producing = new AtomicBoolean(true);
    private final List<Thread> threads = new ArrayList<>();

    @AfterEach
    void stop() throws InterruptedException {
        running.set(false);
        for (Thread t : threads) {
            t.join(10_000);
        }
        if (child != null) {
            child.destroyForcibly().waitFor();
        }
        if (fs != null) {
            try {
                fs.close();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
        if (namesrv != null) {
            namesrv.shutdown();
        }
    }

    @Test
    void nothingAcknowledgedIsLostAndNothingAckedComesBackAcrossKill9s() throws Exception {
        run(dir.resolve("store"), "kill -9", KILLS);
    }

    @Test
    void nothingAcknowledgedIsLostAndNothingAckedComesBackAcrossPowerCuts() throws Exception {
        assumeTrue(PowerCutFs.unavailableReason().isEmpty(),
                () -> "power-cut variant skipped: " + PowerCutFs.unavailableReason().orElseThrow());
        fs = PowerCutFs.mount(dir.resolve("disk"));
        run(fs.root().resolve("store"), "power cuts", CUTS);
    }

    private void run(Path storeRoot, String what, int kills) throws Exception {
        namesrv = new NameServer(new NamesrvConfig().setListenPort(0).setBindAddress("127.0.0.1")
                .setKvConfigPath(dir.resolve("kvConfig.json")));
        namesrv.start();
        String namesrvAddress = "127.0.0.1:" + namesrv.port();
        int port = ChildBroker.freePort();
        String brokerAddress = "127.0.0.1:" + port;
        Path conf = dir.resolve("broker.conf");
        Files.writeString(conf, String.join("\n", "brokerClusterName=PopKillCluster", "brokerName=broker-popkill",
                "listenPort=" + port, "bindAddress=127.0.0.1", "brokerIP1=127.0.0.1", "namesrvAddr=" + namesrvAddress,
                "storePathRootDir=" + storeRoot, "flushDiskType=SYNC_FLUSH",
                "mappedFileSizeCommitLog=33554432", ""), StandardCharsets.UTF_8);
        child = startChild(conf, 0);
        setUpGroup(namesrvAddress, brokerAddress);

        Set<String> sentOk = ConcurrentHashMap.newKeySet();
        Map<String, Long> ackedOkAt = new ConcurrentHashMap<>();
        Set<String> delivered = ConcurrentHashMap.newKeySet();
        ConcurrentLinkedQueue<String> violations = new ConcurrentLinkedQueue<>();
        DefaultMQProducer producer = new DefaultMQProducer("pg-pop-kill");
        producer.setNamesrvAddr(namesrvAddress);
        producer.setInstanceName("pg-pop-kill");
        producer.setRetryTimesWhenSendFailed(0);
        producer.setSendMsgTimeout(3_000);
        producer.start();
        List<OfficialPopClient> clients = new ArrayList<>();
        try {
            for (int p = 0; p < 2; p++) {
                int id = p;
                spawn("pop-kill-producer-" + p, () -> produce(producer, id, sentOk));
            }
            for (int c = 0; c < 3; c++) {
                OfficialPopClient client = new OfficialPopClient(namesrvAddress, "broker-popkill", brokerAddress);
                clients.add(client);
                spawn("pop-kill-consumer-" + c, () -> consume(client, delivered, ackedOkAt, violations));
            }
            for (int kill = 1; kill <= kills; kill++) {
                int sentBefore = sentOk.size();
                await().atMost(Duration.ofSeconds(60)).until(() -> sentOk.size() >= sentBefore + 50);
                child.destroyForcibly().waitFor();
                if (fs != null) {
                    fs.powerCut(kill % 2 == 0 ? kill : 0); // every other cut tears the writes in flight
                }
                child = startChild(conf, kill);
            }
            int sentBeforeEnd = sentOk.size();
            await().atMost(Duration.ofSeconds(60)).until(() -> sentOk.size() >= sentBeforeEnd + 50);
            producing.set(false);
            for (Thread t : threads.subList(0, 2)) {
                t.join(30_000);
            }
            long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
            while (!delivered.containsAll(sentOk) && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
        } finally {
            running.set(false);
            producer.shutdown();
            for (Thread t : threads) {
                t.join(15_000);
            }
            clients.forEach(OfficialPopClient::close);
        }
        Set<String> lost = new HashSet<>(sentOk);
        lost.removeAll(delivered);
        assertTrue(lost.isEmpty(), lost.size() + " acknowledged sends never consumed, e.g. " + lost.stream().limit(5)
                .toList());
        assertTrue(violations.isEmpty(), violations.size() + " acked messages handed out again, e.g. "
                + violations.stream().limit(5).toList());
        System.out.printf("POP across %d %s: %d acknowledged sends, all delivered, none redelivered after its ack, %d"
                + " acks answered OK%n", kills, what, sentOk.size(), ackedOkAt.size());
    }

    private void setUpGroup(String namesrvAddress, String brokerAddress) throws Exception {
        DefaultMQAdminExt admin = PopFixture.admin(namesrvAddress);
        try {
            // redeliveries across kills never dead-letter here
            PopFixture.popGroup(admin, brokerAddress, TOPIC, 4, GROUP, 1_000);
        } finally {
            admin.shutdown();
        }
    }

    private void produce(DefaultMQProducer producer, int id, Set<String> sentOk) {
        for (int i = 0; running.get() && producing.get(); i++) {
            String body = "p" + id + "-" + i;
            try {
                SendResult r = producer.send(new Message(TOPIC, body.getBytes(StandardCharsets.UTF_8)));
                if (r.getSendStatus() == SendStatus.SEND_OK) {
                    sentOk.add(body);
                }
            } catch (Exception e) {
                pause(); // broker down: the send may or may not be stored
            }
        }
    }

    private void consume(OfficialPopClient client, Set<String> delivered, Map<String, Long> ackedOkAt,
            ConcurrentLinkedQueue<String> violations) {
        while (running.get()) {
            try {
                long popSentAt = System.nanoTime();
                PopResult r = client.pop(GROUP, TOPIC, -1, 16, 3_000, 1_000, "TAG", "*");
                if (r.getPopStatus() != PopStatus.FOUND) {
                    continue;
                }
                for (MessageExt m : r.getMsgFoundList()) {
                    String body = new String(m.getBody(), StandardCharsets.UTF_8);
                    delivered.add(body);
                    Long ackedAt = ackedOkAt.get(body);
                    if (ackedAt != null && ackedAt < popSentAt) {
                        violations.add(body + " (reconsumeTimes " + m.getReconsumeTimes() + ")");
                    }
                    AckResult ack = client.ack(client.ackHeader(GROUP, m));
                    if (OfficialPopClient.ok(ack)) {
                        ackedOkAt.putIfAbsent(body, System.nanoTime());
                    }
                }
            } catch (Exception e) {
                pause(); // broker down or restarting
            }
        }
    }

    private void spawn(String name, Runnable body) {
        Thread t = new Thread(body, name);
        t.setDaemon(true);
        t.start();
        threads.add(t);
    }

    private static void pause() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private Process startChild(Path conf, int run) throws IOException {
        return ChildBroker.start(dir, conf, run, "-Xms64m", "-Xmx256m", "-XX:MaxDirectMemorySize=256m",
                "-XX:TieredStopAtLevel=1");
    }
}

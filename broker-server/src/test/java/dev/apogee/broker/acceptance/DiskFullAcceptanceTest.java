package dev.apogee.broker.acceptance;

import dev.apogee.broker.fixture.ChildBroker;
import dev.apogee.store.disk.SmallTmpfs;
import dev.apogee.namesrv.NameServer;
import dev.apogee.namesrv.config.NamesrvConfig;
import dev.apogee.remoting.protocol.ResponseCode;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static dev.apogee.broker.acceptance.OfficialClients.bytes;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A full disk, end to end: the broker runs in a child JVM with its store on a 48 MiB tmpfs; the official 5.3.3
 * producer sends until the broker refuses (another process's filler file took the space, so this is the ENOSPC path,
 * the ratio threshold being set out of reach); every acknowledged message is then read back intact; the filler is
 * deleted and sends resume with no restart; and a restart after the episode still has every acknowledged message.
 */
@Tag("slow")
class DiskFullAcceptanceTest {
    private static final String PAYLOAD = "x".repeat(1_000);

    @TempDir
    Path dir;
    private NameServer namesrv;
    private Process child;
    private SmallTmpfs fs;

    @AfterEach
    void stop() throws Exception {
        try {
            if (child != null) {
                child.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
            if (namesrv != null) {
                namesrv.shutdown();
            }
        } finally {
            if (fs != null) {
                fs.close();
            }
        }
    }

    @Test
    void sendsAreRefusedNothingAcknowledgedIsLostAndSendingResumesWithoutRestart() throws Exception {
        fs = SmallTmpfs.mount(dir, 48);
        namesrv = new NameServer(new NamesrvConfig().setListenPort(0).setBindAddress("127.0.0.1")
                .setKvConfigPath(dir.resolve("kvConfig.json")));
        namesrv.start();
        String namesrvAddress = "127.0.0.1:" + namesrv.port();
        Path conf = dir.resolve("broker.conf");
        Files.writeString(conf, String.join("\n",
                "brokerClusterName=" + AcceptanceServers.CLUSTER,
                "brokerName=broker-diskfull",
                "listenPort=" + ChildBroker.freePort(),
                "bindAddress=127.0.0.1",
                "brokerIP1=127.0.0.1",
                "namesrvAddr=" + namesrvAddress,
                "storePathRootDir=" + fs.path().resolve("store"),
                "mappedFileSizeCommitLog=4194304",
                "mappedFileSizeConsumeQueue=60000",
                "maxHashSlotNum=1000",
                "maxIndexNum=4000",
                // the ENOSPC path: no ratio refuses first, and no forced deletion of commit-log files (RocketMQ's
                // diskMaxUsedSpaceRatio deletes unconsumed messages to make room: not what this test is about)
                "diskSpaceWarningLevelRatio=100",
                "diskMaxUsedSpaceRatio=100",
                "cleanResourceInterval=500", ""), StandardCharsets.UTF_8);
        child = startChild(conf, 1);

        String topic = OfficialClients.unique("FullTopic");
        Set<String> acknowledged = new HashSet<>();
        DefaultMQProducer producer = OfficialClients.producer(namesrvAddress, "pg-diskfull");
        producer.setRetryTimesWhenSendFailed(0);
        producer.setSendMsgTimeout(5_000);
        producer.start();
        try {
            OfficialClients.createTopic(producer, topic);
            acknowledged.add("create");
            for (int i = 0; i < 200; i++) {
                send(producer, topic, "before-" + i, acknowledged);
            }
            Path filler = fs.fill("filler-of-another-process");
            MQBrokerException refusal = null;
            for (int i = 0; i < 60_000 && refusal == null; i++) { // bounded: the tmpfs holds far fewer
                try {
                    send(producer, topic, "full-" + i, acknowledged);
                } catch (Exception e) {
                    refusal = brokerRefusal(e);
                }
            }
            assertNotNull(refusal, "the broker never refused a send");
            assertEquals(ResponseCode.SERVICE_NOT_AVAILABLE, refusal.getResponseCode());
            assertTrue(refusal.getErrorMessage().startsWith(ResponseCode.DISK_FULL_REMARK),
                    "a meaningful remark: " + refusal.getErrorMessage());

            assertEquals(acknowledged, stored(namesrvAddress, topic), "readable while the disk is full");

            Files.delete(filler);
            await("sends resume without a restart").atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200))
                    .ignoreExceptions().until(() -> {
                        send(producer, topic, "after", acknowledged);
                        return true;
                    });
            for (int i = 0; i < 100; i++) {
                send(producer, topic, "after-" + i, acknowledged);
            }
            await("everything acknowledged is readable").atMost(Duration.ofSeconds(30)).ignoreExceptions()
                    .until(() -> stored(namesrvAddress, topic).equals(acknowledged));
        } finally {
            producer.shutdown();
        }
        System.out.printf("full disk: %d sends acknowledged (the broker refused the rest with code 14 %s)%n",
                acknowledged.size(), ResponseCode.DISK_FULL_REMARK);

        child.destroy(); // an orderly stop after the episode
        assertTrue(child.waitFor(60, TimeUnit.SECONDS), "broker stopped");
        child = startChild(conf, 2);
        await("restarted broker serves every acknowledged message").atMost(Duration.ofSeconds(60))
                .ignoreExceptions().until(() -> stored(namesrvAddress, topic).equals(acknowledged));
    }

    private static void send(DefaultMQProducer producer, String topic, String id, Set<String> acknowledged)
            throws Exception {
        if (producer.send(new Message(topic, bytes(id + ":" + PAYLOAD))).getSendStatus() == SendStatus.SEND_OK) {
            acknowledged.add(id);
        }
    }

    /** The broker's answer in the official client's exception chain; any other failure is rethrown. */
    private static MQBrokerException brokerRefusal(Exception e) throws Exception {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof MQBrokerException broker) {
                return broker;
            }
        }
        throw e;
    }

    /** Ids of the stored messages, each checked intact (its payload whole). */
    private static Set<String> stored(String namesrv, String topic) throws Exception {
        List<String> bodies = OfficialClients.readAll(namesrv, topic).stream().map(OfficialClients::body).toList();
        Set<String> ids = bodies.stream().map(b -> b.equals("create") ? b : b.substring(0, b.indexOf(':')))
                .collect(Collectors.toSet());
        for (String b : bodies) {
            assertTrue(b.equals("create") || b.endsWith(":" + PAYLOAD), "damaged body: " + b);
        }
        assertEquals(bodies.size(), ids.size(), "no message stored twice");
        return ids;
    }

    private Process startChild(Path conf, int run) throws Exception {
        return ChildBroker.start(dir, conf, run, "-Xms128m", "-Xmx256m", "-XX:MaxDirectMemorySize=256m");
    }
}

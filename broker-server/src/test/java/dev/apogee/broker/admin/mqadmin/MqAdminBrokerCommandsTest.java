package dev.apogee.broker.admin.mqadmin;

import dev.apogee.broker.fixture.BrokerFixture;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.apogee.broker.admin.mqadmin.MqAdmin.find;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The official mqadmin's cluster, broker and topic commands against our name server and broker: clusterList,
 * brokerStatus, getBrokerConfig / updateBrokerConfig, topicList, topicRoute, topicStatus, updateTopic, deleteTopic.
 */
@Tag("slow")
class MqAdminBrokerCommandsTest {
    private static final String TOPIC = "OpsTraffic";
    private static final int FIRST_BATCH = 40;
    private static final AtomicInteger sent = new AtomicInteger();

    @TempDir
    static Path dir;
    static BrokerFixture fixture;
    static MqAdmin mqadmin;
    static DefaultMQProducer producer;

    @BeforeAll
    static void start() throws Exception {
        fixture = BrokerFixture.start(dir, config -> { });
        mqadmin = new MqAdmin(fixture.namesrvAddress());
        producer = fixture.producer("pg-ops-broker");
        producer.setSendMsgTimeout(15_000); // a loaded build machine: the first send creates the topic
        send(FIRST_BATCH);
    }

    /** Sends right before a rate is read, so the last minute holds traffic however long earlier tests took. */
    private static void send(int count) throws Exception {
        for (int i = 0; i < count; i++) {
            Message message = new Message(TOPIC, ("m" + sent.get()).getBytes(StandardCharsets.UTF_8));
            assertEquals(SendStatus.SEND_OK, producer.send(message).getSendStatus());
            sent.incrementAndGet();
        }
    }

    @AfterAll
    static void stop() throws Exception {
        producer.shutdown();
        fixture.close();
    }

    private static String broker() {
        return fixture.brokerAddress();
    }

    @Test
    void clusterListShowsRatesAndExecutorQueues() throws Exception {
        String out = mqadmin.ok("clusterList");
        assertTrue(out.contains(fixture.config().getBrokerClusterName()), out);
        assertTrue(out.contains(broker()) && out.contains("V5_3_3"), out);
        assertFalse(out.contains("null"), "every column has a value:\n" + out);
        // InTPS(send queue, head wait) and OutTPS(pull queue, head wait | ack queue, head wait)
        find(out, "\\d+\\.\\d{2}\\((\\d+),\\d+ms\\)");
        find(out, "\\d+\\.\\d{2}\\((\\d+),\\d+ms\\|\\d+,\\d+ms\\)");
        assertTrue(out.contains("true"), "the broker is active:\n" + out);
    }

    @Test
    void brokerStatusShowsSlidingWindowTpsAndQueues() throws Exception {
        send(5);
        String out = mqadmin.ok("brokerStatus", "-b", broker());
        // putTps over 10 s, 1 min, 10 min: the sends of the last minute show in the 1-minute window
        double perMinute = Double.parseDouble(find(out, "^putTps\\s*: [\\d.]+ ([\\d.]+) [\\d.]+$"));
        assertTrue(perMinute > 0, out);
        assertTrue(Long.parseLong(find(out, "^msgPutTotalTodayNow\\s*: (\\d+)$")) >= sent.get(), out);
        for (String pool : new String[] {"send", "pull", "ack", "query", "litePull"}) {
            find(out, "^" + pool + "ThreadPoolQueueSize\\s*: (\\d+)$");
            find(out, "^" + pool + "ThreadPoolQueueHeadWaitTimeMills\\s*: (\\d+)$");
        }
        find(out, "^EndTransactionQueueSize\\s*: (\\d+)$");
        find(out, "^getTransferredTps\\s*: ([\\d.]+ [\\d.]+ [\\d.]+)$");
    }

    @Test
    void topicStatusShowsOffsetsAndAPutRateThatMoves() throws Exception {
        send(5);
        // the consume queues are built just after the appends (topicStatus waits for them, bounded)
        String out = mqadmin.ok("topicStatus", "-t", TOPIC);
        long total = 0;
        for (String line : out.split("\\R")) {
            if (line.startsWith(fixture.config().getBrokerName())) {
                String[] columns = line.trim().split("\\s+");
                total += Long.parseLong(columns[3]) - Long.parseLong(columns[2]);
            }
        }
        assertEquals(sent.get(), total, out);
        // the 5.3.3 tool merges only the offset tables of the brokers' answers, so it prints "Topic Put TPS: 0.0"
        // against any broker; the rate is in our answer, as the admin API shows
        find(out, "^Topic Put TPS: ([\\d.]+)$");
        DefaultMQAdminExt admin = new DefaultMQAdminExt();
        admin.setNamesrvAddr(fixture.namesrvAddress());
        admin.setInstanceName("ops-topic-tps-" + System.nanoTime());
        admin.start();
        try {
            assertTrue(admin.examineTopicStats(broker(), TOPIC).getTopicPutTps() > 0);
        } finally {
            admin.shutdown();
        }
    }

    @Test
    void brokerConfigIsReadAndUpdated() throws Exception {
        String before = mqadmin.ok("getBrokerConfig", "-b", broker());
        assertEquals(fixture.config().getBrokerName(), find(before, "^brokerName\\s*=\\s*(\\S+)\\s*$"));
        String update = mqadmin.ok("updateBrokerConfig", "-b", broker(), "-k", "shortPollingTimeMills", "-v", "1700");
        assertTrue(update.contains("update broker config success"), update);
        String after = mqadmin.ok("getBrokerConfig", "-b", broker());
        assertEquals("1700", find(after, "^shortPollingTimeMills\\s*=\\s*(\\S+)\\s*$"));
    }

    @Test
    void topicLifecycleThroughTheTool() throws Exception {
        String topic = "OpsCreated";
        String created = mqadmin.ok("updateTopic", "-b", broker(), "-t", topic, "-r", "3", "-w", "3");
        assertTrue(created.contains("create topic to " + broker() + " success."), created);
        await("the new topic reaches the name server").atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
            String list = mqadmin.ok("topicList");
            assertTrue(list.lines().anyMatch(topic::equals), list);
        });
        String route = mqadmin.ok("topicRoute", "-t", topic);
        assertTrue(route.contains("\"readQueueNums\":3") && route.contains("\"writeQueueNums\":3"), route);
        assertTrue(route.contains(broker()), route);

        String deleted = mqadmin.ok("deleteTopic", "-t", topic, "-c", fixture.config().getBrokerClusterName());
        assertTrue(deleted.contains("delete topic [" + topic + "] from cluster [" + fixture.config()
                .getBrokerClusterName() + "] success."), deleted);
        assertTrue(deleted.contains("delete topic [" + topic + "] from NameServer success."), deleted);
        String gone = mqadmin.run("topicRoute", "-t", topic);
        assertTrue(gone.contains("No topic route info"), gone);
    }
}

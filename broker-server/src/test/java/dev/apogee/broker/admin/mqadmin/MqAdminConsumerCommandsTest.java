package dev.apogee.broker.admin.mqadmin;

import dev.apogee.broker.fixture.BrokerFixture;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import static dev.apogee.broker.admin.mqadmin.MqAdmin.find;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The official mqadmin's consumer commands against our broker, with an official producer and push consumer online:
 * consumerProgress, consumerConnection, consumerStatus, producerConnection, brokerConsumeStats, statsAll,
 * resetOffsetByTime (online and offline group), updateSubGroup / deleteSubGroup, setConsumeMode.
 */
@Tag("slow")
class MqAdminConsumerCommandsTest {
    private static final String TOPIC = "OpsConsumed";
    private static final String GROUP = "cg-ops";
    private static final String PRODUCER_GROUP = "pg-ops";
    private static final int FIRST_BATCH = 30;
    private static final AtomicInteger sent = new AtomicInteger();

    @TempDir
    static Path dir;
    static BrokerFixture fixture;
    static MqAdmin mqadmin;
    static DefaultMQProducer producer;
    static DefaultMQPushConsumer consumer;
    static final Set<String> consumed = ConcurrentHashMap.newKeySet();
    static long classStart;

    @BeforeAll
    static void start() throws Exception {
        fixture = BrokerFixture.start(dir, config -> { });
        mqadmin = new MqAdmin(fixture.namesrvAddress());
        producer = fixture.producer(PRODUCER_GROUP);
        producer.setSendMsgTimeout(15_000); // a loaded build machine: the first send creates the topic
        classStart = System.currentTimeMillis() - 1_000;
        send(TOPIC, FIRST_BATCH, sent);
        consumer = pushConsumer(GROUP, TOPIC, messages ->
                messages.forEach(m -> consumed.add(new String(m.getBody(), StandardCharsets.UTF_8))));
        await("the consumer got every message").atMost(Duration.ofSeconds(60))
                .until(() -> consumed.size() == sent.get());
        awaitCommitted(GROUP);
    }

    private static void send(String topic, int count, AtomicInteger counter) throws Exception {
        for (int i = 0; i < count; i++) {
            Message message = new Message(topic, (topic + "-" + counter.get()).getBytes(StandardCharsets.UTF_8));
            assertEquals(SendStatus.SEND_OK, producer.send(message).getSendStatus());
            counter.incrementAndGet();
        }
    }

    private static DefaultMQPushConsumer pushConsumer(String group, String topic,
            Consumer<List<MessageExt>> listener) throws Exception {
        DefaultMQPushConsumer push = new DefaultMQPushConsumer(group);
        push.setNamesrvAddr(fixture.namesrvAddress());
        push.setInstanceName(group + "-" + System.nanoTime());
        push.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        push.subscribe(topic, "*");
        push.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            listener.accept(messages);
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        push.start();
        return push;
    }

    /** The consumer commits its offsets every 5 s: waits until the broker has them all (as mqadmin reports). */
    private static void awaitCommitted(String group) {
        await("the offsets of " + group + " are committed").atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                assertEquals("0", find(mqadmin.ok("consumerProgress", "-g", group), "^Consume Diff Total: (\\d+)$")));
    }

    /** Fresh traffic right before a rate is read, so the last minute holds some however long earlier tests took. */
    private static void sendAndConsumeMore() throws Exception {
        send(TOPIC, 3, sent);
        await().atMost(Duration.ofSeconds(30)).until(() -> consumed.size() == sent.get());
        awaitCommitted(GROUP);
    }

    @AfterAll
    static void stop() throws Exception {
        if (consumer != null) {
            consumer.shutdown();
        }
        producer.shutdown();
        fixture.close();
    }

    private static String broker() {
        return fixture.brokerAddress();
    }

    @Test
    void consumerProgressShowsOffsetsAndARate() throws Exception {
        sendAndConsumeMore();
        String out = mqadmin.ok("consumerProgress", "-g", GROUP);
        long committed = 0;
        for (String line : out.split("\\R")) {
            if (line.startsWith(TOPIC + " ")) {
                String[] columns = line.trim().split("\\s+");
                assertEquals(columns[3], columns[4], "consumer offset = broker offset: " + line);
                committed += Long.parseLong(columns[4]);
            }
        }
        assertEquals(sent.get(), committed, out);
        assertTrue(Double.parseDouble(find(out, "^Consume TPS: ([\\d.]+)$")) > 0, out);
    }

    @Test
    void consumerConnectionAndStatusOfTheRunningConsumer() throws Exception {
        String clientId = consumer.buildMQClientId();
        String connection = mqadmin.ok("consumerConnection", "-g", GROUP);
        assertTrue(connection.contains(clientId), connection);
        assertTrue(connection.contains("MessageModel: CLUSTERING"), connection);
        assertTrue(connection.lines().anyMatch(l -> l.startsWith(TOPIC) && l.trim().endsWith("*")), connection);

        // GET_CONSUMER_RUNNING_INFO, relayed by the broker to the consumer and back
        String status = mqadmin.ok("consumerStatus", "-g", GROUP, "-i", clientId);
        assertTrue(status.contains("#Consumer Subscription#"), status);
        assertTrue(status.contains("#Consumer Offset#") && status.contains(TOPIC), status);
    }

    @Test
    void consumerStatusOfAnUnknownClientSaysItIsNotOnline() throws Exception {
        String out = mqadmin.run("consumerStatus", "-g", GROUP, "-i", "10.0.0.1@nobody");
        assertTrue(out.contains("not online"), out);
    }

    @Test
    void producerConnectionListsTheProducer() throws Exception {
        String out = mqadmin.ok("producerConnection", "-g", PRODUCER_GROUP, "-t", TOPIC);
        assertTrue(out.contains(producer.buildMQClientId()), out);
    }

    @Test
    void brokerConsumeStatsListsTheGroup() throws Exception {
        awaitCommitted(GROUP);
        String out = mqadmin.ok("brokerConsumeStats", "-b", broker());
        long committed = 0;
        for (String line : out.split("\\R")) {
            String[] columns = line.trim().split("\\s+");
            if (columns.length >= 7 && columns[0].equals(TOPIC) && columns[1].equals(GROUP)) {
                assertEquals("0", columns[6], "no backlog: " + line);
                committed += Long.parseLong(columns[5]);
            }
        }
        assertEquals(sent.get(), committed, out);
        find(out, "^Diff Total: (\\d+)$");
    }

    @Test
    void statsAllShowsInAndOutRates() throws Exception {
        sendAndConsumeMore();
        String out = mqadmin.ok("statsAll", "-t", TOPIC);
        String row = out.lines().filter(l -> l.startsWith(TOPIC + " ") && l.contains(GROUP)).findFirst()
                .orElseThrow(() -> new AssertionError("no row of " + TOPIC + "/" + GROUP + " in:\n" + out));
        String[] columns = row.trim().split("\\s+");
        assertEquals("0", columns[2], "accumulation: " + row);
        assertTrue(Double.parseDouble(columns[3]) > 0, "in TPS: " + row);
        assertTrue(Double.parseDouble(columns[4]) > 0, "out TPS: " + row);
        assertEquals(String.valueOf(sent.get()), columns[5], "in 24 h: " + row);
        assertTrue(Long.parseLong(columns[6]) >= sent.get(), "out 24 h: " + row);
    }

    @Test
    void resetOffsetByTimeRewindsTheRunningConsumer() throws Exception {
        String topic = "OpsRewound";
        String group = "cg-ops-rewound";
        long beforeFirstSend = System.currentTimeMillis() - 1_000;
        AtomicInteger rewoundSent = new AtomicInteger();
        send(topic, 12, rewoundSent);
        AtomicInteger deliveries = new AtomicInteger();
        DefaultMQPushConsumer rewound = pushConsumer(group, topic, messages -> deliveries.addAndGet(messages.size()));
        try {
            await().atMost(Duration.ofSeconds(60)).until(() -> deliveries.get() >= 12);
            awaitCommitted(group);
            int before = deliveries.get();
            String out = mqadmin.ok("resetOffsetByTime", "-g", group, "-t", topic, "-s",
                    String.valueOf(beforeFirstSend));
            assertTrue(out.contains("#brokerName") && out.contains("#offset"), out);
            long rows = out.lines().filter(l -> l.startsWith(fixture.config().getBrokerName())).peek(l -> assertEquals(
                    "0", l.trim().split("\\s+")[2], "every queue back to its first message: " + l)).count();
            assertEquals(4, rows, out);
            // the official consumer drops what it holds, pauses, and consumes everything again from the new offsets
            await("every message delivered again").atMost(Duration.ofSeconds(60))
                    .until(() -> deliveries.get() >= before + 12);
        } finally {
            rewound.shutdown();
        }
    }

    @Test
    void resetOffsetByTimeOfAnOfflineGroupMovesItsCommittedOffsets() throws Exception {
        String group = "cg-ops-offline";
        Set<String> got = ConcurrentHashMap.newKeySet();
        DefaultMQPushConsumer once = pushConsumer(group, TOPIC,
                messages -> messages.forEach(m -> got.add(m.getMsgId())));
        try {
            await().atMost(Duration.ofSeconds(60)).until(() -> got.size() >= sent.get());
            awaitCommitted(group);
        } finally {
            once.shutdown();
        }
        String out = mqadmin.ok("resetOffsetByTime", "-g", group, "-t", TOPIC, "-s", String.valueOf(classStart));
        out.lines().filter(l -> l.startsWith(fixture.config().getBrokerName())).forEach(l ->
                assertEquals("0", l.trim().split("\\s+")[2], "back to the first message: " + l));
        String progress = mqadmin.ok("consumerProgress", "-g", group);
        assertEquals(String.valueOf(sent.get()), find(progress, "^Consume Diff Total: (\\d+)$"), progress);
    }

    @Test
    void resetOffsetByTimeOfAnUnknownGroupFailsClearly() throws Exception {
        String out = mqadmin.run("resetOffsetByTime", "-g", "cg-never-seen", "-t", TOPIC, "-s", "now");
        assertTrue(out.contains("command failed"), out);
        assertTrue(out.contains("CODE: 26") && out.contains("subscription group[cg-never-seen] not exist"), out);
    }

    @Test
    void subscriptionGroupCreatedAndDeleted() throws Exception {
        String group = "cg-ops-created";
        String created = mqadmin.ok("updateSubGroup", "-b", broker(), "-g", group, "-r", "7");
        assertTrue(created.contains("create subscription group to " + broker() + " success."), created);
        DefaultMQAdminExt admin = new DefaultMQAdminExt();
        admin.setNamesrvAddr(fixture.namesrvAddress());
        admin.setInstanceName("ops-check-" + System.nanoTime());
        admin.start();
        try {
            assertEquals(7, admin.getAllSubscriptionGroup(broker(), 5_000).getSubscriptionGroupTable().get(group)
                    .getRetryMaxTimes());
            String deleted = mqadmin.ok("deleteSubGroup", "-b", broker(), "-g", group);
            assertTrue(deleted.contains("delete subscription group [" + group + "] from broker [" + broker()
                    + "] success."), deleted);
            Map<String, ?> groups = admin.getAllSubscriptionGroup(broker(), 5_000).getSubscriptionGroupTable();
            assertFalse(groups.containsKey(group), groups.keySet().toString());
        } finally {
            admin.shutdown();
        }
    }

    @Test
    void setConsumeModeSwitchesAGroupToPop() throws Exception {
        // as on Apache's broker, the group must exist first
        assertTrue(mqadmin.ok("updateSubGroup", "-b", broker(), "-g", "cg-ops-pop").contains("success"));
        String out = mqadmin.ok("setConsumeMode", "-b", broker(), "-t", TOPIC, "-g", "cg-ops-pop", "-m", "POP",
                "-q", "2");
        assertTrue(out.contains("set consume mode to " + broker() + " success."), out);
        assertTrue(out.contains("consume mode[POP] popShareQueueNum[2]"), out);
    }
}

package dev.apogee.broker.admin;

import dev.apogee.broker.fixture.BrokerFixture;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.MessageSelector;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.remoting.protocol.admin.ConsumeStats;
import org.apache.rocketmq.remoting.protocol.admin.TopicStatsTable;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.protocol.body.ClusterInfo;
import org.apache.rocketmq.remoting.protocol.body.ConsumerConnection;
import org.apache.rocketmq.remoting.protocol.body.GroupList;
import org.apache.rocketmq.remoting.protocol.body.KVTable;
import org.apache.rocketmq.remoting.protocol.body.ProducerConnection;
import org.apache.rocketmq.remoting.protocol.body.TopicConfigSerializeWrapper;
import org.apache.rocketmq.remoting.protocol.body.SubscriptionGroupWrapper;
import org.apache.rocketmq.remoting.protocol.heartbeat.MessageModel;
import org.apache.rocketmq.remoting.protocol.subscription.SubscriptionGroupConfig;
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
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The admin commands through the official {@code DefaultMQAdminExt} (what mqadmin runs). */
@Tag("slow")
class AdminWithOfficialToolsTest {
    @TempDir
    static Path dir;
    static BrokerFixture fixture;
    static DefaultMQAdminExt admin;
    static DefaultMQProducer producer;

    @BeforeAll
    static void start() throws Exception {
        fixture = BrokerFixture.start(dir, config -> { });
        admin = new DefaultMQAdminExt();
        admin.setNamesrvAddr(fixture.namesrvAddress());
        admin.setInstanceName("admin-" + System.nanoTime());
        admin.start();
        producer = fixture.producer("pg-admin");
    }

    @AfterAll
    static void stop() throws Exception {
        producer.shutdown();
        admin.shutdown();
        fixture.close();
    }

    private static String broker() {
        return fixture.brokerAddress();
    }

    @Test
    void createTopicThroughTheTemplateRouteAndExamineIt() throws Exception {
        admin.createTopic("TBW102", "AdminCreated", 3, null);
        TopicConfig config = admin.examineTopicConfig(broker(), "AdminCreated");
        assertEquals(3, config.getReadQueueNums());
        assertEquals(3, config.getWriteQueueNums());
        assertEquals(6, config.getPerm());
    }

    @Test
    void createAndUpdateTopicConfigThenStats() throws Exception {
        TopicConfig config = new TopicConfig("AdminStats", 2, 2, 6);
        admin.createAndUpdateTopicConfig(broker(), config);
        assertEquals(2, admin.examineTopicConfig(broker(), "AdminStats").getWriteQueueNums());
        for (int i = 0; i < 4; i++) {
            producer.send(new Message("AdminStats", ("s" + i).getBytes(StandardCharsets.UTF_8)),
                    new MessageQueue("AdminStats", fixture.config().getBrokerName(), i % 2));
        }
        // consume queues are built just after the append, so the stats may lag the send responses briefly
        await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
            TopicStatsTable stats = admin.examineTopicStats("AdminStats");
            assertEquals(2, stats.getOffsetTable().size());
            stats.getOffsetTable().forEach((queue, offsets) -> {
                assertEquals(2, offsets.getMaxOffset(), queue.toString());
                assertEquals(0, offsets.getMinOffset());
                assertTrue(offsets.getLastUpdateTimestamp() > 0);
            });
        });
    }

    @Test
    void createTopicListAndReadTheWholeTable() throws Exception {
        admin.createAndUpdateTopicConfigList(broker(), List.of(new TopicConfig("AdminListA", 1, 1, 6),
                new TopicConfig("AdminListB", 5, 5, 6)));
        TopicConfigSerializeWrapper all = admin.getAllTopicConfig(broker(), 5_000);
        assertEquals(1, all.getTopicConfigTable().get("AdminListA").getWriteQueueNums());
        assertEquals(5, all.getTopicConfigTable().get("AdminListB").getReadQueueNums());
        assertTrue(all.getTopicConfigTable().containsKey("SCHEDULE_TOPIC_XXXX"));
        assertNotNull(all.getDataVersion());
    }

    @Test
    void producerConnections() throws Exception {
        producer.send(new Message("AdminProduced", "p".getBytes(StandardCharsets.UTF_8)));
        // the auto-created topic reaches the name server asynchronously (as with Apache): wait for its route
        ProducerConnection connection = await().atMost(Duration.ofSeconds(15)).ignoreExceptions()
                .until(() -> admin.examineProducerConnectionInfo("pg-admin", "AdminProduced"), c -> c != null);
        assertEquals(1, connection.getConnectionSet().size());
        assertEquals(producer.buildMQClientId(), connection.getConnectionSet().iterator().next().getClientId());
    }

    @Test
    void unknownTopicConfigIsSeventeen() {
        MQBrokerException e = assertThrows(MQBrokerException.class,
                () -> admin.examineTopicConfig(broker(), "NoSuchTopic"));
        assertEquals(17, e.getResponseCode());
    }

    @Test
    void consumerStatsConnectionsAndConsumeByWho() throws Exception {
        for (int i = 0; i < 5; i++) {
            producer.send(new Message("AdminConsumed", ("c" + i).getBytes(StandardCharsets.UTF_8)));
        }
        AtomicInteger consumed = new AtomicInteger();
        DefaultMQPushConsumer consumer = new DefaultMQPushConsumer("cg-admin");
        consumer.setNamesrvAddr(fixture.namesrvAddress());
        consumer.setInstanceName("cg-admin-c");
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        consumer.subscribe("AdminConsumed", "*");
        consumer.registerMessageListener((MessageListenerConcurrently) (msgs, ctx) -> {
            consumed.addAndGet(msgs.size());
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        consumer.start();
        try {
            await().atMost(Duration.ofSeconds(30)).until(() -> consumed.get() >= 5);
            ConsumerConnection connection = admin.examineConsumerConnectionInfo("cg-admin");
            assertEquals(1, connection.getConnectionSet().size());
            assertEquals(MessageModel.CLUSTERING, connection.getMessageModel());
            assertTrue(connection.getSubscriptionTable().containsKey("AdminConsumed"));

            GroupList groups = admin.queryTopicConsumeByWho("AdminConsumed");
            assertTrue(groups.getGroupList().contains("cg-admin"), groups.getGroupList().toString());

            await().atMost(Duration.ofSeconds(15)).untilAsserted(() -> {
                ConsumeStats stats = admin.examineConsumeStats("cg-admin");
                long total = stats.getOffsetTable().entrySet().stream()
                        .filter(e -> e.getKey().getTopic().equals("AdminConsumed"))
                        .mapToLong(e -> e.getValue().getBrokerOffset()).sum();
                assertEquals(5, total);
                assertEquals(0, stats.computeTotalDiff());
            });
        } finally {
            consumer.shutdown();
        }
    }

    @Test
    void clusterInfoAndRuntimeStats() throws Exception {
        ClusterInfo cluster = admin.examineBrokerClusterInfo();
        assertEquals(broker(), cluster.getBrokerAddrTable().get(fixture.config().getBrokerName())
                .getBrokerAddrs().get(0L));
        KVTable runtime = admin.fetchBrokerRuntimeStats(broker());
        assertEquals("V5_3_3", runtime.getTable().get("brokerVersionDesc"));
        assertEquals("479", runtime.getTable().get("brokerVersion"));
        for (String key : new String[] {"msgPutTotalTodayNow", "msgGetTotalTodayNow", "putTps",
                "getTransferredTps", "commitLogDiskRatio", "bootTimestamp"}) {
            assertNotNull(runtime.getTable().get(key), key);
        }
        Long.parseLong(runtime.getTable().get("msgPutTotalTodayNow"));
        Double.parseDouble(runtime.getTable().get("putTps").split(" ")[0]);
    }

    @Test
    void subscriptionGroupsAndBrokerConfig() throws Exception {
        SubscriptionGroupConfig group = new SubscriptionGroupConfig();
        group.setGroupName("cg-admin-created");
        group.setRetryMaxTimes(5);
        admin.createAndUpdateSubscriptionGroupConfig(broker(), group);
        SubscriptionGroupWrapper all = admin.getAllSubscriptionGroup(broker(), 5_000);
        assertEquals(5, all.getSubscriptionGroupTable().get("cg-admin-created").getRetryMaxTimes());
        admin.deleteSubscriptionGroup(broker(), "cg-admin-created");
        assertFalse(admin.getAllSubscriptionGroup(broker(), 5_000).getSubscriptionGroupTable()
                .containsKey("cg-admin-created"));

        Properties config = admin.getBrokerConfig(broker());
        assertEquals(fixture.config().getBrokerName(), config.getProperty("brokerName"));
        Properties update = new Properties();
        update.setProperty("shortPollingTimeMills", "1500");
        admin.updateBrokerConfig(broker(), update);
        assertEquals("1500", admin.getBrokerConfig(broker()).getProperty("shortPollingTimeMills"));
    }

    @Test
    void invalidSql92SubscriptionIsRefusedAtConsumerStart() throws Exception {
        producer.send(new Message("AdminSqlTopic", "x".getBytes(StandardCharsets.UTF_8)));
        DefaultMQPushConsumer consumer = new DefaultMQPushConsumer("cg-admin-sql");
        consumer.setNamesrvAddr(fixture.namesrvAddress());
        consumer.setInstanceName("cg-admin-sql-c");
        consumer.subscribe("AdminSqlTopic", MessageSelector.bySql("a > > 1"));
        consumer.registerMessageListener((MessageListenerConcurrently) (msgs, ctx) ->
                ConsumeConcurrentlyStatus.CONSUME_SUCCESS);
        try {
            MQClientException e = assertThrows(MQClientException.class, consumer::start);
            String text = e.getMessage() + " " + e.getCause();
            assertTrue(text.contains("selector") || text.contains("23"), text);
        } finally {
            consumer.shutdown();
        }
    }

    @Test
    void deleteTopicInBroker() throws Exception {
        admin.createAndUpdateTopicConfig(broker(), new TopicConfig("AdminDoomed", 1, 1, 6));
        // Explicit queue: the producer's route may still be the TBW102-derived one (4 queues) for a moment.
        producer.send(new Message("AdminDoomed", "x".getBytes(StandardCharsets.UTF_8)),
                new MessageQueue("AdminDoomed", fixture.config().getBrokerName(), 0));
        admin.deleteTopicInBroker(Set.of(broker()), "AdminDoomed");
        MQBrokerException e = assertThrows(MQBrokerException.class,
                () -> admin.examineTopicConfig(broker(), "AdminDoomed"));
        assertEquals(17, e.getResponseCode());
    }
}

package dev.apogee.broker.query;

import dev.apogee.broker.fixture.BrokerFixture;
import org.apache.rocketmq.client.QueryResult;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
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

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** QUERY_MESSAGE and VIEW_MESSAGE_BY_ID through the official producer and admin APIs. */
@Tag("slow")
class QueryAndViewWithOfficialClientTest {
    @TempDir
    static Path dir;
    static BrokerFixture fixture;
    static DefaultMQProducer producer;
    static DefaultMQAdminExt admin;

    @BeforeAll
    static void start() throws Exception {
        fixture = BrokerFixture.start(dir, config -> { });
        producer = fixture.producer("pg-query");
        admin = new DefaultMQAdminExt();
        admin.setNamesrvAddr(fixture.namesrvAddress());
        admin.setInstanceName("admin-q-" + System.nanoTime());
        admin.start();
    }

    @AfterAll
    static void stop() throws Exception {
        admin.shutdown();
        producer.shutdown();
        fixture.close();
    }

    private static SendResult send(String topic, String keys, String body) throws Exception {
        Message message = new Message(topic, "TagQ", keys, body.getBytes(StandardCharsets.UTF_8));
        return producer.send(message);
    }

    @Test
    void viewMessageByOffsetId() throws Exception {
        SendResult sent = send("QueryTopic", "view-key", "view-me");
        MessageExt viewed = producer.viewMessage("QueryTopic", sent.getOffsetMsgId());
        assertEquals("view-me", new String(viewed.getBody(), StandardCharsets.UTF_8));
        assertEquals(sent.getMsgId(), viewed.getProperty("UNIQ_KEY"));
        assertEquals(sent.getMessageQueue().getQueueId(), viewed.getQueueId());
    }

    @Test
    void viewMessageAtAnOffsetWithNoRecordFails() {
        int port = Integer.parseInt(fixture.brokerAddress().substring(fixture.brokerAddress().indexOf(':') + 1));
        String beyondTheLog = "7F000001" + String.format("%08X", port) + "00000000FFFFFF00";
        // the 5.3.3 client falls back to a unique-key query when the view fails, and reports that query's 208
        Exception e = assertThrows(Exception.class, () -> producer.viewMessage("QueryTopic", beyondTheLog));
        assertTrue(e instanceof MQClientException || e instanceof MQBrokerException, e.toString());
    }

    @Test
    void queryByKeyFindsEveryMessageWithThatKey() throws Exception {
        long begin = System.currentTimeMillis() - 60_000;
        send("QueryTopic", "order-42 other", "first");
        send("QueryTopic", "order-42", "second");
        send("QueryTopic", "order-43", "third");
        // the index is built asynchronously after the append, as on the official broker
        await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> {
            QueryResult result = producer.queryMessage("QueryTopic", "order-42", 32, begin,
                    System.currentTimeMillis() + 60_000);
            List<String> bodies = result.getMessageList().stream()
                    .map(m -> new String(m.getBody(), StandardCharsets.UTF_8)).sorted().toList();
            assertEquals(List.of("first", "second"), bodies);
        });
    }

    @Test
    void queryByUniqueKey() throws Exception {
        long begin = System.currentTimeMillis() - 60_000;
        SendResult sent = send("QueryTopic", "uniq-test", "unique");
        QueryResult result = await().atMost(Duration.ofSeconds(5)).ignoreExceptions().until(
                () -> admin.queryMessageByUniqKey(null, "QueryTopic", sent.getMsgId(), 32, begin,
                        System.currentTimeMillis() + 60_000), r -> r.getMessageList().size() == 1);
        assertEquals("unique", new String(result.getMessageList().get(0).getBody(), StandardCharsets.UTF_8));
    }

    @Test
    void queryForAnUnknownKeyFindsNothing() throws Exception {
        send("QueryTopic", "known", "k");
        MQClientException e = assertThrows(MQClientException.class, () -> producer.queryMessage("QueryTopic",
                "never-sent", 32, 0, System.currentTimeMillis() + 60_000));
        assertTrue(e.getMessage().contains("query message") || e.getResponseCode() == 208
                || e.getCause() instanceof MQBrokerException, e.toString());
    }
}

package dev.apogee.broker.admin.mqadmin;

import dev.apogee.broker.fixture.BrokerFixture;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;

import static dev.apogee.broker.admin.mqadmin.MqAdmin.find;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The official mqadmin's message commands against our broker: sendMessage, consumeMessage, queryMsgById,
 * queryMsgByKey, queryMsgByUniqueKey, on messages sent by the official producer and by the tool itself.
 */
@Tag("slow")
class MqAdminMessageCommandsTest {
    private static final String TOPIC = "OpsMessages";
    private static final String KEY = "ops-order-4711";

    @TempDir
    static Path dir;
    static BrokerFixture fixture;
    static MqAdmin mqadmin;
    static DefaultMQProducer producer;
    static SendResult keyed;

    @BeforeAll
    static void start() throws Exception {
        fixture = BrokerFixture.start(dir, config -> { });
        mqadmin = new MqAdmin(fixture.namesrvAddress());
        producer = fixture.producer("pg-ops-messages");
        producer.setSendMsgTimeout(15_000); // a loaded build machine: the first send creates the topic
        for (int i = 0; i < 5; i++) {
            assertEquals(SendStatus.SEND_OK, producer.send(new Message(TOPIC, "plain",
                    ("plain-" + i).getBytes(StandardCharsets.UTF_8))).getSendStatus());
        }
        keyed = producer.send(new Message(TOPIC, "tagK", KEY, "the keyed one".getBytes(StandardCharsets.UTF_8)));
        assertEquals(SendStatus.SEND_OK, keyed.getSendStatus());
    }

    @AfterAll
    static void stop() throws Exception {
        producer.shutdown();
        fixture.close();
    }

    @Test
    void queryMsgByIdFindsTheMessageByItsOffsetId() throws Exception {
        String out = mqadmin.ok("queryMsgById", "-t", TOPIC, "-i", keyed.getOffsetMsgId());
        assertEquals(keyed.getOffsetMsgId(), find(out, "^OffsetID:\\s+(\\S+)$"));
        assertEquals(TOPIC, find(out, "^Topic:\\s+(\\S+)$"));
        assertTrue(find(out, "^Keys:\\s+(.+)$").contains(KEY), out);
        assertEquals(String.valueOf(keyed.getQueueOffset()), find(out, "^Queue Offset:\\s+(\\d+)$"));
    }

    @Test
    void queryMsgByKeyListsTheMessage() throws Exception {
        // the index is written by the dispatch thread just after the append
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            String out = mqadmin.ok("queryMsgByKey", "-t", TOPIC, "-k", KEY);
            String row = out.lines().filter(l -> l.startsWith(keyed.getMsgId())).findFirst()
                    .orElseThrow(() -> new AssertionError("no row for " + keyed.getMsgId() + " in:\n" + out));
            String[] columns = row.trim().split("\\s+");
            assertEquals(String.valueOf(keyed.getMessageQueue().getQueueId()), columns[1], row);
            assertEquals(String.valueOf(keyed.getQueueOffset()), columns[2], row);
        });
    }

    @Test
    void queryMsgByUniqueKeyShowsTheMessage() throws Exception {
        String out = mqadmin.ok("queryMsgByUniqueKey", "-t", TOPIC, "-i", keyed.getMsgId());
        assertEquals(TOPIC, find(out, "^Topic:\\s+(\\S+)$"));
        assertTrue(find(out, "^Tags:\\s+(.+)$").contains("tagK"), out);
        assertTrue(find(out, "^Keys:\\s+(.+)$").contains(KEY), out);
    }

    @Test
    void sendMessageThenQueryItBack() throws Exception {
        String out = mqadmin.ok("sendMessage", "-t", TOPIC, "-p", "sent by mqadmin", "-k", "ops-tool-key",
                "-c", "toolTag");
        String msgId = find(out, "\\s+SEND_OK\\s+([0-9A-F]{32,})\\s*$"); // longer with an IPv6 host
        // the index is written by the dispatch thread just after the append
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            String byKey = mqadmin.ok("queryMsgByKey", "-t", TOPIC, "-k", "ops-tool-key");
            assertTrue(byKey.lines().anyMatch(l -> l.startsWith(msgId)), byKey);
        });
    }

    @Test
    void consumeMessagePullsWhatIsStored() throws Exception {
        String out = mqadmin.ok("consumeMessage", "-t", TOPIC, "-c", "6");
        assertTrue(out.contains("Consume ok"), out);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("MSGID: ") && l.contains("topic='" + TOPIC + "'")
                && l.contains("BODY: plain-")), out);
    }
}

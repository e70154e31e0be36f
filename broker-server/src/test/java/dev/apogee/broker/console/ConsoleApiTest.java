package dev.apogee.broker.console;

import dev.apogee.broker.fixture.BrokerFixture;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import static dev.apogee.broker.console.ConsoleHttp.find;
import static dev.apogee.broker.console.ConsoleHttp.list;
import static dev.apogee.broker.console.ConsoleHttp.map;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The console's JSON API against a real in-JVM broker filled by the official 5.3.3 client ({@link ConsoleData}):
 * each view shows what the broker holds, and a DLQ re-send puts the message back on its topic, where the official
 * consumer reads it again. The page itself is tested in a browser by {@code ConsoleBrowserTest}.
 */
@Tag("slow") // about 40 s on the shared box: filling the broker with the official clients dominates
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ConsoleApiTest {
    @TempDir
    static Path dir;
    private static BrokerFixture fixture;
    private static ConsoleHttp http;
    private static ConsoleData data;

    @BeforeAll
    static void start() throws Exception {
        fixture = BrokerFixture.start(dir, config -> {
            config.setConsoleEnable(true);
            config.setConsolePort(0);
        });
        http = new ConsoleHttp(fixture.broker().consolePort());
        data = ConsoleData.fill(fixture, null, () -> http.dlqHolds(1, null, null));
    }

    @AfterAll
    static void stop() throws Exception {
        if (data != null) {
            data.close();
        }
        if (fixture != null) {
            fixture.close();
        }
    }

    @Test
    @Order(1)
    void overviewNamesThisBrokerAndItsCluster() throws Exception {
        Map<String, Object> overview = map(http.json("api/overview"));
        Map<String, Object> broker = map(overview.get("broker"));
        assertEquals(fixture.config().getBrokerName(), broker.get("name"));
        assertEquals("MASTER", broker.get("role"));
        assertEquals("ASYNC_FLUSH", broker.get("flushMode"));
        assertTrue((Long) broker.get("messagesIn") >= 24, broker.toString());
        assertTrue((Long) map(broker.get("disk")).get("totalBytes") > 0);
        Map<String, Object> self = find(overview.get("cluster"), "address", fixture.brokerAddress());
        assertEquals(Boolean.TRUE, self.get("self"));
        assertTrue(map(http.json("api/rates")).get("samples") instanceof List<?>);
    }

    @Test
    @Order(2)
    void topicsShowEveryQueuesOffsets() throws Exception {
        Map<String, Object> orders = find(http.json("api/topics"), "topic", ConsoleData.ORDERS);
        assertEquals("NORMAL", orders.get("kind"));
        assertEquals(20L, orders.get("messages"));
        for (Map.Entry<Integer, Integer> e : data.ordersPerQueue.entrySet()) {
            Map<String, Object> queue = find(orders.get("queues"), "queueId", (long) e.getKey());
            assertEquals(0L, queue.get("minOffset"));
            assertEquals((long) e.getValue(), queue.get("maxOffset"), "queue " + e.getKey());
        }
        assertEquals("console.orders", find(http.json("api/topics"), "topic", ConsoleData.JMS_TOPIC)
                .get("displayName"));
    }

    @Test
    @Order(3)
    void groupsShowLagPerQueue() throws Exception {
        // the official client persists offsets one-way: wait (bounded) until the broker has them
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
            Map<String, Object> readers = find(http.json("api/groups"), "group", ConsoleData.READERS);
            Map<String, Object> topic = find(readers.get("topics"), "topic", ConsoleData.ORDERS);
            long total = 0;
            for (Map.Entry<Integer, Integer> e : data.ordersPerQueue.entrySet()) {
                Map<String, Object> queue = find(topic.get("queues"), "queueId", (long) e.getKey());
                long committed = ConsoleData.committed(e.getValue(), 2);
                assertEquals((long) e.getValue(), queue.get("brokerOffset"));
                assertEquals(committed, queue.get("consumerOffset"), "queue " + e.getKey());
                assertEquals(e.getValue() - committed, queue.get("lag"), "queue " + e.getKey());
                assertEquals(0L, queue.get("inFlight"));
                total += e.getValue() - committed;
            }
            assertEquals(total, readers.get("lag"));
        });
    }

    @Test
    @Order(4)
    void jmsPageShowsTheQueueByItsJmsName() throws Exception {
        long expected = 3 - data.jmsPerQueue.size(); // one message of every non-empty queue committed
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> {
            Map<String, Object> queue = find(http.json("api/jms"), "name", "console.orders");
            assertEquals("queue", queue.get("kind"));
            assertEquals(ConsoleData.JMS_GROUP, queue.get("group"));
            assertEquals(expected, queue.get("lag"));
        });
        Map<String, Object> group = find(http.json("api/groups"), "group", ConsoleData.JMS_GROUP);
        assertEquals("console.orders", map(group.get("jms")).get("name"));
    }

    @Test
    @Order(5)
    void messagesAreFoundByKeyAndByEitherId() throws Exception {
        Map<String, Object> byKey = map(http.json("api/messages?key=order-7&topic=" + ConsoleData.ORDERS));
        Map<String, Object> seventh = map(list(byKey.get("messages")).get(0));
        assertEquals(1, list(byKey.get("messages")).size());
        assertEquals("order body 7", seventh.get("body"));
        assertEquals("text", seventh.get("bodyEncoding"));
        assertEquals("order-7", map(seventh.get("properties")).get("KEYS"));

        String msgId = data.orders.get(3).getMsgId();
        Map<String, Object> byId = map(list(map(http.json("api/messages?id=" + msgId)).get("messages")).get(0));
        assertEquals("order body 3", byId.get("body"));
        assertEquals(msgId, byId.get("msgId"));

        String offsetMsgId = data.orders.get(5).getOffsetMsgId();
        Map<String, Object> byOffset = map(list(map(http.json("api/messages?id=" + offsetMsgId)).get("messages"))
                .get(0));
        assertEquals("order body 5", byOffset.get("body"));

        assertTrue(list(map(http.json("api/messages?key=no-such-key")).get("messages")).isEmpty());
        assertEquals(400, http.get("api/messages", null, null).statusCode());
        assertEquals(404, http.get("api/messages?key=k&topic=NoSuchTopic", null, null).statusCode());
    }

    @Test
    @Order(6)
    void connectionsShowProducersAndConsumersByGroup() throws Exception {
        Map<String, Object> connections = map(http.json("api/connections"));
        Map<String, Object> producers = find(connections.get("producers"), "group", ConsoleData.PRODUCER_GROUP);
        assertEquals(data.producer.buildMQClientId(), map(list(producers.get("clients")).get(0)).get("clientId"));
        Map<String, Object> failing = find(connections.get("consumers"), "group", ConsoleData.FAILING);
        assertTrue(map(failing.get("subscriptions")).containsKey(ConsoleData.PAYMENTS), failing.toString());
    }

    @Test
    @Order(7)
    void poppedMessagesAreShownInFlight() throws Exception {
        try (HeldPopConsumer held = HeldPopConsumer.start(fixture.namesrvAddress(), fixture.config().getBrokerName(),
                fixture.brokerAddress(), data.producer)) {
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                Map<String, Object> group = find(http.json("api/groups"), "group", HeldPopConsumer.GROUP);
                Map<String, Object> queue = find(find(group.get("topics"), "topic", HeldPopConsumer.TOPIC)
                        .get("queues"), "queueId", 0L);
                assertEquals(Boolean.TRUE, queue.get("pop"));
                assertEquals((long) HeldPopConsumer.MESSAGES, queue.get("inFlight"), "popped, not acked");
                assertEquals((long) HeldPopConsumer.MESSAGES, queue.get("lag"), "none acked yet");
            });
        }
    }

    @Test
    @Order(8)
    void deadLetterIsBrowsedAndReSentToItsTopic() throws Exception {
        String dlq = URLEncoder.encode(ConsoleData.DLQ, StandardCharsets.UTF_8);
        Map<String, Object> dead = map(list(map(http.json("api/dlq/messages?topic=" + dlq)).get("messages")).get(0));
        assertEquals(ConsoleData.PAYMENT_BODY, dead.get("body"));
        assertEquals(ConsoleData.PAYMENTS, dead.get("originalTopic"));
        assertEquals(data.payment.getMsgId(), dead.get("msgId"));
        assertNull(dead.get("resent"));
        data.stopClients(); // the failing consumer would dead-letter the re-sent copy again

        String resend = "api/dlq/resend?topic=" + dlq + "&queueId=" + dead.get("queueId") + "&offset="
                + dead.get("queueOffset");
        assertEquals(403, http.post(resend, null, null, false).statusCode(), "an action needs the header");
        HttpResponse<String> done = http.post(resend, null, null, true);
        assertEquals(200, done.statusCode(), done.body());
        assertTrue(done.body().contains(ConsoleData.PAYMENTS), done.body());

        List<MessageExt> payments = fixture.readAll(ConsoleData.PAYMENTS, 2, Duration.ofSeconds(20));
        assertEquals(2, payments.size(), "the original and the re-sent copy");
        MessageExt copy = payments.stream().max(Comparator.comparingLong(MessageExt::getStoreTimestamp)
                .thenComparingLong(MessageExt::getQueueOffset)).orElseThrow();
        assertEquals(ConsoleData.PAYMENT_BODY, new String(copy.getBody(), StandardCharsets.UTF_8));
        assertEquals(data.payment.getMsgId(), copy.getMsgId(), "the copy keeps the message id");
        assertEquals(0, copy.getReconsumeTimes());
        assertEquals("pay-42", copy.getKeys());

        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            Map<String, Object> again = map(list(map(http.json("api/dlq/messages?topic=" + dlq)).get("messages"))
                    .get(0));
            assertEquals(ConsoleData.PAYMENTS, map(again.get("resent")).get("topic"));
        });
        HttpResponse<String> twice = http.post(resend, null, null, true);
        assertEquals(409, twice.statusCode(), twice.body());
        assertTrue(twice.body().contains("already re-sent"), twice.body());
    }

    @Test
    @Order(9)
    void pageAndChartLibraryAreServedFromTheBroker() throws Exception {
        HttpResponse<String> page = http.get("", null, null);
        assertEquals(200, page.statusCode());
        assertTrue(page.body().contains("Apogee MQ"));
        assertTrue(page.headers().firstValue("Content-Security-Policy").orElse("").contains("default-src 'self'"));
        HttpResponse<String> chart = http.get("vendor/chart.umd.js", null, null);
        assertEquals(200, chart.statusCode());
        assertTrue(chart.body().contains("Chart"), "Chart.js from its webjar");
        assertEquals(404, http.get("nothing-here", null, null).statusCode());
        assertFalse(http.get("app.js", null, null).body().contains("innerHTML"),
                "the page inserts broker data as text only");
    }
}

package dev.apogee.standalone.admin;

import dev.apogee.client.ClientConfig;
import dev.apogee.client.consumer.PullConsumer;
import dev.apogee.client.consumer.PullConsumerConfig;
import dev.apogee.client.message.MessageConst;
import dev.apogee.client.message.MessageExt;
import dev.apogee.remoting.protocol.body.ConsumeFromWhere;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code dlq-list} and {@code dlq-resend} on dead letters the official 5.3.3 client made (a push consumer with
 * maxReconsumeTimes 0 answering RECONSUME_LATER: the broker moves each message to {@code %DLQ%<group>}), against
 * our real name server and broker.
 */
class DeadLettersTest {
    private static final String TOPIC = "payments";
    private static final String GROUP = "payments-worker";
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    static Path dir;
    static AdminServer server;
    static final List<String> ids = new ArrayList<>();

    @BeforeAll
    static void deadLetterTwoMessages() throws Exception {
        server = new AdminServer(dir);
        DefaultMQProducer producer = new DefaultMQProducer("payments-producer");
        producer.setNamesrvAddr(server.namesrv());
        producer.setInstanceName("dlq-test-producer");
        producer.start();
        try {
            for (int i = 1; i <= 2; i++) {
                Message m = new Message(TOPIC, "card", "order-" + i, ("pay " + i).getBytes(StandardCharsets.UTF_8));
                m.putUserProperty("amount", String.valueOf(i * 10));
                SendResult sent = await().atMost(WAIT).ignoreExceptions().until(() -> producer.send(m),
                        r -> r.getSendStatus() == SendStatus.SEND_OK);
                ids.add(sent.getMsgId());
            }
        } finally {
            producer.shutdown();
        }
        AtomicInteger deliveries = new AtomicInteger();
        DefaultMQPushConsumer consumer = new DefaultMQPushConsumer(GROUP);
        consumer.setNamesrvAddr(server.namesrv());
        consumer.setInstanceName("dlq-test-consumer");
        consumer.setConsumeFromWhere(org.apache.rocketmq.common.consumer.ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        consumer.setMaxReconsumeTimes(0);
        consumer.subscribe(TOPIC, "*");
        consumer.registerMessageListener((MessageListenerConcurrently) (msgs, ctx) -> {
            deliveries.addAndGet(msgs.size());
            return ConsumeConcurrentlyStatus.RECONSUME_LATER;
        });
        consumer.start();
        try {
            await().atMost(WAIT).untilAsserted(() -> {
                AdminServer.Run run = server.admin("dlq-list", "-g", GROUP);
                assertTrue(run.out().contains(": 2 message(s)"), run.toString());
            });
        } finally {
            consumer.shutdown(); // re-sent messages must not be dead-lettered again by it
        }
        assertTrue(deliveries.get() >= 2);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void listShowsIdsOriginalTopicPropertiesAndBody() {
        AdminServer.Run run = server.admin("dlq-list", "-g", GROUP, "-b", "5");
        assertEquals(0, run.exitCode(), run.toString());
        String out = run.out();
        assertTrue(out.startsWith("%DLQ%" + GROUP + ": 2 message(s)"), out);
        for (String id : ids) {
            assertTrue(out.contains("] id " + id + "  offset id "), id + " listed: " + out);
        }
        assertTrue(out.contains("original topic: " + TOPIC + "  reconsumed"), out);
        assertTrue(out.contains("amount=10") && out.contains("amount=20"), out);
        assertTrue(out.contains("KEYS=order-1") && out.contains("TAGS=card"), out);
        assertTrue(out.contains("body (5 bytes): \"pay 1\""), out);

        AdminServer.Run one = server.admin("dlq-list", "-g", GROUP, "-m", "1", "-b", "2");
        assertTrue(one.out().startsWith("%DLQ%" + GROUP + ": the first 1 message(s); there are more (-m)"),
                one.toString());
        assertTrue(one.out().contains("\"pa\" … (3 more characters)"), one.toString());

        AdminServer.Run none = server.admin("dlq-list", "-q", "nobody.failed");
        assertEquals(0, none.exitCode(), none.toString());
        assertTrue(none.out().startsWith("%DLQ%JMSQ_nobody|2Efailed (JMS queue nobody.failed): 0 message(s)"),
                none.toString());
    }

    @Test
    void resendByIdSendsACopyToTheOriginalTopicAndKeepsTheDeadLetter() throws Exception {
        AdminServer.Run unknown = server.admin("dlq-resend", "-g", GROUP, "-i", "0123456789ABCDEF");
        assertEquals(1, unknown.exitCode(), unknown.toString());
        assertTrue(unknown.out().contains("no message with id 0123456789ABCDEF"), unknown.toString());

        AdminServer.Run run = server.admin("dlq-resend", "-g", GROUP, "-i", ids.get(0));
        assertEquals(0, run.exitCode(), run.toString());
        assertTrue(run.out().contains("  " + ids.get(0) + " -> " + TOPIC + " queue "), run.toString());
        assertTrue(run.out().contains("re-sent 1 of 1 dead letter(s) of %DLQ%" + GROUP), run.toString());
        assertTrue(run.out().contains("the dead letters stay in %DLQ%" + GROUP), run.toString());

        List<MessageExt> topic = readTopic(TOPIC, 3);
        List<MessageExt> copies = topic.stream().filter(m -> ids.get(0).equals(m.getMsgId())).toList();
        assertEquals(2, copies.size(), "the original and the re-sent copy: " + topic);
        MessageExt resent = copies.get(1);
        assertEquals("pay 1", new String(resent.getBody(), StandardCharsets.UTF_8));
        assertEquals("10", resent.getProperty("amount"));
        assertEquals("card", resent.getTags());
        assertEquals("order-1", resent.getKeys());
        assertNull(resent.getProperty(MessageConst.RETRY_TOPIC), "the DLQ bookkeeping is not copied");
        assertEquals(0, resent.getReconsumeTimes());

        AdminServer.Run still = server.admin("dlq-list", "-g", GROUP);
        assertTrue(still.out().contains(": 2 message(s)"), "the dead letter stays: " + still);
    }

    @Test
    void resendAllToAnotherTopicGivenByItsJmsName() throws Exception {
        AdminServer.Run run = server.admin("dlq-resend", "-g", GROUP, "--all", "-t", "payments.replay");
        assertEquals(0, run.exitCode(), run.toString());
        assertTrue(run.out().contains("re-sent 2 of 2 dead letter(s) of %DLQ%" + GROUP), run.toString());
        List<MessageExt> replayed = readTopic("payments|2Ereplay", 2);
        assertEquals(List.of("pay 1", "pay 2"), replayed.stream()
                .map(m -> new String(m.getBody(), StandardCharsets.UTF_8)).sorted().toList());
        assertEquals(ids.stream().sorted().toList(), replayed.stream().map(MessageExt::getMsgId).sorted().toList());
    }

    /** Every message of {@code topic}, read from the start with our native pull consumer. */
    private static List<MessageExt> readTopic(String topic, int expected) throws Exception {
        List<MessageExt> all = new ArrayList<>();
        PullConsumer reader = new PullConsumer(new PullConsumerConfig("audit-" + topic.replace('|', '_'))
                .setClientConfig(new ClientConfig().setNamesrvAddress(server.namesrv()).setInstanceName("audit"))
                .setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET));
        reader.subscribe(topic, "*");
        reader.start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (all.size() < expected && System.nanoTime() < deadline) {
                all.addAll(reader.poll(200));
            }
        } finally {
            reader.shutdown();
        }
        assertEquals(expected, all.size(), "messages of " + topic + ": " + all);
        all.sort((a, b) -> Long.compare(a.getCommitLogOffset(), b.getCommitLogOffset()));
        return all;
    }
}

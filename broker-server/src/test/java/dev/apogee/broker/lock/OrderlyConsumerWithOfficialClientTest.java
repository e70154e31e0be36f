package dev.apogee.broker.lock;

import dev.apogee.broker.fixture.BrokerFixture;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeOrderlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerOrderly;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The official orderly push consumer against LOCK_BATCH_MQ / UNLOCK_BATCH_MQ: per-queue order is kept, and a
 * message that keeps failing is sent to the DLQ (the group holds locks, so its %RETRY% send is dead-lettered).
 */
@Tag("slow")
class OrderlyConsumerWithOfficialClientTest {
    private static final int QUEUES = 4;
    private static final int PER_QUEUE = 25;

    @TempDir
    static Path dir;
    static BrokerFixture fixture;
    static DefaultMQProducer producer;

    @BeforeAll
    static void start() throws Exception {
        fixture = BrokerFixture.start(dir, config -> { });
        producer = fixture.producer("pg-orderly");
    }

    @AfterAll
    static void stop() throws Exception {
        producer.shutdown();
        fixture.close();
    }

    private static DefaultMQPushConsumer orderly(String group, String topic) throws Exception {
        DefaultMQPushConsumer consumer = new DefaultMQPushConsumer(group);
        consumer.setNamesrvAddr(fixture.namesrvAddress());
        consumer.setInstanceName(group + "-c");
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        consumer.subscribe(topic, "*");
        return consumer;
    }

    @Test
    void perQueueOrderIsKept() throws Exception {
        String topic = "OrderlyTopic";
        for (int i = 0; i < PER_QUEUE; i++) {
            for (int q = 0; q < QUEUES; q++) {
                producer.send(new Message(topic, (q + ":" + i).getBytes(StandardCharsets.UTF_8)),
                        (mqs, msg, arg) -> mqs.get((Integer) arg % mqs.size()), q);
            }
        }
        Map<Integer, List<Integer>> seen = new ConcurrentHashMap<>();
        AtomicInteger total = new AtomicInteger();
        DefaultMQPushConsumer consumer = orderly("cg-orderly", topic);
        consumer.registerMessageListener((MessageListenerOrderly) (msgs, ctx) -> {
            for (MessageExt m : msgs) {
                String[] parts = new String(m.getBody(), StandardCharsets.UTF_8).split(":");
                seen.computeIfAbsent(m.getQueueId(), k -> new ArrayList<>()).add(Integer.parseInt(parts[1]));
                total.incrementAndGet();
            }
            return ConsumeOrderlyStatus.SUCCESS;
        });
        consumer.start();
        try {
            await().atMost(Duration.ofSeconds(40)).until(() -> total.get() >= QUEUES * PER_QUEUE);
            assertEquals(QUEUES * PER_QUEUE, total.get(), "no duplicates expected without failures");
            seen.forEach((queue, sequence) -> {
                for (int i = 0; i < sequence.size(); i++) {
                    assertEquals(i, sequence.get(i), "queue " + queue + " out of order: " + sequence);
                }
            });
        } finally {
            consumer.shutdown();
        }
    }

    @Test
    void aMessageThatKeepsFailingIsDeadLetteredWhileTheGroupHoldsLocks() throws Exception {
        String topic = "OrderlyFailTopic";
        producer.send(new Message(topic, "poison".getBytes(StandardCharsets.UTF_8)),
                new MessageQueue(topic, fixture.config().getBrokerName(), 0));
        AtomicInteger attempts = new AtomicInteger();
        DefaultMQPushConsumer consumer = orderly("cg-orderly-fail", topic);
        consumer.setMaxReconsumeTimes(1);
        consumer.setSuspendCurrentQueueTimeMillis(200);
        consumer.registerMessageListener((MessageListenerOrderly) (msgs, ctx) -> {
            attempts.incrementAndGet();
            return ConsumeOrderlyStatus.SUSPEND_CURRENT_QUEUE_A_MOMENT;
        });
        consumer.start();
        try {
            List<MessageExt> dead = fixture.readAll("%DLQ%cg-orderly-fail", 1, Duration.ofSeconds(30));
            assertEquals(1, dead.size());
            assertEquals("poison", new String(dead.get(0).getBody(), StandardCharsets.UTF_8));
        } finally {
            consumer.shutdown();
        }
    }
}

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
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The official orderly push consumer against LOCK_BATCH_MQ / UNLOCK_BATCH_MQ: per-queue order is kept (also across a
 * consumer restart: the next consumer resumes each queue where the first stopped, in order), and a
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
    void perQueueOrderIsKeptAcrossAConsumerRestart() throws Exception {
        String topic = "OrderlyRestartTopic";
        int perQueue = 40;
        for (int i = 0; i < perQueue; i++) {
            for (int q = 0; q < QUEUES; q++) {
                producer.send(new Message(topic, (q + ":" + i).getBytes(StandardCharsets.UTF_8)),
                        (mqs, msg, arg) -> mqs.get((Integer) arg % mqs.size()), q);
            }
        }
        Map<Integer, List<Integer>> first = new ConcurrentHashMap<>();
        Map<Integer, List<Integer>> second = new ConcurrentHashMap<>();
        AtomicInteger firstTotal = new AtomicInteger();
        DefaultMQPushConsumer consumerA = orderly("cg-orderly-restart", topic);
        consumerA.setConsumeMessageBatchMaxSize(1);
        // The first consumer only takes each queue's first half: the second half stays for the restarted one.
        MessageListenerOrderly firstHalf = recorder(first, firstTotal);
        consumerA.registerMessageListener((MessageListenerOrderly) (msgs, ctx) -> {
            String[] parts = new String(msgs.get(0).getBody(), StandardCharsets.UTF_8).split(":");
            return Integer.parseInt(parts[1]) >= perQueue / 2
                    ? ConsumeOrderlyStatus.SUSPEND_CURRENT_QUEUE_A_MOMENT : firstHalf.consumeMessage(msgs, ctx);
        });
        consumerA.start();
        try {
            await().atMost(Duration.ofSeconds(40)).until(() -> firstTotal.get() >= QUEUES * perQueue / 2);
        } finally {
            consumerA.shutdown();
        }
        DefaultMQPushConsumer consumerB = orderly("cg-orderly-restart", topic);
        consumerB.registerMessageListener(recorder(second, new AtomicInteger()));
        consumerB.start();
        try {
            await().atMost(Duration.ofSeconds(40)).until(() -> {
                for (int q = 0; q < QUEUES; q++) {
                    List<Integer> seenB = second.getOrDefault(q, List.of());
                    List<Integer> seenA = first.getOrDefault(q, List.of());
                    int last = !seenB.isEmpty() ? seenB.get(seenB.size() - 1)
                            : seenA.isEmpty() ? -1 : seenA.get(seenA.size() - 1);
                    if (last != perQueue - 1) {
                        return false;
                    }
                }
                return true;
            });
        } finally {
            consumerB.shutdown();
        }
        assertTrue(second.values().stream().mapToInt(List::size).sum() > 0, "the restarted consumer took over");
        for (int q = 0; q < QUEUES; q++) {
            List<Integer> seenA = first.getOrDefault(q, List.of());
            List<Integer> seenB = second.getOrDefault(q, List.of());
            for (int i = 0; i < seenA.size(); i++) {
                assertEquals(i, seenA.get(i), "queue " + q + " out of order before the restart: " + seenA);
            }
            if (!seenB.isEmpty()) {
                int resumedAt = seenB.get(0);
                assertTrue(resumedAt <= seenA.size(), "queue " + q + " skipped messages at the restart: A saw "
                        + seenA.size() + ", B started at " + resumedAt);
                for (int i = 0; i < seenB.size(); i++) {
                    assertEquals(resumedAt + i, seenB.get(i), "queue " + q + " out of order after the restart: "
                            + seenB);
                }
            }
        }
    }

    private static MessageListenerOrderly recorder(Map<Integer, List<Integer>> seen, AtomicInteger total) {
        return (msgs, ctx) -> {
            for (MessageExt m : msgs) {
                String[] parts = new String(m.getBody(), StandardCharsets.UTF_8).split(":");
                seen.computeIfAbsent(m.getQueueId(), k -> java.util.Collections.synchronizedList(new ArrayList<>()))
                        .add(Integer.parseInt(parts[1]));
                total.incrementAndGet();
            }
            return ConsumeOrderlyStatus.SUCCESS;
        };
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

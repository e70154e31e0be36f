package dev.apogee.broker.pop;

import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.message.Message;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two official push consumers of one POP group share one producer's messages on a single-queue topic (with PULL,
 * one of them would own the queue and the other get nothing): each message goes to exactly one of them.
 */
class PopSharedQueueTest {
    @RegisterExtension
    static final PopServers servers = new PopServers();

    @Test
    void twoPushConsumersShareOneQueue() throws Exception {
        String topic = "PopOneQueue";
        String group = "cg-pop-one-queue";
        servers.popGroup(topic, 1, group, 16);
        Map<String, Set<String>> byConsumer = new ConcurrentHashMap<>();
        DefaultMQPushConsumer a = consumer(group, topic, "a", byConsumer);
        DefaultMQPushConsumer b = consumer(group, topic, "b", byConsumer);
        DefaultMQProducer producer = servers.fixture().producer("pop-one-queue-producer");
        int count = 60;
        try {
            long ready = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (servers.fixture().broker().pops().heldPops() < 2 && System.nanoTime() < ready) {
                Thread.sleep(20); // both consumers are popping (long polling) before the first message
            }
            for (int i = 0; i < count; i++) {
                producer.send(new Message(topic, "t", ("m" + i).getBytes(StandardCharsets.UTF_8)), 5_000);
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (total(byConsumer) < count && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
        } finally {
            producer.shutdown();
            a.shutdown();
            b.shutdown();
        }
        Set<String> all = new HashSet<>();
        byConsumer.values().forEach(all::addAll);
        assertEquals(count, all.size());
        assertEquals(count, total(byConsumer), "no message went to both");
        assertTrue(byConsumer.getOrDefault("a", Set.of()).size() > 0 && byConsumer.getOrDefault("b", Set.of())
                .size() > 0, "both consumers got messages: " + byConsumer.keySet());
    }

    private static int total(Map<String, Set<String>> byConsumer) {
        return byConsumer.values().stream().mapToInt(Set::size).sum();
    }

    private static DefaultMQPushConsumer consumer(String group, String topic, String name,
            Map<String, Set<String>> byConsumer) throws Exception {
        DefaultMQPushConsumer consumer = servers.popPushConsumer(group, topic, "pop-one-queue-" + name, 30_000);
        consumer.setPopBatchNums(1);
        consumer.registerMessageListener((MessageListenerConcurrently) (msgs, ctx) -> {
            msgs.forEach(m -> byConsumer.computeIfAbsent(name, k -> ConcurrentHashMap.newKeySet())
                    .add(m.getMsgId()));
            try {
                Thread.sleep(20); // a consumer that takes its time leaves the next messages to the other
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        consumer.start();
        return consumer;
    }
}

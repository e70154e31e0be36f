package dev.apogee.client.interop;

import dev.apogee.client.consumer.ConsumeStatus;
import dev.apogee.client.consumer.OrderlyStatus;
import dev.apogee.client.consumer.PushConsumer;
import dev.apogee.client.consumer.PushConsumerConfig;
import dev.apogee.client.message.Message;
import dev.apogee.client.producer.Producer;
import dev.apogee.client.producer.ProducerConfig;
import dev.apogee.client.producer.QueueSelector;
import dev.apogee.remoting.protocol.body.ConsumeFromWhere;
import dev.apogee.remoting.protocol.body.MessageModel;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Orderly push consumption (per-key order, broker locks) and broadcasting with a local offset file. */
@Tag("interop")
@Tag("slow")
@ExtendWith(ApacheServers.class)
class OrderlyAndBroadcastInteropTest {
    private static Producer producer;

    @BeforeAll
    static void start() throws Exception {
        producer = new Producer(ApacheServers.producerConfig(ApacheServers.unique("pg"))
                .setClientConfig(ApacheServers.client(ApacheServers.unique("producer"))));
        producer.start();
    }

    @AfterAll
    static void stop() {
        producer.shutdown();
    }

    @Test
    void orderlyConsumerKeepsPerKeyOrderEvenAfterAFailure() throws Exception {
        String topic = ApacheServers.unique("TOrderly");
        producer.send(new Message(topic, "warmup".getBytes(StandardCharsets.UTF_8)));
        Map<String, List<Integer>> seen = new ConcurrentHashMap<>();
        AtomicBoolean failedOnce = new AtomicBoolean();
        PushConsumer consumer = new PushConsumer(new PushConsumerConfig(ApacheServers.unique("cgOrderly"))
                .setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET).setConsumeThreads(4)
                .setOrderlySuspendMillis(200).setShutdownAwaitMillis(3_000)
                .setClientConfig(ApacheServers.client(ApacheServers.unique("orderly"))));
        consumer.subscribe(topic, "*");
        consumer.registerOrderlyListener((messages, context) -> {
            for (var m : messages) {
                String key = m.getKeys();
                if (key == null) {
                    continue;
                }
                int seq = Integer.parseInt(m.getUserProperty("seq"));
                if (key.equals("k1") && seq == 5 && failedOnce.compareAndSet(false, true)) {
                    return OrderlyStatus.SUSPEND_CURRENT_QUEUE_A_MOMENT;
                }
                seen.computeIfAbsent(key, k -> new CopyOnWriteArrayList<>()).add(seq);
            }
            return OrderlyStatus.SUCCESS;
        });
        consumer.start();
        try {
            for (int seq = 0; seq < 20; seq++) {
                for (String key : List.of("k0", "k1", "k2", "k3", "k4")) {
                    Message message = new Message(topic, null, key, (key + "-" + seq).getBytes(StandardCharsets.UTF_8));
                    message.putUserProperty("seq", String.valueOf(seq));
                    producer.send(message, QueueSelector.byHash(), key);
                }
            }
            await().atMost(Duration.ofSeconds(30)).until(() -> seen.size() == 5
                    && seen.values().stream().allMatch(l -> l.size() >= 20));
            List<Integer> expected = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                expected.add(i);
            }
            seen.forEach((key, order) -> assertEquals(expected, order, "order of " + key));
            assertTrue(failedOnce.get());
        } finally {
            consumer.shutdown();
        }
    }

    @Test
    void orderlyPoisonMessageGoesToTheDlqAfterMaxReconsumeTimes() throws Exception {
        String topic = ApacheServers.unique("TPoison");
        String group = ApacheServers.unique("cgPoison");
        producer.send(new Message(topic, "warmup".getBytes(StandardCharsets.UTF_8)), QueueSelector.byHash(), "k");
        List<String> consumed = new CopyOnWriteArrayList<>();
        PushConsumer consumer = new PushConsumer(new PushConsumerConfig(group)
                .setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET).setConsumeThreads(2)
                .setOrderlySuspendMillis(100).setMaxReconsumeTimes(2).setShutdownAwaitMillis(3_000)
                .setClientConfig(ApacheServers.client(ApacheServers.unique("poison"))));
        consumer.subscribe(topic, "*");
        consumer.registerOrderlyListener((messages, context) -> {
            for (var m : messages) {
                String body = new String(m.getBody(), StandardCharsets.UTF_8);
                if (body.equals("poison")) {
                    return OrderlyStatus.SUSPEND_CURRENT_QUEUE_A_MOMENT;
                }
                consumed.add(body);
            }
            return OrderlyStatus.SUCCESS;
        });
        consumer.start();
        try {
            producer.send(new Message(topic, "poison".getBytes(StandardCharsets.UTF_8)), QueueSelector.byHash(), "k");
            producer.send(new Message(topic, "after".getBytes(StandardCharsets.UTF_8)), QueueSelector.byHash(), "k");
            await().atMost(Duration.ofSeconds(30)).until(() -> consumed.contains("after"));
            assertEquals(List.of("warmup", "after"), consumed, "the poison message was skipped, order kept");
        } finally {
            consumer.shutdown();
        }
        List<org.apache.rocketmq.common.message.MessageExt> dlq = OfficialClients.readAll("%DLQ%" + group, 1);
        assertEquals("poison", new String(dlq.get(0).getBody(), StandardCharsets.UTF_8));
    }

    @Test
    void broadcastingConsumersEachGetEverythingAndKeepLocalOffsets(@TempDir Path offsetDir) throws Exception {
        String topic = ApacheServers.unique("TBroadcast");
        String group = ApacheServers.unique("cgBroadcast");
        producer.send(new Message(topic, "warmup".getBytes(StandardCharsets.UTF_8)));
        List<Set<String>> received = new ArrayList<>();
        List<PushConsumer> consumers = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Set<String> mine = ConcurrentHashMap.newKeySet();
            received.add(mine);
            PushConsumer consumer = new PushConsumer(new PushConsumerConfig(group)
                    .setMessageModel(MessageModel.BROADCASTING).setOffsetStoreDir(offsetDir)
                    .setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET).setConsumeThreads(2)
                    .setShutdownAwaitMillis(3_000)
                    .setClientConfig(ApacheServers.client(ApacheServers.unique("bc" + i))));
            consumer.subscribe(topic, "*");
            consumer.registerConcurrentListener((messages, context) -> {
                messages.forEach(m -> mine.add(new String(m.getBody(), StandardCharsets.UTF_8)));
                return ConsumeStatus.CONSUME_SUCCESS;
            });
            consumer.start();
            consumers.add(consumer);
        }
        try {
            await().atMost(Duration.ofSeconds(20)).until(() -> consumers.stream()
                    .allMatch(c -> c.ownedQueues().stream().filter(q -> q.topic().equals(topic)).count() == 4));
            Set<String> sent = PushConsumerInteropTest.send(producer, topic, 30, null, Map.of());
            await().atMost(Duration.ofSeconds(30)).until(() -> received.stream().allMatch(r -> r.containsAll(sent)));
        } finally {
            consumers.forEach(PushConsumer::shutdown);
        }
        try (var files = Files.walk(offsetDir)) {
            List<Path> offsetFiles = files.filter(p -> p.getFileName().toString().equals("offsets.json")).toList();
            assertEquals(2, offsetFiles.size(), "one offset file per client");
            String content = Files.readString(offsetFiles.get(0));
            assertTrue(content.contains(topic), content);
        }
    }
}

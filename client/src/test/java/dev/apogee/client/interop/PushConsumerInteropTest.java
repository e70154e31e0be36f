package dev.apogee.client.interop;

import dev.apogee.client.admin.AdminClient;
import dev.apogee.remoting.protocol.body.TopicOffset;
import dev.apogee.client.consumer.ConsumeStatus;
import dev.apogee.client.consumer.PushConsumer;
import dev.apogee.client.consumer.PushConsumerConfig;
import dev.apogee.client.message.Message;
import dev.apogee.client.message.MessageExt;
import dev.apogee.client.producer.Producer;
import dev.apogee.client.producer.ProducerConfig;
import dev.apogee.remoting.protocol.body.ConsumeFromWhere;
import dev.apogee.remoting.protocol.body.MessageQueue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Our push consumer against the official broker: clustering split, tags, SQL92, retry via send-back. */
@Tag("interop")
@Tag("slow")
@ExtendWith(ApacheServers.class)
class PushConsumerInteropTest {
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
    void threeConsumersOfOneGroupSplitTheQueuesAndConsumeEverything() throws Exception {
        String topic = ApacheServers.unique("TPush");
        String group = ApacheServers.unique("cgPush");
        send(topic, 1, null, Map.of());
        Map<String, Set<String>> byConsumer = new ConcurrentHashMap<>();
        List<PushConsumer> consumers = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            String name = "c" + i;
            Set<String> mine = ConcurrentHashMap.newKeySet();
            byConsumer.put(name, mine);
            PushConsumer consumer = consumer(group, ApacheServers.unique(name));
            consumer.subscribe(topic, "*");
            consumer.registerConcurrentListener((messages, context) -> {
                messages.forEach(m -> mine.add(body(m)));
                return ConsumeStatus.CONSUME_SUCCESS;
            });
            consumer.start();
            consumers.add(consumer);
        }
        try {
            await().atMost(Duration.ofSeconds(20)).until(() -> owned(consumers, topic).size() == 4
                    && consumers.stream().allMatch(c -> !ownedOf(c, topic).isEmpty() || c == consumers.get(2)));
            Set<String> sent = send(topic, 200, null, Map.of());
            await().atMost(Duration.ofSeconds(30)).until(() -> union(byConsumer).containsAll(sent));
            long withWork = byConsumer.values().stream().filter(s -> !s.isEmpty()).count();
            assertTrue(withWork >= 2, "at least two consumers got messages: " + withWork);
            Set<MessageQueue> seen = new HashSet<>();
            for (PushConsumer consumer : consumers) {
                for (MessageQueue queue : ownedOf(consumer, topic)) {
                    assertTrue(seen.add(queue), "queue owned twice: " + queue);
                }
            }
        } finally {
            consumers.forEach(PushConsumer::shutdown);
        }
    }

    @Test
    void tagAndSqlSubscriptionsFilter() throws Exception {
        String topic = ApacheServers.unique("TFilter");
        send(topic, 1, "TagC", Map.of());
        Set<String> received = ConcurrentHashMap.newKeySet();
        Set<String> receivedSql = ConcurrentHashMap.newKeySet();
        PushConsumer byTag = consumer(ApacheServers.unique("cgTag"), ApacheServers.unique("tag"));
        byTag.subscribe(topic, "TagA || TagB");
        byTag.registerConcurrentListener((messages, context) -> {
            messages.forEach(m -> received.add(body(m)));
            return ConsumeStatus.CONSUME_SUCCESS;
        });
        PushConsumer bySql = consumer(ApacheServers.unique("cgSql"), ApacheServers.unique("sql"));
        bySql.subscribe(topic, "amount > 5 AND region = 'eu'", "SQL92");
        bySql.registerConcurrentListener((messages, context) -> {
            messages.forEach(m -> receivedSql.add(body(m)));
            return ConsumeStatus.CONSUME_SUCCESS;
        });
        byTag.start();
        bySql.start();
        try {
            Set<String> tagA = send(topic, 5, "TagA", Map.of("amount", "10", "region", "eu"));
            Set<String> tagB = send(topic, 5, "TagB", Map.of("amount", "1", "region", "eu"));
            Set<String> tagC = send(topic, 5, "TagC", Map.of("amount", "7", "region", "us"));
            Set<String> expected = new HashSet<>(tagA);
            expected.addAll(tagB);
            await().atMost(Duration.ofSeconds(30)).until(() -> received.containsAll(expected)
                    && receivedSql.containsAll(tagA));
            Thread.sleep(500); // a wrongly delivered message would have arrived by now
            assertEquals(expected, received);
            assertEquals(tagA, receivedSql);
            assertTrue(tagC.stream().noneMatch(received::contains));
        } finally {
            byTag.shutdown();
            bySql.shutdown();
        }
    }

    @Test
    void reconsumeLaterRedeliversWithIncrementedReconsumeTimes() throws Exception {
        String topic = ApacheServers.unique("TRetry");
        send(topic, 1, "warmup", Map.of());
        List<Integer> attempts = new CopyOnWriteArrayList<>();
        List<String> topics = new CopyOnWriteArrayList<>();
        PushConsumer consumer = consumer(ApacheServers.unique("cgRetry"), ApacheServers.unique("retry"));
        consumer.subscribe(topic, "fail");
        consumer.registerConcurrentListener((messages, context) -> {
            for (MessageExt m : messages) {
                attempts.add(m.getReconsumeTimes());
                topics.add(m.getTopic());
            }
            return attempts.size() < 3 ? ConsumeStatus.RECONSUME_LATER : ConsumeStatus.CONSUME_SUCCESS;
        });
        consumer.start();
        try {
            send(topic, 1, "fail", Map.of());
            await().atMost(Duration.ofSeconds(40)).until(() -> attempts.size() >= 3);
            assertEquals(List.of(0, 1, 2), attempts.subList(0, 3));
            assertTrue(topics.stream().allMatch(topic::equals), "retried messages carry the original topic");
        } finally {
            consumer.shutdown();
        }
    }

    @Test
    void afterShutdownTheBrokerHoldsTheOffsetsOfEverythingConsumed() throws Exception {
        String topic = ApacheServers.unique("TPushStop");
        String group = ApacheServers.unique("cgPushStop");
        send(topic, 1, null, Map.of());
        Set<String> consumed = ConcurrentHashMap.newKeySet();
        PushConsumer consumer = consumer(group, ApacheServers.unique("stopper"));
        consumer.subscribe(topic, "*");
        consumer.registerConcurrentListener((messages, context) -> {
            messages.forEach(m -> consumed.add(body(m)));
            return ConsumeStatus.CONSUME_SUCCESS;
        });
        consumer.start();
        Set<String> sent = send(topic, 300, null, Map.of());
        try {
            await().atMost(Duration.ofSeconds(30)).until(() -> consumed.containsAll(sent));
        } finally {
            consumer.shutdown();
        }
        try (AdminClient admin = new AdminClient(ApacheServers.client(ApacheServers.unique("stopAdmin")))) {
            admin.start();
            Map<MessageQueue, TopicOffset> max = admin.topicOffsets(topic);
            Map<MessageQueue, Long> committed = admin.consumerOffsets(group, topic); // no waiting: shutdown confirmed them
            max.forEach((q, o) -> assertEquals(o.getMaxOffset(), committed.get(q), "committed offset of " + q));
        }
    }

    static PushConsumer consumer(String group, String instance) {
        return new PushConsumer(new PushConsumerConfig(group)
                .setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
                .setConsumeThreads(4)
                .setShutdownAwaitMillis(3_000)
                .setClientConfig(ApacheServers.client(instance)));
    }

    static Set<String> send(String topic, int count, String tag, Map<String, String> props) throws Exception {
        return send(producer, topic, count, tag, props);
    }

    static Set<String> send(Producer producer, String topic, int count, String tag, Map<String, String> props)
            throws Exception {
        Set<String> bodies = new HashSet<>();
        for (int i = 0; i < count; i++) {
            String body = topic + "-" + tag + "-" + props.hashCode() + "-" + i + "-" + System.nanoTime();
            Message message = new Message(topic, tag, body.getBytes(StandardCharsets.UTF_8));
            props.forEach(message::putUserProperty);
            producer.send(message);
            bodies.add(body);
        }
        return bodies;
    }

    static String body(MessageExt message) {
        return new String(message.getBody(), StandardCharsets.UTF_8);
    }

    private static Set<MessageQueue> ownedOf(PushConsumer consumer, String topic) {
        Set<MessageQueue> owned = new HashSet<>();
        consumer.ownedQueues().stream().filter(q -> q.topic().equals(topic)).forEach(owned::add);
        return owned;
    }

    private static Set<MessageQueue> owned(List<PushConsumer> consumers, String topic) {
        Set<MessageQueue> all = new HashSet<>();
        consumers.forEach(c -> all.addAll(ownedOf(c, topic)));
        return all;
    }

    private static Set<String> union(Map<String, Set<String>> byConsumer) {
        Set<String> all = new HashSet<>();
        byConsumer.values().forEach(all::addAll);
        return all;
    }
}

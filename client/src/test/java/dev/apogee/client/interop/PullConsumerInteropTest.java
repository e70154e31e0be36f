package dev.apogee.client.interop;

import dev.apogee.client.consumer.PullConsumer;
import dev.apogee.client.consumer.PullConsumerConfig;
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
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Our lite pull consumer against the official broker: assign/seek/commit, subscribe with a group, tag filter. */
@Tag("interop")
@Tag("slow")
@ExtendWith(ApacheServers.class)
class PullConsumerInteropTest {
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
    void assignSeekAndCommit() throws Exception {
        String topic = ApacheServers.unique("TAssign");
        Set<String> sent = send(topic, 20, null);
        PullConsumer consumer = new PullConsumer(new PullConsumerConfig(ApacheServers.unique("cgAssign"))
                .setAutoCommit(false).setClientConfig(ApacheServers.client(ApacheServers.unique("assign"))));
        consumer.start();
        try {
            List<MessageQueue> queues = consumer.fetchMessageQueues(topic);
            consumer.assign(queues);
            for (MessageQueue queue : queues) {
                consumer.seekToBegin(queue);
            }
            List<MessageExt> received = pollUntil(consumer, 20);
            assertEquals(sent, bodies(received));
            consumer.commitSync();
            long total = 0;
            for (MessageQueue queue : queues) {
                long expected = received.stream().filter(m -> m.getQueueId() == queue.queueId())
                        .mapToLong(m -> m.getQueueOffset() + 1).max().orElse(0);
                assertEquals(expected, consumer.committed(queue), "committed offset of " + queue);
                total += expected;
            }
            assertEquals(20, total);

            MessageQueue first = received.get(0).getBrokerName() == null ? queues.get(0)
                    : new MessageQueue(topic, received.get(0).getBrokerName(), received.get(0).getQueueId());
            consumer.seek(first, 0);
            List<MessageExt> again = pollUntil(consumer, 1);
            assertTrue(again.stream().allMatch(m -> m.getQueueId() == first.queueId()), "only the sought queue");
            assertEquals(0, again.get(0).getQueueOffset());
        } finally {
            consumer.shutdown();
        }
    }

    @Test
    void subscribedConsumersOfOneGroupSplitTheQueues() throws Exception {
        String topic = ApacheServers.unique("TSub");
        String group = ApacheServers.unique("cgSub");
        send(topic, 1, null); // creates the topic
        List<PullConsumer> consumers = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            PullConsumer consumer = new PullConsumer(new PullConsumerConfig(group)
                    .setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
                    .setClientConfig(ApacheServers.client(ApacheServers.unique("sub" + i))));
            consumer.subscribe(topic, "*");
            consumer.start();
            consumers.add(consumer);
        }
        try {
            org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(20)).until(() ->
                    consumers.get(0).assignment().size() == 2 && consumers.get(1).assignment().size() == 2);
            Set<MessageQueue> union = new HashSet<>(consumers.get(0).assignment());
            union.addAll(consumers.get(1).assignment());
            assertEquals(4, union.size(), "disjoint assignment covering all queues");
            Set<String> sent = send(topic, 39, null);
            Set<String> received = ConcurrentHashMap.newKeySet();
            long deadline = System.currentTimeMillis() + 30_000;
            while (!received.containsAll(sent) && System.currentTimeMillis() < deadline) {
                for (PullConsumer consumer : consumers) {
                    consumer.poll(100).forEach(m -> received.add(new String(m.getBody(), StandardCharsets.UTF_8)));
                }
            }
            assertTrue(received.containsAll(sent), "missing " + sent.size() + " vs " + received.size());
        } finally {
            consumers.forEach(PullConsumer::shutdown);
        }
    }

    @Test
    void tagSubscriptionFiltersMessages() throws Exception {
        String topic = ApacheServers.unique("TTag");
        Set<String> tagA = send(topic, 10, "TagA");
        send(topic, 10, "TagB");
        PullConsumer consumer = new PullConsumer(new PullConsumerConfig(ApacheServers.unique("cgTag"))
                .setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
                .setClientConfig(ApacheServers.client(ApacheServers.unique("tag"))));
        consumer.subscribe(topic, "TagA");
        consumer.start();
        try {
            List<MessageExt> received = pollUntil(consumer, 10);
            assertEquals(tagA, bodies(received));
            assertTrue(consumer.poll(500).isEmpty(), "no TagB message");
        } finally {
            consumer.shutdown(); // auto commit: polled messages count as processed
        }
        PullConsumer checker = new PullConsumer(new PullConsumerConfig(consumerGroupOf(consumer))
                .setClientConfig(ApacheServers.client(ApacheServers.unique("tagCheck"))));
        checker.start();
        try {
            long committed = 0;
            for (MessageQueue queue : checker.fetchMessageQueues(topic)) {
                committed += Math.max(0, checker.committed(queue));
            }
            assertEquals(20, committed, "auto commit passed the polled TagA and the filtered TagB messages");
        } finally {
            checker.shutdown();
        }
    }

    private static String consumerGroupOf(PullConsumer consumer) {
        return consumer.group();
    }

    static Set<String> send(String topic, int count, String tag) throws Exception {
        Set<String> bodies = new HashSet<>();
        for (int i = 0; i < count; i++) {
            String body = topic + "-" + (tag == null ? "" : tag) + "-" + i;
            producer.send(new Message(topic, tag, body.getBytes(StandardCharsets.UTF_8)));
            bodies.add(body);
        }
        return bodies;
    }

    static List<MessageExt> pollUntil(PullConsumer consumer, int count) throws InterruptedException {
        List<MessageExt> received = new ArrayList<>();
        long deadline = System.currentTimeMillis() + 30_000;
        while (received.size() < count && System.currentTimeMillis() < deadline) {
            received.addAll(consumer.poll(200));
        }
        return received;
    }

    static Set<String> bodies(List<MessageExt> messages) {
        Set<String> bodies = new HashSet<>();
        messages.forEach(m -> bodies.add(new String(m.getBody(), StandardCharsets.UTF_8)));
        return bodies;
    }
}

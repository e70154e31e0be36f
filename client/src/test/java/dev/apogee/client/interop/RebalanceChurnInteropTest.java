package dev.apogee.client.interop;

import dev.apogee.client.admin.AdminClient;
import dev.apogee.client.consumer.ConsumeStatus;
import dev.apogee.client.consumer.PushConsumer;
import dev.apogee.client.message.Message;
import dev.apogee.client.producer.Producer;
import dev.apogee.client.producer.ProducerConfig;
import dev.apogee.remoting.protocol.body.MessageQueue;
import dev.apogee.remoting.protocol.body.TopicOffset;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Rebalance under churn: three consumers of one group, a fourth added and the first stopped while messages flow
 * (100,000 by default; {@code -Dchurn.messages=N}). Every message is processed at least once, duplicates only on
 * queues that changed owner, and at the end the committed offsets equal the queues' max offsets.
 */
@Tag("interop")
@Tag("slow")
@ExtendWith(ApacheServers.class)
class RebalanceChurnInteropTest {
    private static final Logger LOG = LoggerFactory.getLogger(RebalanceChurnInteropTest.class);
    private static final int MESSAGES = Integer.getInteger("churn.messages", 100_000);

    private final AtomicReferenceArray<String> firstConsumer = new AtomicReferenceArray<>(MESSAGES);
    private final AtomicInteger[] deliveries = new AtomicInteger[MESSAGES];
    private final Map<MessageQueue, Set<String>> ownersByQueue = new ConcurrentHashMap<>();
    private final Set<Integer> duplicated = ConcurrentHashMap.newKeySet();
    private final Map<Integer, MessageQueue> queueOf = new ConcurrentHashMap<>();

    @Test
    void everyMessageAtLeastOnceDuplicatesOnlyOnMovedQueuesOffsetsCommitted() throws Exception {
        for (int i = 0; i < MESSAGES; i++) {
            deliveries[i] = new AtomicInteger();
        }
        String topic = ApacheServers.unique("TChurn");
        String group = ApacheServers.unique("cgChurn");
        try (AdminClient admin = new AdminClient(ApacheServers.client(ApacheServers.unique("churnAdmin")))) {
            admin.start();
            admin.createTopic(topic, 8);
            await().atMost(Duration.ofSeconds(20)).ignoreExceptions()
                    .until(() -> admin.route(topic).subscribeQueues().size() == 8);
            List<PushConsumer> consumers = new ArrayList<>();
            try {
                for (int i = 0; i < 3; i++) {
                    consumers.add(startConsumer(group, topic, "c" + i));
                }
                long start = System.currentTimeMillis();
                int resends = produce(topic, consumers, group);
                LOG.info("sent {} messages in {} ms ({} re-sent after broker busy answers)", MESSAGES,
                        System.currentTimeMillis() - start, resends);
                await().atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(500))
                        .until(() -> missing() == 0);
                LOG.info("consumed all in {} ms; {} duplicates", System.currentTimeMillis() - start,
                        duplicated.size());
            } finally {
                consumers.forEach(PushConsumer::shutdown);
            }
            Set<MessageQueue> moved = new HashSet<>();
            ownersByQueue.forEach((q, owners) -> {
                if (owners.size() > 1) {
                    moved.add(q);
                }
            });
            for (int id : duplicated) {
                assertTrue(moved.contains(queueOf.get(id)), "duplicate " + id + " on a queue that kept its owner");
            }
            Map<MessageQueue, TopicOffset> max = admin.topicOffsets(topic);
            assertEquals(MESSAGES, max.values().stream().mapToLong(TopicOffset::getMaxOffset).sum());
            // shutdown commits are confirmed, yet a queue taken over during the shutdowns can take a moment
            Map<MessageQueue, Long> committed = await().atMost(Duration.ofSeconds(10)).ignoreExceptions()
                    .until(() -> admin.consumerOffsets(group, topic), c -> max.entrySet().stream()
                            .allMatch(e -> Long.valueOf(e.getValue().getMaxOffset()).equals(c.get(e.getKey()))));
            max.forEach((q, o) -> assertEquals(o.getMaxOffset(), committed.get(q), "committed offset of " + q));
        }
    }

    /**
     * Four sending threads; the 4th consumer joins at 30 %, the first leaves at 60 %. A send the broker refuses as
     * busy (this box has 2 shared cores) is repeated after a pause: the test is about consumers, not back-pressure.
     */
    private int produce(String topic, List<PushConsumer> consumers, String group) throws Exception {
        Producer producer = new Producer(ApacheServers.producerConfig(ApacheServers.unique("pgChurn"))
                .setClientConfig(ApacheServers.client(ApacheServers.unique("churnProducer"))));
        producer.start();
        AtomicInteger next = new AtomicInteger();
        AtomicInteger resends = new AtomicInteger();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> senders = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            Thread sender = new Thread(() -> {
                int id;
                while ((id = next.getAndIncrement()) < MESSAGES && failure.get() == null) {
                    sendWithPatience(producer, topic, id, resends, failure);
                }
            }, "churn-sender-" + t);
            sender.start();
            senders.add(sender);
        }
        boolean added = false;
        boolean stopped = false;
        while (senders.stream().anyMatch(Thread::isAlive)) {
            if (!added && next.get() >= MESSAGES * 3 / 10) {
                consumers.add(startConsumer(group, topic, "c3"));
                added = true;
            }
            if (!stopped && next.get() >= MESSAGES * 6 / 10) {
                consumers.get(0).shutdown();
                stopped = true;
            }
            Thread.sleep(10);
        }
        producer.shutdown();
        assertNull(failure.get(), "every send eventually succeeded");
        assertTrue(added && stopped);
        return resends.get();
    }

    private static void sendWithPatience(Producer producer, String topic, int id, AtomicInteger resends,
            AtomicReference<Throwable> failure) {
        Message message = new Message(topic, String.valueOf(id).getBytes(StandardCharsets.UTF_8));
        for (int attempt = 0; attempt < 50; attempt++) {
            try {
                producer.send(message);
                return;
            } catch (Exception e) {
                resends.incrementAndGet();
                try {
                    Thread.sleep(100);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
        failure.set(new IllegalStateException("message " + id + " could not be sent"));
    }

    private PushConsumer startConsumer(String group, String topic, String name) throws Exception {
        PushConsumer consumer = PushConsumerInteropTest.consumer(group, ApacheServers.unique(name));
        consumer.subscribe(topic, "*");
        consumer.registerConcurrentListener((messages, context) -> {
            for (var m : messages) {
                int id = Integer.parseInt(new String(m.getBody(), StandardCharsets.UTF_8));
                MessageQueue queue = context.getQueue();
                queueOf.put(id, queue);
                ownersByQueue.computeIfAbsent(queue, q -> ConcurrentHashMap.newKeySet()).add(name);
                if (deliveries[id].incrementAndGet() > 1) {
                    duplicated.add(id);
                }
                firstConsumer.compareAndSet(id, null, name);
            }
            return ConsumeStatus.CONSUME_SUCCESS;
        });
        consumer.start();
        return consumer;
    }

    private int missing() {
        int missing = 0;
        for (AtomicInteger d : deliveries) {
            if (d.get() == 0) {
                missing++;
            }
        }
        return missing;
    }
}

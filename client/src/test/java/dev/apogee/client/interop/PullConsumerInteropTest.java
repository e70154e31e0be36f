package dev.apogee.client.interop;

import dev.apogee.client.ClientInstance;
import dev.apogee.client.consumer.PullConsumer;
import dev.apogee.client.consumer.PullConsumerConfig;
import dev.apogee.client.message.Message;
import dev.apogee.client.message.MessageExt;
import dev.apogee.client.offset.OffsetApi;
import dev.apogee.client.offset.RemoteOffsetStore;
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
import java.util.concurrent.atomic.AtomicReference;

import static org.awaitility.Awaitility.await;
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
            List<MessageQueue> queues = assignFromBegin(consumer, topic);
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

    /**
     * A queue whose buffer is full stops pulling; a poll that takes half the buffer continues its pulls at once
     * instead of after the fallback delay (a fixed 50 ms pause per refill made most of a transacted drain's time).
     */
    @Test
    void aFullBufferRefillsAsSoonAsThePollTookHalfOfIt() throws Exception {
        String topic = ApacheServers.unique("TFull");
        Set<String> sent = send(topic, 96, null); // at least 12 per queue: more than a full buffer of each
        PullConsumer consumer = new PullConsumer(new PullConsumerConfig(ApacheServers.unique("cgFull"))
                .setAutoCommit(false).setPullBatchSize(4).setMaxBufferedPerQueue(8).setMaxPollRecords(4)
                .setClientConfig(ApacheServers.client(ApacheServers.unique("full"))));
        consumer.start();
        try {
            assignFromBegin(consumer, topic);
            Thread.sleep(300); // every queue's buffer fills up before anything is taken
            List<MessageExt> received = pollUntil(consumer, 96);
            assertEquals(sent, bodies(received));
            assertTrue(consumer.flowControlResumes() > 0, "pulls parked on a full buffer were continued by polls");
        } finally {
            consumer.shutdown();
        }
    }

    /**
     * A consumer that takes over a queue reads the group's offset; if the previous owner's last commit lands after
     * that read, writing the read value back (periodic commit, shutdown, hand-over) would move the group backwards.
     */
    @Test
    void anOffsetOnlyReadIsNotCommittedBackOverALaterCommit() throws Exception {
        String topic = ApacheServers.unique("TReadBack");
        String group = ApacheServers.unique("cgReadBack");
        send(topic, 24, null);
        String memberTopic = ApacheServers.unique("TReadBackMember");
        send(memberTopic, 1, null);
        ClientInstance instance = ClientInstance.acquire(ApacheServers.client(ApacheServers.unique("readBack")));
        // a member's heartbeat makes the group known to the broker (the official one refuses offsets of unknown
        // groups); it subscribes to another topic so that it never touches the offsets under test
        PullConsumer member = new PullConsumer(new PullConsumerConfig(group).setAutoCommit(false)
                .setClientConfig(ApacheServers.client(ApacheServers.unique("readBackMember"))));
        member.subscribe(memberTopic, "*");
        member.start();
        try {
            OffsetApi api = new OffsetApi(instance.rpc(), instance.routes());
            MessageQueue queue = null;
            for (MessageQueue candidate : instance.routes().refresh(topic).subscribeQueues()) {
                if (api.maxOffset(candidate) >= 4) {
                    queue = candidate;
                }
            }
            assertTrue(queue != null, "a queue holding at least 4 messages");
            MessageQueue chosen = queue;
            await().atMost(Duration.ofSeconds(10)).ignoreExceptions().untilAsserted(
                    () -> api.updateConsumerOffset(group, chosen, 1, false));
            RemoteOffsetStore newOwner = new RemoteOffsetStore(group, api);
            assertEquals(1, newOwner.readStored(queue));
            api.updateConsumerOffset(group, queue, 2, false); // the previous owner's last commit

            newOwner.persistAll(Set.of(queue));
            newOwner.persist(queue);
            assertEquals(2, api.queryConsumerOffset(group, queue), "the read offset was written back");

            newOwner.updateOffset(queue, 3, true);
            newOwner.persist(queue);
            assertEquals(3, api.queryConsumerOffset(group, queue), "an offset the consumer moved is committed");

            assertEquals(3, newOwner.readStored(queue));
            api.updateConsumerOffset(group, queue, 4, false);
            newOwner.commit(queue);
            assertEquals(3, api.queryConsumerOffset(group, queue), "an explicit commit is always sent");
        } finally {
            member.shutdown();
            instance.release();
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

    /**
     * A consumer that commits its own positions gets to store them before rebalance gives one of its queues to a new
     * member: the hook runs while it still owns the queue (so the commit is taken), and the new owner finds it.
     */
    @Test
    void theHookBeforeAQueueIsGivenUpCommitsWhileTheQueueIsStillOwned() throws Exception {
        String topic = ApacheServers.unique("THook");
        String group = ApacheServers.unique("cgHook");
        send(topic, 40, null);
        Map<MessageQueue, Boolean> ownedInHook = new ConcurrentHashMap<>();
        AtomicReference<PullConsumer> first = new AtomicReference<>();
        PullConsumer a = new PullConsumer(new PullConsumerConfig(group).setAutoCommit(false)
                .setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
                .setClientConfig(ApacheServers.client(ApacheServers.unique("hookA")))
                .setBeforeQueueReleased(queue -> {
                    ownedInHook.put(queue, first.get().assignment().contains(queue));
                    try {
                        first.get().commitSync(Map.of(queue, 3L));
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }));
        first.set(a);
        a.subscribe(topic, "*");
        a.start();
        PullConsumer b = null;
        try {
            await().atMost(Duration.ofSeconds(20)).until(() -> a.assignment().size() == 4);
            b = new PullConsumer(new PullConsumerConfig(group).setAutoCommit(false)
                    .setClientConfig(ApacheServers.client(ApacheServers.unique("hookB"))));
            b.subscribe(topic, "*");
            b.start();
            PullConsumer second = b;
            await().atMost(Duration.ofSeconds(30)).until(() -> a.assignment().size() == 2
                    && second.assignment().size() == 2);
            Set<MessageQueue> moved = second.assignment();
            assertEquals(moved, ownedInHook.keySet(), "the hook saw exactly the queues given away");
            assertTrue(ownedInHook.values().stream().allMatch(owned -> owned), "each while still owned");
            for (MessageQueue queue : moved) {
                assertEquals(3L, second.committed(queue), "the hook's commit of " + queue + " was stored");
            }
        } finally {
            a.shutdown();
            if (b != null) {
                b.shutdown();
            }
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

    /** Assigns every queue of {@code topic} to {@code consumer}, each read from its first message. */
    static List<MessageQueue> assignFromBegin(PullConsumer consumer, String topic) throws Exception {
        List<MessageQueue> queues = consumer.fetchMessageQueues(topic);
        consumer.assign(queues);
        for (MessageQueue queue : queues) {
            consumer.seekToBegin(queue);
        }
        return queues;
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

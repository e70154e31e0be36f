package dev.apogee.broker.acceptance;

import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.protocol.heartbeat.MessageModel;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Collectors;

import static dev.apogee.broker.acceptance.OfficialClients.body;
import static dev.apogee.broker.acceptance.OfficialClients.bytes;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code DefaultMQPushConsumer} against our broker: clustering with three members (disjoint queues, exactly-once in a
 * run without failures, hand-over when one stops), broadcasting, tag subscriptions and long-polling latency.
 */
class PushConsumerAcceptanceTest {
    private static final int QUEUES = 8;

    @TempDir
    static Path dir;
    private static AcceptanceServers servers;
    private static DefaultMQProducer producer;
    private final List<DefaultMQPushConsumer> consumers = new ArrayList<>();

    /** One delivery: which consumer got which message from which queue, and when. */
    record Delivery(int consumer, String body, int queueId, long receivedNanos) {
    }

    @BeforeAll
    static void start() throws Exception {
        servers = AcceptanceServers.start(dir);
        producer = OfficialClients.producer(servers.namesrvAddress(), "pg-push-acceptance");
        producer.start();
    }

    @AfterAll
    static void stop() {
        if (producer != null) {
            producer.shutdown();
        }
        if (servers != null) {
            servers.close();
        }
    }

    @AfterEach
    void stopConsumers() {
        consumers.forEach(DefaultMQPushConsumer::shutdown);
        consumers.clear();
    }

    @Test
    void clusteringSplitsQueuesDisjointlyAndHandsThemOverWhenOneStops() throws Exception {
        String topic = createTopic("ClusterTopic");
        String group = OfficialClients.unique("cg-cluster");
        ConcurrentLinkedQueue<Delivery> deliveries = new ConcurrentLinkedQueue<>();
        for (int i = 0; i < 3; i++) {
            startConsumer(group, topic, "*", MessageModel.CLUSTERING, i, deliveries);
        }
        await("3 members own disjoint queues covering the topic").atMost(Duration.ofSeconds(40))
                .until(() -> disjointCover(topic, consumers));
        Map<Integer, Set<MessageQueue>> owned = new ConcurrentHashMap<>();
        for (int i = 0; i < 3; i++) {
            owned.put(i, ownedQueues(consumers.get(i), topic));
            assertTrue(!owned.get(i).isEmpty(), "every member owns queues: " + owned);
        }

        Set<String> phase1 = sendBodies(topic, "p1-", 240, null);
        await("phase 1 consumed").atMost(Duration.ofSeconds(30)).until(() -> bodies(deliveries).containsAll(phase1));
        List<Delivery> phase1Deliveries = deliveries.stream().filter(d -> d.body().startsWith("p1-")).toList();
        assertEquals(phase1.size(), phase1Deliveries.size(), "no message consumed twice in a run without failures");
        for (Delivery delivery : phase1Deliveries) {
            assertTrue(owned.get(delivery.consumer()).stream().anyMatch(q -> q.getQueueId() == delivery.queueId()),
                    "consumer " + delivery.consumer() + " only gets messages of its own queues");
        }

        consumers.get(0).shutdown();
        List<DefaultMQPushConsumer> remaining = List.of(consumers.get(1), consumers.get(2));
        await("the 2 remaining members take over all queues").atMost(Duration.ofSeconds(40))
                .until(() -> disjointCover(topic, remaining));
        Set<String> phase2 = sendBodies(topic, "p2-", 240, null);
        await("phase 2 consumed").atMost(Duration.ofSeconds(40)).until(() -> bodies(deliveries).containsAll(phase2));
        assertTrue(deliveries.stream().filter(d -> d.body().startsWith("p2-")).allMatch(d -> d.consumer() != 0),
                "the stopped member receives nothing");
        assertTrue(bodies(deliveries).containsAll(phase1), "nothing lost");
    }

    @Test
    void broadcastingDeliversEveryMessageToEveryConsumer() throws Exception {
        String topic = createTopic("BroadcastTopic");
        String group = OfficialClients.unique("cg-broadcast");
        ConcurrentLinkedQueue<Delivery> deliveries = new ConcurrentLinkedQueue<>();
        for (int i = 0; i < 3; i++) {
            startConsumer(group, topic, "*", MessageModel.BROADCASTING, i, deliveries);
        }
        Set<String> sent = sendBodies(topic, "b-", 60, null);
        for (int i = 0; i < 3; i++) {
            int consumer = i;
            await("consumer " + i + " got everything").atMost(Duration.ofSeconds(30)).until(() -> deliveries.stream()
                    .filter(d -> d.consumer() == consumer).map(Delivery::body).collect(Collectors.toSet())
                    .containsAll(sent));
        }
    }

    @Test
    void tagSubscriptionDeliversOnlyMatchingMessages() throws Exception {
        String topic = createTopic("TagTopic");
        ConcurrentLinkedQueue<Delivery> deliveries = new ConcurrentLinkedQueue<>();
        startConsumer(OfficialClients.unique("cg-tags"), topic, "TagA || TagB", MessageModel.CLUSTERING, 0,
                deliveries);
        Set<String> matching = new HashSet<>();
        for (int i = 0; i < 60; i++) {
            String tag = switch (i % 3) {
                case 0 -> "TagA";
                case 1 -> "TagB";
                default -> "TagC";
            };
            producer.send(new Message(topic, tag, bytes(tag + "-" + i)));
            if (!tag.equals("TagC")) {
                matching.add(tag + "-" + i);
            }
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> bodies(deliveries).containsAll(matching));
        Set<String> received = bodies(deliveries);
        received.removeIf(b -> b.startsWith("warmup"));
        assertEquals(matching, received, "TagC messages are not delivered");
    }

    @Test
    void longPollingConsumerGetsNewMessageQuickly() throws Exception {
        String topic = createTopic("LongPollTopic");
        ConcurrentLinkedQueue<Delivery> deliveries = new ConcurrentLinkedQueue<>();
        startConsumer(OfficialClients.unique("cg-longpoll"), topic, "*", MessageModel.CLUSTERING, 0, deliveries);
        await().atMost(Duration.ofSeconds(30)).until(() -> ownedQueues(consumers.get(0), topic).size() == QUEUES
                && deliveries.size() == QUEUES);
        // the queues are now empty for this group and its pulls are held by the broker
        await("nothing spurious while idle").during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(5))
                .until(() -> deliveries.size() == QUEUES);
        List<Long> latenciesMillis = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            String body = "lp-" + i;
            long sentAt = System.nanoTime();
            producer.send(new Message(topic, bytes(body)));
            await().atMost(Duration.ofSeconds(10)).until(() -> bodies(deliveries).contains(body));
            long receivedAt = deliveries.stream().filter(d -> d.body().equals(body)).findFirst().orElseThrow()
                    .receivedNanos();
            latenciesMillis.add((receivedAt - sentAt) / 1_000_000);
        }
        assertTrue(latenciesMillis.stream().allMatch(ms -> ms < 2_000), "send-to-listener latencies " + latenciesMillis);
    }

    @Test
    void consumerOfAJustAutoCreatedTopicGetsMessagesQuickly() throws Exception {
        // what bench.sh --mode=both does: one send auto-creates the topic, the consumer starts right away
        String topic = OfficialClients.unique("FreshTopic");
        producer.send(new Message(topic, bytes("prime")));
        ConcurrentLinkedQueue<Delivery> deliveries = new ConcurrentLinkedQueue<>();
        long started = System.nanoTime();
        startConsumer(OfficialClients.unique("cg-fresh"), topic, "*", MessageModel.CLUSTERING, 0, deliveries);
        await("the consumer gets the prime message").atMost(Duration.ofSeconds(40))
                .until(() -> bodies(deliveries).contains("prime"));
        long primeMillis = (System.nanoTime() - started) / 1_000_000;
        List<Long> latenciesMillis = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            String body = "fresh-" + i;
            long sentAt = System.nanoTime();
            producer.send(new Message(topic, bytes(body)));
            await().atMost(Duration.ofSeconds(40)).until(() -> bodies(deliveries).contains(body));
            latenciesMillis.add((deliveries.stream().filter(d -> d.body().equals(body)).findFirst().orElseThrow()
                    .receivedNanos() - sentAt) / 1_000_000);
        }
        assertTrue(primeMillis < 10_000 && latenciesMillis.stream().allMatch(ms -> ms < 2_000),
                "prime consumed after " + primeMillis + " ms, then send-to-listener latencies " + latenciesMillis);
    }

    /** Creates the topic with {@value QUEUES} queues and puts one warm-up message into each queue. */
    private static String createTopic(String prefix) throws Exception {
        String topic = OfficialClients.unique(prefix);
        producer.send(new Message(topic, bytes("warmup-create")));
        List<MessageQueue> queues = OfficialClients.awaitRoute(producer, topic);
        assertEquals(QUEUES, queues.size());
        for (MessageQueue queue : queues) {
            if (queue.getQueueId() != 0) {
                SendResult result = producer.send(new Message(topic, bytes("warmup-" + queue.getQueueId())), queue);
                assertEquals(SendStatus.SEND_OK, result.getSendStatus());
            }
        }
        return topic;
    }

    private static Set<String> sendBodies(String topic, String prefix, int count, String tag) throws Exception {
        Set<String> bodies = new HashSet<>();
        for (int i = 0; i < count; i++) {
            String body = prefix + i;
            SendResult result = producer.send(new Message(topic, tag, bytes(body)));
            assertEquals(SendStatus.SEND_OK, result.getSendStatus());
            bodies.add(body);
        }
        return bodies;
    }

    private void startConsumer(String group, String topic, String expression, MessageModel model, int index,
                               ConcurrentLinkedQueue<Delivery> deliveries) throws Exception {
        DefaultMQPushConsumer consumer = OfficialClients.pushConsumer(servers.namesrvAddress(), group);
        consumer.setMessageModel(model);
        consumer.subscribe(topic, expression);
        consumer.registerMessageListener((MessageListenerConcurrently) (messages, context) -> {
            long now = System.nanoTime();
            messages.forEach(m -> deliveries.add(new Delivery(index, body(m), m.getQueueId(), now)));
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        consumer.start();
        consumers.add(consumer);
    }

    private static Set<String> bodies(ConcurrentLinkedQueue<Delivery> deliveries) {
        return deliveries.stream().map(Delivery::body).collect(Collectors.toCollection(HashSet::new));
    }

    private static Set<MessageQueue> ownedQueues(DefaultMQPushConsumer consumer, String topic) {
        return consumer.getDefaultMQPushConsumerImpl().getRebalanceImpl().getProcessQueueTable().entrySet().stream()
                .filter(e -> e.getKey().getTopic().equals(topic) && !e.getValue().isDropped())
                .map(Map.Entry::getKey).collect(Collectors.toSet());
    }

    /** Every member owns at least one queue, no queue is owned twice and together they own all queues. */
    private static boolean disjointCover(String topic, List<DefaultMQPushConsumer> members) {
        Set<MessageQueue> union = new HashSet<>();
        int total = 0;
        for (DefaultMQPushConsumer member : members) {
            Set<MessageQueue> owned = ownedQueues(member, topic);
            if (owned.isEmpty()) {
                return false;
            }
            total += owned.size();
            union.addAll(owned);
        }
        return union.size() == QUEUES && total == QUEUES;
    }
}

package dev.apogee.client.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.apogee.client.ClientConfig;
import dev.apogee.client.admin.AdminClient;
import dev.apogee.client.message.Message;
import dev.apogee.client.pop.PopConsumeResult;
import dev.apogee.client.pop.PopConsumer;
import dev.apogee.client.pop.PopConsumerConfig;
import dev.apogee.client.pop.PopListener;
import dev.apogee.client.pop.PoppedMessage;
import dev.apogee.client.pop.Selector;
import dev.apogee.client.pop.SimpleConsumer;
import dev.apogee.client.producer.Producer;
import dev.apogee.remoting.protocol.pop.ReceiptHandle;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The native client's pop consumers against a real broker with POP: subclasses name the servers (Apache RocketMQ
 * 5.3.3, and ours). Every wait is bounded; "not delivered again" is checked over a window longer
 * than the invisible time plus the broker's revive delay.
 */
abstract class PopConsumerContract {
    static final Duration AWAIT = Duration.ofSeconds(60);
    private final List<AutoCloseable> toClose = new ArrayList<>();
    private Producer producer;

    /** The name server address of the servers under test. */
    abstract String namesrv();

    ClientConfig client(String instance) {
        return new ClientConfig().setNamesrvAddress(namesrv()).setInstanceName(ApacheServers.unique(instance))
                .setRpcTimeoutMillis(10_000);
    }

    @BeforeEach
    void startProducer() throws Exception {
        producer = new Producer(ApacheServers.producerConfig(ApacheServers.unique("popProducer"))
                .setClientConfig(client("popProducer")));
        producer.start();
    }

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable closeable : toClose) {
            closeable.close();
        }
        producer.shutdown();
    }

    String topic(String prefix, int queues) throws Exception {
        String topic = ApacheServers.unique(prefix);
        try (AdminClient admin = new AdminClient(client("popAdmin"))) {
            admin.start();
            admin.createTopic(topic, queues);
            Awaitility.await().atMost(AWAIT).ignoreExceptions().until(() -> !admin.route(topic).subscribeQueues()
                    .isEmpty());
        }
        return topic;
    }

    Set<String> send(String topic, int count, String tag) throws Exception {
        Set<String> bodies = new HashSet<>();
        for (int i = 0; i < count; i++) {
            String body = topic + "-" + i;
            producer.send(new Message(topic, tag, body.getBytes(StandardCharsets.UTF_8)));
            bodies.add(body);
        }
        return bodies;
    }

    static String body(PoppedMessage message) {
        return new String(message.message().getBody(), StandardCharsets.UTF_8);
    }

    private PopConsumer push(PopConsumerConfig config, PopListener listener) throws Exception {
        PopConsumer consumer = new PopConsumer(config, listener);
        consumer.start();
        toClose.add(consumer::shutdown);
        return consumer;
    }

    SimpleConsumer simple(PopConsumerConfig config) throws Exception {
        SimpleConsumer consumer = new SimpleConsumer(config);
        consumer.start();
        toClose.add(0, consumer);
        return consumer;
    }

    /** Receives (60 s invisible, 2 s waits) until at least {@code count} messages came, within {@link #AWAIT}. */
    static List<PoppedMessage> receiveAtLeast(SimpleConsumer consumer, int count) {
        List<PoppedMessage> got = new ArrayList<>();
        Awaitility.await().atMost(AWAIT).until(() -> {
            got.addAll(consumer.receive(32, Duration.ofSeconds(60), Duration.ofSeconds(2)));
            return got.size() >= count;
        });
        return got;
    }

    /** Receives for {@code window}: what the group gets again (nothing, once everything was acked). */
    private List<PoppedMessage> drainFor(SimpleConsumer consumer, Duration window) throws Exception {
        List<PoppedMessage> got = new ArrayList<>();
        long end = System.nanoTime() + window.toNanos();
        while (System.nanoTime() < end) {
            got.addAll(consumer.receive(32, Duration.ofSeconds(30), Duration.ofSeconds(2)));
        }
        return got;
    }

    @Test
    void pushConsumerReceivesEverythingOnceAndAcksIt() throws Exception {
        String topic = topic("TPopAll", 4);
        String group = ApacheServers.unique("cgPopAll");
        Set<String> sent = send(topic, 40, null);
        Map<String, AtomicInteger> deliveries = new ConcurrentHashMap<>();
        PopConsumer consumer = push(new PopConsumerConfig(group, topic).setClientConfig(client("popAll"))
                .setInvisibleTime(Duration.ofSeconds(5)).setPollTime(Duration.ofSeconds(2)), message -> {
                    deliveries.computeIfAbsent(body(message), b -> new AtomicInteger()).incrementAndGet();
                    return PopConsumeResult.SUCCESS;
                });
        Awaitility.await().atMost(AWAIT).until(() -> deliveries.keySet().equals(sent));
        Awaitility.await().atMost(AWAIT).until(() -> consumer.inFlightCount() == 0);
        consumer.shutdown();

        SimpleConsumer check = simple(new PopConsumerConfig(group, topic).setClientConfig(client("popAllCheck")));
        assertEquals(List.of(), drainFor(check, Duration.ofSeconds(12)), "acked messages came back");
        deliveries.forEach((body, count) -> assertEquals(1, count.get(), body + " delivered more than once"));
    }

    @Test
    void aNackedMessageComesBackAfterItsDelayWithReconsumeTimesPlusOne() throws Exception {
        String topic = topic("TPopNack", 1);
        send(topic, 1, null);
        List<Integer> reconsumeTimes = new java.util.concurrent.CopyOnWriteArrayList<>();
        push(new PopConsumerConfig(ApacheServers.unique("cgPopNack"), topic).setClientConfig(client("popNack"))
                .setPollTime(Duration.ofSeconds(2)), message -> {
                    reconsumeTimes.add(message.reconsumeTimes());
                    return reconsumeTimes.size() == 1 ? PopConsumeResult.later(Duration.ofSeconds(1))
                            : PopConsumeResult.SUCCESS;
                });
        Awaitility.await().atMost(AWAIT).until(() -> reconsumeTimes.size() >= 2);
        assertEquals(List.of(0, 1), reconsumeTimes.subList(0, 2));
    }

    @Test
    void aListenerSlowerThanTheInvisibleTimeKeepsItsMessage() throws Exception {
        String topic = topic("TPopSlow", 1);
        String group = ApacheServers.unique("cgPopSlow");
        Set<String> sent = send(topic, 1, null);
        List<String> delivered = new java.util.concurrent.CopyOnWriteArrayList<>();
        CountDownLatch done = new CountDownLatch(1);
        PopConsumer consumer = push(new PopConsumerConfig(group, topic).setClientConfig(client("popSlow"))
                .setInvisibleTime(Duration.ofSeconds(3)).setPollTime(Duration.ofSeconds(2)), message -> {
                    delivered.add(body(message));
                    Thread.sleep(9_000); // three invisible times: renewed twice or more meanwhile
                    done.countDown();
                    return PopConsumeResult.SUCCESS;
                });
        assertTrue(done.await(60, TimeUnit.SECONDS), "the slow listener finished");
        Awaitility.await().atMost(AWAIT).until(() -> consumer.inFlightCount() == 0);
        SimpleConsumer check = simple(new PopConsumerConfig(group, topic).setClientConfig(client("popSlowCheck")));
        assertEquals(List.of(), drainFor(check, Duration.ofSeconds(8)));
        assertEquals(new ArrayList<>(sent), delivered, "delivered once, not again while the listener ran");
    }

    @Test
    void twoConsumersOfOneGroupShareOneQueue() throws Exception {
        String topic = topic("TPopShare", 1);
        String group = ApacheServers.unique("cgPopShare");
        Set<String> sent = send(topic, 30, null);
        Map<String, String> byConsumer = new ConcurrentHashMap<>();
        List<String> all = new java.util.concurrent.CopyOnWriteArrayList<>();
        for (String name : List.of("A", "B")) {
            push(new PopConsumerConfig(group, topic).setClientConfig(client("popShare" + name)).setBatchSize(1)
                    .setMaxInFlight(1).setPollTime(Duration.ofSeconds(2)), message -> {
                        all.add(body(message));
                        byConsumer.put(body(message), name);
                        Thread.sleep(100);
                        return PopConsumeResult.SUCCESS;
                    });
        }
        Awaitility.await().atMost(AWAIT).until(() -> byConsumer.keySet().equals(sent));
        assertEquals(Set.of("A", "B"), new HashSet<>(byConsumer.values()), "both consumers popped the queue");
        assertEquals(sent.size(), all.size(), "no message went to both");
    }

    @Test
    void simpleReceiveAckAndChangeInvisibleDuration() throws Exception {
        String topic = topic("TPopSimple", 2);
        String group = ApacheServers.unique("cgPopSimple");
        Set<String> sent = send(topic, 3, null);
        SimpleConsumer consumer = simple(new PopConsumerConfig(group, topic).setClientConfig(client("popSimple")));
        List<PoppedMessage> got = receiveAtLeast(consumer, 3);
        assertEquals(sent, new HashSet<>(got.stream().map(PopConsumerContract::body).toList()));

        PoppedMessage kept = got.get(0);
        ReceiptHandle before = kept.handle();
        ReceiptHandle after = consumer.changeInvisibleDuration(kept, Duration.ofSeconds(1));
        assertNotEquals(before, after);
        assertEquals(after, kept.handle());
        consumer.ack(got.subList(1, 3));

        List<PoppedMessage> again = receiveAtLeast(consumer, 1);
        assertEquals(List.of(body(kept)), again.stream().map(PopConsumerContract::body).toList(),
                "only the message whose invisible time was shortened came back");
        assertEquals(1, again.get(0).reconsumeTimes());
        consumer.ack(again.get(0));
        assertEquals(List.of(), drainFor(consumer, Duration.ofSeconds(6)));
    }

    @Test
    void aWaitingReceiveGetsAMessageSentDuringItsWait() throws Exception {
        String topic = topic("TPopLong", 1);
        SimpleConsumer consumer = simple(new PopConsumerConfig(ApacheServers.unique("cgPopLong"), topic)
                .setClientConfig(client("popLong")));
        consumer.receive(1, Duration.ofSeconds(10), Duration.ZERO); // the group exists before the wait starts
        ScheduledExecutorService sender = Executors.newSingleThreadScheduledExecutor();
        try {
            Future<Set<String>> sending = sender.schedule(() -> send(topic, 1, null), 1, TimeUnit.SECONDS);
            // one call, held by the broker: without long polling it would return empty before the send
            List<PoppedMessage> got = consumer.receive(1, Duration.ofSeconds(10), Duration.ofSeconds(20));
            assertEquals(sending.get(30, TimeUnit.SECONDS), new HashSet<>(got.stream()
                    .map(PopConsumerContract::body).toList()));
            consumer.ack(got);
        } finally {
            sender.shutdownNow();
        }
    }

    @Test
    void shutdownReleasesTheMessagesItHolds() throws Exception {
        String topic = topic("TPopRelease", 1);
        String group = ApacheServers.unique("cgPopRelease");
        Set<String> sent = send(topic, 1, null);
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch never = new CountDownLatch(1);
        PopConsumer consumer = push(new PopConsumerConfig(group, topic).setClientConfig(client("popRelease"))
                .setInvisibleTime(Duration.ofMinutes(5)).setPollTime(Duration.ofSeconds(2))
                .setShutdownAwait(Duration.ofSeconds(1)), message -> {
                    started.countDown();
                    never.await(60, TimeUnit.SECONDS);
                    return PopConsumeResult.SUCCESS;
                });
        assertTrue(started.await(60, TimeUnit.SECONDS), "the listener got the message");
        consumer.shutdown();

        // invisible for five minutes, but released: another consumer gets it within the await
        SimpleConsumer other = simple(new PopConsumerConfig(group, topic).setClientConfig(client("popReleaseB")));
        List<PoppedMessage> got = receiveAtLeast(other, 1);
        assertEquals(sent, new HashSet<>(got.stream().map(PopConsumerContract::body).toList()));
        other.ack(got);
    }

    @Test
    void aTagSelectorPopsOnlyTheTaggedMessages() throws Exception {
        String topic = topic("TPopTag", 1);
        String group = ApacheServers.unique("cgPopTag");
        Set<String> red = send(topic, 3, "red");
        send(topic, 3, "blue");
        Set<String> lastRed = send(topic, 1, "red");
        red.addAll(lastRed);
        SimpleConsumer reds = simple(new PopConsumerConfig(group, topic).setClientConfig(client("popTagRed"))
                .setSelector(Selector.tag("red")));
        Set<String> got = new HashSet<>();
        Awaitility.await().atMost(AWAIT).until(() -> {
            List<PoppedMessage> popped = reds.receive(32, Duration.ofSeconds(60), Duration.ofSeconds(1));
            popped.forEach(m -> got.add(body(m)));
            reds.ack(popped);
            return got.containsAll(lastRed);
        });
        assertEquals(red, got, "the red messages, and no blue one");
    }

    @Test
    void consumersOfOneClientConfigShareOneInstanceAndOneGroupEntry() throws Exception {
        String topic = topic("TPopShared", 1);
        String group = ApacheServers.unique("cgPopShared");
        ClientConfig shared = client("popShared");
        List<SimpleConsumer> consumers = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            SimpleConsumer consumer = new SimpleConsumer(new PopConsumerConfig(group, topic).setClientConfig(shared));
            consumer.start();
            consumers.add(consumer);
        }
        dev.apogee.client.ClientInstance instance = dev.apogee.client.ClientInstance.acquire(shared);
        try {
            List<dev.apogee.client.ConsumerMember> members = instance.consumers().stream()
                    .filter(member -> member.group().equals(group)).toList();
            assertEquals(1, members.size(), "one heartbeat entry for the group");
            assertEquals(dev.apogee.remoting.protocol.body.ConsumeType.CONSUME_POP, members.get(0).consumeType());
            assertEquals(1, members.get(0).subscriptions().size());
            Set<String> sent = send(topic, 1, null);
            List<PoppedMessage> got = new ArrayList<>();
            Awaitility.await().atMost(AWAIT).until(() -> {
                got.addAll(consumers.get(49).receive(1, Duration.ofSeconds(60), Duration.ofSeconds(2)));
                return !got.isEmpty();
            });
            assertEquals(sent, Set.of(body(got.get(0))));
            consumers.get(0).ack(got.get(0)); // any consumer of the group may ack

            for (SimpleConsumer consumer : consumers.subList(1, 50)) {
                consumer.close();
            }
            assertEquals(1, instance.consumers().stream().filter(member -> member.group().equals(group)).count());
            consumers.get(0).close();
            assertEquals(0, instance.consumers().stream().filter(member -> member.group().equals(group)).count(),
                    "the last consumer's close unregisters the group");
        } finally {
            consumers.forEach(SimpleConsumer::close);
            instance.release();
        }
    }

    @Test
    void anOrderlyConsumerRedeliversAFailedMessageBeforeTheOnesAfterIt() throws Exception {
        String topic = topic("TPopOrder", 1);
        List<String> sent = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            String body = topic + "-" + i;
            producer.send(new Message(topic, null, body.getBytes(StandardCharsets.UTF_8)));
            sent.add(body);
        }
        List<String> delivered = new java.util.concurrent.CopyOnWriteArrayList<>();
        List<Integer> reconsumeTimes = new java.util.concurrent.CopyOnWriteArrayList<>();
        push(new PopConsumerConfig(ApacheServers.unique("cgPopOrder"), topic).setClientConfig(client("popOrder"))
                .setOrder(true).setBatchSize(4).setPollTime(Duration.ofSeconds(2)), message -> {
                    delivered.add(body(message));
                    reconsumeTimes.add(message.reconsumeTimes());
                    boolean firstTimeOfThird = body(message).equals(sent.get(2)) && !delivered.subList(0,
                            delivered.size() - 1).contains(sent.get(2));
                    return firstTimeOfThird ? PopConsumeResult.later(Duration.ofSeconds(1)) : PopConsumeResult.SUCCESS;
                });
        Awaitility.await().atMost(AWAIT).until(() -> delivered.contains(sent.get(5)));
        List<String> expected = new ArrayList<>(sent.subList(0, 3));
        expected.addAll(sent.subList(2, 6));
        assertEquals(expected, delivered.subList(0, expected.size()));
        assertEquals(1, reconsumeTimes.get(3), "the redelivered message counts its earlier delivery");
    }
}

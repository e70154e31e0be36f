package dev.apogee.client.transaction;

import dev.apogee.client.MQClientException;
import dev.apogee.client.pop.PopConsumerConfig;
import dev.apogee.client.pop.PoppedMessage;
import dev.apogee.client.pop.SimpleConsumer;
import dev.apogee.client.transaction.BranchException.Reason;
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
import java.util.TreeMap;
import java.util.UUID;

import static dev.apogee.client.transaction.BranchBroker.BROKER_NAME;
import static dev.apogee.client.transaction.BranchClientTest.assertRefused;
import static dev.apogee.client.transaction.BranchClientTest.bodiesBesidesMarker;
import static dev.apogee.client.transaction.BranchClientTest.message;
import static dev.apogee.client.transaction.BranchClientTest.topic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * POP acks inside transaction branches, end to end against a real in-JVM broker: messages popped with the native
 * {@link SimpleConsumer} are acked by a local commit atomically with its sends, held while an XA branch is prepared,
 * acked by its commit and released by its rollback; bad pop acks refuse the whole branch.
 */
class BranchPopAckTest {
    static final int QUEUES = BranchClientTest.QUEUES;
    /** Short, so that "past the invisible time" is a short wait. */
    static final Duration INVISIBLE = Duration.ofSeconds(1);
    /** Long enough past {@link #INVISIBLE} (and the broker's 100 ms expiry sweep) for a released message to be due. */
    static final Duration PAST_INVISIBLE = Duration.ofMillis(2_500);

    @TempDir
    static Path dir;
    static BranchBroker servers;
    static BranchClient client;

    @BeforeAll
    static void start() throws Exception {
        servers = BranchBroker.start(dir, c -> { });
        client = new BranchClient(servers.clientConfig("pop-branch"), "branch-pop-producer");
        client.start();
    }

    @AfterAll
    static void stop() {
        if (client != null) {
            client.shutdown();
        }
        if (servers != null) {
            servers.close();
        }
    }

    @Test
    void localCommitAcksThePoppedMessagesWithItsSendsAndTheOthersComeBackCounted() throws Exception {
        String in = seeded("pl-in", "a", "b", "c");
        String out = topic("pl-out");
        servers.createTopic(out, QUEUES);
        String group = group();
        try (SimpleConsumer consumer = consumer(servers, group, in)) {
            Map<String, PoppedMessage> popped = popAll(consumer, 3, INVISIBLE);
            assertTrue(client.commitLocal(BROKER_NAME, "L:" + UUID.randomUUID(),
                    List.of(new BranchMessage(message(out, "reply"), client.queueFor(out, 0))), List.of(),
                    List.of(BranchPopAck.of(group, popped.get("a")), BranchPopAck.of(group, popped.get("b")))));

            assertEquals(List.of("reply"), BranchClientTest.bodies(servers.awaitAll(out, QUEUES, 1)));
            // "c" was not in the transaction: due again after its invisible time, redelivery counted; a and b never
            Map<String, PoppedMessage> again = popAll(consumer, 1, INVISIBLE);
            assertEquals(List.of("c"), List.copyOf(again.keySet()));
            assertEquals(1, again.get("c").reconsumeTimes());
            consumer.ack(again.get("c"));
            assertNothingComesBack(consumer);
        }
    }

    @Test
    void aStaleReceiptHandleIsAckedAllTheSameAndTheCommitSucceeds() throws Exception {
        String in = seeded("ps-in", "stale");
        String out = topic("ps-out");
        servers.createTopic(out, QUEUES);
        String group = group();
        try (SimpleConsumer first = consumer(servers, group, in);
             SimpleConsumer second = consumer(servers, group, in)) {
            PoppedMessage firstCopy = popAll(first, 1, Duration.ofSeconds(1)).get("stale");
            // its lease runs out and another consumer of the group pops it again (a newer handle)
            PoppedMessage secondCopy = popAll(second, 1, Duration.ofSeconds(60)).get("stale");
            assertEquals(1, secondCopy.reconsumeTimes());

            assertTrue(client.commitLocal(BROKER_NAME, "L:" + UUID.randomUUID(),
                    List.of(new BranchMessage(message(out, "sent"), client.queueFor(out, 0))), List.of(),
                    List.of(BranchPopAck.of(group, firstCopy))));

            assertEquals(List.of("sent"), BranchClientTest.bodies(servers.awaitAll(out, QUEUES, 1)));
            // its second holder hands it back, then acks it: both answered SUCCESS (done already), and it never
            // comes back
            second.changeInvisibleDuration(secondCopy, Duration.ZERO);
            assertNothingComesBack(second);
            second.ack(secondCopy);
        }
    }

    @Test
    void aPreparedBranchHoldsItsPoppedMessagesAndItsCommitAcksThem() throws Exception {
        String in = seeded("px-in", "x1", "x2");
        String out = topic("px-out");
        String group = group();
        String branch = xid();
        try (SimpleConsumer consumer = consumer(servers, group, in)) {
            Map<String, PoppedMessage> popped = popAll(consumer, 2, INVISIBLE);
            client.prepare(BROKER_NAME, branch, List.of(client.send(branch, message(out, "x-reply"))), List.of(),
                    false, popAcks(group, popped));

            assertNothingComesBack(consumer); // past the invisible time: the prepared branch holds both
            assertTrue(client.recover(BROKER_NAME).contains(branch));
            client.commit(BROKER_NAME, branch);
            assertEquals(List.of("x-reply"), bodiesBesidesMarker(client, servers, out));
            assertNothingComesBack(consumer);
        }
    }

    @Test
    void aRollbackMakesTheHeldMessagesDueAtOnceWithTheRedeliveryCounted() throws Exception {
        String in = seeded("pr-in", "r1", "r2");
        String group = group();
        String branch = xid();
        try (SimpleConsumer consumer = consumer(servers, group, in)) {
            Map<String, PoppedMessage> popped = popAll(consumer, 2, Duration.ofMinutes(10));
            client.prepare(BROKER_NAME, branch, List.of(), List.of(), false, popAcks(group, popped));
            client.rollback(BROKER_NAME, branch, List.of());

            // long before their ten minutes: the rollback handed them back
            Map<String, PoppedMessage> again = popAll(consumer, 2, Duration.ofMinutes(10));
            assertEquals(List.of("r1", "r2"), List.copyOf(again.keySet()));
            again.values().forEach(m -> assertEquals(1, m.reconsumeTimes(), m.toString()));
        }
    }

    @Test
    @Tag("slow")
    void aPopAckWhoseLeaseRanOutBeforeThePrepareIsTakenBackAndHeld() throws Exception {
        String in = seeded("pe-in", "late");
        String group = group();
        String branch = xid();
        try (SimpleConsumer consumer = consumer(servers, group, in)) {
            PoppedMessage late = popAll(consumer, 1, Duration.ofSeconds(1)).get("late");
            // no request may look without popping it: only time shows that the lease ran out (due, not popped)
            Thread.sleep(1_500);
            client.prepare(BROKER_NAME, branch, List.of(), List.of(), false, List.of(BranchPopAck.of(group, late)));
            assertNothingComesBack(consumer);
            client.commit(BROKER_NAME, branch);
            assertNothingComesBack(consumer);
        }
    }

    @Test
    void badPopAcksRefuseTheWholeBranchAndApplyNothing() throws Exception {
        String in = seeded("pb-in", "kept");
        String out = topic("pb-out");
        servers.createTopic(out, QUEUES);
        String group = group();
        try (SimpleConsumer consumer = consumer(servers, group, in)) {
            PoppedMessage m = popAll(consumer, 1, INVISIBLE).get("kept");
            BranchPopAck good = BranchPopAck.of(group, m);
            List<BranchPopAck> bad = List.of(
                    new BranchPopAck("no-such-group-" + System.nanoTime(), good.topic(), BROKER_NAME, good.queueId(),
                            good.offset(), good.receiptHandle()),
                    new BranchPopAck(group, "no-such-topic", BROKER_NAME, good.queueId(), good.offset(),
                            good.receiptHandle()),
                    new BranchPopAck(group, good.topic(), BROKER_NAME, QUEUES + 2, good.offset(),
                            good.receiptHandle()),
                    new BranchPopAck(group, good.topic(), BROKER_NAME, good.queueId(), good.offset(), "not a handle"),
                    new BranchPopAck(group, good.topic(), BROKER_NAME, good.queueId(), good.offset() + 1000,
                            good.receiptHandle()),
                    new BranchPopAck(group, good.topic(), BROKER_NAME, good.queueId(), good.offset(),
                            good.receiptHandle().replace(BROKER_NAME, "other-broker")));
            for (BranchPopAck b : bad) {
                BranchException e = org.junit.jupiter.api.Assertions.assertThrows(BranchException.class,
                        () -> client.commitLocal(BROKER_NAME, "L:" + UUID.randomUUID(), List.of(new BranchMessage(
                                message(out, "never"), client.queueFor(out, 0))), List.of(), List.of(good, b)));
                assertEquals(Reason.INVALID, e.reason(), e.getMessage());
                assertTrue(e.getMessage().contains("pop ack"), e.getMessage());
                String xa = xid();
                assertRefused(Reason.INVALID, () -> client.prepare(BROKER_NAME, xa, List.of(), List.of(), false,
                        List.of(good, b)));
                assertFalse(client.recover(BROKER_NAME).contains(xa));
            }
            assertRefused(Reason.INVALID, () -> client.commitLocal(BROKER_NAME, "L:" + UUID.randomUUID(), List.of(),
                    List.of(), List.of(new BranchPopAck(group, good.topic(), "other-broker", good.queueId(),
                            good.offset(), good.receiptHandle()))));

            assertEquals(List.of(), bodiesBesidesMarker(client, servers, out));
            // nothing was acked nor held: the message comes back after its invisible time
            PoppedMessage again = popAll(consumer, 1, INVISIBLE).get("kept");
            assertEquals(1, again.reconsumeTimes());
        }
    }

    /** A new topic holding {@code bodies} in this order on one queue. */
    static String seeded(String name, String... bodies) throws Exception {
        String t = topic(name);
        servers.createTopic(t, QUEUES);
        List<BranchMessage> messages = new ArrayList<>();
        for (String body : bodies) {
            messages.add(new BranchMessage(message(t, body), client.queueFor(t, 0)));
        }
        client.commitLocal(BROKER_NAME, "L:" + UUID.randomUUID(), messages, List.of());
        servers.awaitAll(t, QUEUES, bodies.length);
        return t;
    }

    static String group() {
        return "g-pop-branch-" + System.nanoTime();
    }

    static String xid() {
        return "X:1:" + UUID.randomUUID().toString().replace("-", "") + ":00";
    }

    static SimpleConsumer consumer(BranchBroker servers, String group, String topic) throws Exception {
        SimpleConsumer consumer = new SimpleConsumer(new PopConsumerConfig(group, topic)
                .setClientConfig(servers.clientConfig("pop-consumer")));
        consumer.start();
        return consumer;
    }

    static List<BranchPopAck> popAcks(String group, Map<String, PoppedMessage> popped) {
        return popped.values().stream().map(m -> BranchPopAck.of(group, m)).toList();
    }

    /** Pops until {@code count} messages came (bounded: 20 s), by body. */
    static Map<String, PoppedMessage> popAll(SimpleConsumer consumer, int count, Duration invisible)
            throws MQClientException, InterruptedException {
        Map<String, PoppedMessage> popped = new TreeMap<>();
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (popped.size() < count) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("only " + popped.keySet() + " of " + count + " messages were popped");
            }
            for (PoppedMessage m : consumer.receive(32, invisible, Duration.ofSeconds(1))) {
                popped.put(new String(m.message().getBody(), StandardCharsets.UTF_8), m);
            }
        }
        return popped;
    }

    /** Pops (long polling) for {@link #PAST_INVISIBLE}: nothing may come. */
    static void assertNothingComesBack(SimpleConsumer consumer) throws MQClientException, InterruptedException {
        long end = System.nanoTime() + PAST_INVISIBLE.toNanos();
        while (System.nanoTime() < end) {
            List<PoppedMessage> got = consumer.receive(32, INVISIBLE, Duration.ofMillis(500));
            assertEquals(List.of(), got.stream().map(m -> new String(m.message().getBody(), StandardCharsets.UTF_8)
                    + " (reconsumed " + m.reconsumeTimes() + ")").toList());
        }
    }
}

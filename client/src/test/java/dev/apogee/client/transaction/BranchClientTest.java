package dev.apogee.client.transaction;

import dev.apogee.client.message.Message;
import dev.apogee.client.transaction.BranchException.Reason;
import org.apache.rocketmq.client.consumer.PullResult;
import org.apache.rocketmq.client.consumer.PullStatus;
import org.apache.rocketmq.common.message.MessageExt;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;

import static dev.apogee.client.transaction.BranchBroker.BROKER_NAME;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The branch protocol end to end: {@link BranchClient} against a real in-JVM broker on loopback. */
class BranchClientTest {
    static final int QUEUES = 4;

    @TempDir
    static Path dir;
    static BranchBroker servers;
    static BranchClient client;

    @BeforeAll
    static void start() throws Exception {
        servers = BranchBroker.start(dir, c -> { });
        client = new BranchClient(servers.clientConfig("branch"), "branch-test-producer");
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
    void commitMakesHalvesOfTwoTopicsVisibleTogetherAndMovesAckedOffsets() throws Exception {
        String orders = topic("orders");
        String audit = topic("audit");
        String consumed = topic("consumed");
        servers.createTopic(consumed, QUEUES);
        String branch = "L:" + UUID.randomUUID();
        List<BranchHalf> halves = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            halves.add(client.send(branch, message(orders, "order-" + i)));
        }
        halves.add(client.send(branch, message(audit, "audit-0")));
        halves.forEach(h -> assertEquals(BROKER_NAME, h.brokerName()));
        List<BranchAck> acks = List.of(new BranchAck("g-commit", consumed, BROKER_NAME, 0, 5),
                new BranchAck("g-commit", consumed, BROKER_NAME, 2, 7));

        client.prepare(BROKER_NAME, branch, halves, acks, false);
        assertEquals(List.of(), bodiesBesidesMarker(client, servers, orders));
        assertEquals(List.of(), bodiesBesidesMarker(client, servers, audit));
        assertTrue(client.recover(BROKER_NAME).contains(branch));

        client.commit(BROKER_NAME, branch);
        List<MessageExt> visible = servers.awaitAll(orders, QUEUES, 4);
        visible.removeIf(m -> new String(m.getBody(), StandardCharsets.UTF_8).startsWith(MARKER));
        assertEquals(Set.of("order-0", "order-1", "order-2"), Set.copyOf(bodies(visible)));
        assertEquals(3, visible.size());
        assertTrue(visible.stream().map(MessageExt::getQueueId).collect(Collectors.toSet()).size() > 1);
        assertEquals(List.of("audit-0"), bodiesBesidesMarker(client, servers, audit));
        assertEquals(5, servers.consumerOffset("g-commit", consumed, 0));
        assertEquals(7, servers.consumerOffset("g-commit", consumed, 2));
        assertFalse(client.recover(BROKER_NAME).contains(branch));

        client.commit(BROKER_NAME, branch); // idempotent
        assertEquals(3, bodiesBesidesMarker(client, servers, orders).size());
        assertRefused(Reason.COMMITTED, () -> client.rollback(BROKER_NAME, branch, List.of()));
    }

    @Test
    void rollbackOfPreparedBranchDiscardsHalvesAndLeavesOffsets() throws Exception {
        String t = topic("rolled");
        String consumed = topic("consumed-rb");
        servers.createTopic(consumed, QUEUES);
        String branch = "X:4660:" + hex(UUID.randomUUID()) + ":01";
        List<BranchHalf> halves = List.of(client.send(branch, message(t, "a")), client.send(branch, message(t, "b")));
        client.prepare(BROKER_NAME, branch, halves, List.of(new BranchAck("g-rb", consumed, BROKER_NAME, 1, 9)), false);

        client.rollback(BROKER_NAME, branch, List.of());
        client.rollback(BROKER_NAME, branch, List.of()); // idempotent
        assertEquals(List.of(), bodiesBesidesMarker(client, servers, t));
        assertTrue(servers.consumerOffset("g-rb", consumed, 1) < 9);
        assertFalse(client.recover(BROKER_NAME).contains(branch));
        assertRefused(Reason.ROLLED_BACK, () -> client.commit(BROKER_NAME, branch));
    }

    @Test
    void rollbackOfNeverPreparedBranchDiscardsTheNamedHalves() throws Exception {
        String t = topic("unprepared");
        String branch = "L:" + UUID.randomUUID();
        List<BranchHalf> halves = List.of(client.send(branch, message(t, "x")));

        client.rollback(BROKER_NAME, branch, halves);
        client.rollback(BROKER_NAME, branch, halves);
        assertRefused(Reason.ROLLED_BACK, () -> client.prepare(BROKER_NAME, branch, halves, List.of(), false));
        assertEquals(List.of(), bodiesBesidesMarker(client, servers, t));
    }

    @Test
    void refusalsCarryTheirReasons() throws Exception {
        String unknown = "L:" + UUID.randomUUID();
        assertRefused(Reason.UNKNOWN_BRANCH, () -> client.commit(BROKER_NAME, unknown));
        assertRefused(Reason.UNKNOWN_BRANCH, () -> client.forget(BROKER_NAME, unknown));
        client.rollback(BROKER_NAME, unknown, List.of()); // nothing to undo

        BranchHalf bogus = new BranchHalf(BROKER_NAME, 1L << 40, "bogus", "bogus");
        assertRefused(Reason.INVALID, () -> client.prepare(BROKER_NAME, unknown, List.of(bogus), List.of(), false));

        String other = "L:" + UUID.randomUUID();
        BranchHalf foreign = client.send(other, message(topic("foreign"), "f"));
        assertRefused(Reason.INVALID, () -> client.prepare(BROKER_NAME, unknown, List.of(foreign), List.of(), false));
        assertRefused(Reason.INVALID, () -> client.send("bad id!", message(topic("bad"), "b")));
        assertEquals(Set.of(BROKER_NAME), client.brokerNames());
    }

    @Test
    void onePhasePrepareCommitsAtOnce() throws Exception {
        String t = topic("one-phase");
        String consumed = topic("consumed-1p");
        servers.createTopic(consumed, QUEUES);
        String branch = "L:" + UUID.randomUUID();
        List<BranchHalf> halves = List.of(client.send(branch, message(t, "p")), client.send(branch, message(t, "q")));

        client.prepare(BROKER_NAME, branch, halves, List.of(new BranchAck("g-1p", consumed, BROKER_NAME, 3, 4)), true);
        assertEquals(Set.of("p", "q"), Set.copyOf(bodies(servers.awaitAll(t, QUEUES, 2))));
        assertEquals(4, servers.consumerOffset("g-1p", consumed, 3));
        assertFalse(client.recover(BROKER_NAME).contains(branch));
        client.commit(BROKER_NAME, branch);
    }

    @Test
    void delayedSendOfACommittedBranchIsDeliveredAtItsTime() throws Exception {
        String t = topic("delayed");
        String branch = "L:" + UUID.randomUUID();
        Message delayed = message(t, "later");
        long due = System.currentTimeMillis() + 3_000;
        delayed.setDeliverTimeMs(due);
        client.prepare(BROKER_NAME, branch, List.of(client.send(branch, delayed)), List.of(), true);
        assertEquals(List.of(), servers.readAll(t, QUEUES), "delivered before its time");

        List<MessageExt> delivered = Awaitility.await().atMost(Duration.ofSeconds(20))
                .until(() -> servers.readAll(t, QUEUES), list -> !list.isEmpty());
        assertEquals(List.of("later"), bodies(delivered));
        assertTrue(delivered.get(0).getStoreTimestamp() >= due - 100, "stored before it was due");
    }

    @Test
    void preparedAckSuspendsTheGroupsPullsOnThatQueueUntilDecided() throws Exception {
        String t = topic("suspended");
        servers.createTopic(t, 1);
        String plain = "L:" + UUID.randomUUID();
        client.prepare(BROKER_NAME, plain, List.of(client.send(plain, message(t, "m0")),
                client.send(plain, message(t, "m1"))), List.of(), true);
        servers.awaitAll(t, 1, 2);
        assertEquals(PullStatus.FOUND, servers.pull("g-susp", t, 0, 0).getPullStatus());

        String branch = "L:" + UUID.randomUUID();
        client.prepare(BROKER_NAME, branch, List.of(), List.of(new BranchAck("g-susp", t, BROKER_NAME, 0, 2)), false);
        PullResult held = servers.pull("g-susp", t, 0, 0);
        assertNotEquals(PullStatus.FOUND, held.getPullStatus());
        assertEquals(0, held.getNextBeginOffset());
        assertEquals(PullStatus.FOUND, servers.pull("g-other", t, 0, 0).getPullStatus());
        PullResult longPoll = servers.pull("g-susp", t, 0, 0, true); // held a moment, then answered "nothing"
        assertNotEquals(PullStatus.FOUND, longPoll.getPullStatus());
        assertEquals(0, longPoll.getNextBeginOffset());

        client.rollback(BROKER_NAME, branch, List.of());
        assertEquals(2, servers.pull("g-susp", t, 0, 0).getMsgFoundList().size());
    }

    static final String MARKER = "marker-";

    /**
     * The bodies in {@code topic} once a marker committed after everything else is visible (the store dispatches in
     * commit-log order), so that "nothing there" is not just "not dispatched yet". The marker is left out.
     */
    static List<String> bodiesBesidesMarker(BranchClient client, BranchBroker servers, String topic)
            throws Exception {
        String marker = MARKER + UUID.randomUUID();
        String branch = "L:" + UUID.randomUUID();
        client.prepare(BROKER_NAME, branch, List.of(client.send(branch, message(topic, marker))), List.of(), true);
        List<String> bodies = Awaitility.await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(50))
                .until(() -> bodies(servers.readAll(topic, QUEUES)), list -> list.contains(marker));
        return bodies.stream().filter(b -> !b.startsWith(MARKER)).toList();
    }

    static Message message(String topic, String body) {
        return new Message(topic, body.getBytes(StandardCharsets.UTF_8));
    }

    static String topic(String name) {
        return "branch-" + name + "-" + (System.nanoTime() % 1_000_000);
    }

    static List<String> bodies(List<MessageExt> messages) {
        return messages.stream().map(m -> new String(m.getBody(), StandardCharsets.UTF_8)).toList();
    }

    private static String hex(UUID id) {
        return id.toString().replace("-", "");
    }

    static void assertRefused(Reason expected, org.junit.jupiter.api.function.Executable call) {
        BranchException e = assertThrows(BranchException.class, call);
        assertEquals(expected, e.reason(), e.getMessage());
    }
}

package dev.apogee.client.transaction;

import dev.apogee.client.message.Message;
import dev.apogee.client.transaction.BranchException.Reason;
import dev.apogee.remoting.protocol.body.MessageQueue;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static dev.apogee.client.transaction.BranchBroker.BROKER_NAME;
import static dev.apogee.client.transaction.BranchClientTest.assertRefused;
import static dev.apogee.client.transaction.BranchClientTest.bodies;
import static dev.apogee.client.transaction.BranchClientTest.bodiesBesidesMarker;
import static dev.apogee.client.transaction.BranchClientTest.message;
import static dev.apogee.client.transaction.BranchClientTest.topic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** BRANCH_COMMIT_LOCAL end to end: a whole one-phase branch (messages and acks) in one request. */
class BranchLocalCommitTest {
    private static final int QUEUES = BranchClientTest.QUEUES;

    @TempDir
    static Path dir;
    static BranchBroker servers;
    static BranchClient client;

    @BeforeAll
    static void start() throws Exception {
        servers = BranchBroker.start(dir, c -> { });
        client = new BranchClient(servers.clientConfig("local"), "branch-local-producer");
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
    void commitMakesTheMessagesVisibleInOrderWithTheAcksAndARepeatStoresNothingTwice() throws Exception {
        String t = topic("local");
        String consumed = topic("local-consumed");
        servers.createTopic(t, QUEUES);
        servers.createTopic(consumed, QUEUES);
        String branch = "L:" + UUID.randomUUID();
        List<BranchMessage> messages = new ArrayList<>();
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            messages.add(new BranchMessage(message(t, "m-" + i), client.queueFor(t, 0)));
            expected.add("m-" + i);
        }
        List<BranchAck> acks = List.of(new BranchAck("g-local", consumed, BROKER_NAME, 1, 6));

        assertTrue(client.commitLocal(BROKER_NAME, branch, messages, acks));
        assertEquals(expected, bodies(servers.awaitAll(t, QUEUES, 20))); // one queue: in commit order
        assertEquals(6, servers.consumerOffset("g-local", consumed, 1));
        assertFalse(client.recover(BROKER_NAME).contains(branch));

        client.commitLocal(BROKER_NAME, branch, messages, acks); // a repeat (lost answer): answered, not re-stored
        assertEquals(expected, bodiesBesidesMarker(client, servers, t));
        client.commit(BROKER_NAME, branch); // idempotent, as for any committed branch
        assertRefused(Reason.COMMITTED, () -> client.rollback(BROKER_NAME, branch, List.of()));
    }

    @Test
    void acksAloneAreCommitted() throws Exception {
        String consumed = topic("local-acks");
        servers.createTopic(consumed, QUEUES);
        client.commitLocal(BROKER_NAME, "L:" + UUID.randomUUID(), List.of(),
                List.of(new BranchAck("g-acks", consumed, BROKER_NAME, 0, 3),
                        new BranchAck("g-acks", consumed, BROKER_NAME, 3, 9)));
        assertEquals(3, servers.consumerOffset("g-acks", consumed, 0));
        assertEquals(9, servers.consumerOffset("g-acks", consumed, 3));
    }

    @Test
    void aRefusedMessageRefusesTheWholeBranchAndNothingBecomesVisible() throws Exception {
        String t = topic("local-refused");
        servers.createTopic(t, QUEUES);
        Message good = message(t, "good");
        MessageQueue goodQueue = client.queueFor(t, 0);

        String missingTopic = "L:" + UUID.randomUUID();
        assertRefused(Reason.INVALID, () -> client.commitLocal(BROKER_NAME, missingTopic, List.of(
                new BranchMessage(good, goodQueue),
                new BranchMessage(message("missing", "m"), new MessageQueue(topic("missing"), BROKER_NAME, 0))),
                List.of()));
        String badQueue = "L:" + UUID.randomUUID();
        assertRefused(Reason.INVALID, () -> client.commitLocal(BROKER_NAME, badQueue, List.of(
                new BranchMessage(message(t, "good-2"), goodQueue),
                new BranchMessage(message(t, "bad"), new MessageQueue(t, BROKER_NAME, QUEUES + 3))), List.of()));
        String badAck = "L:" + UUID.randomUUID();
        assertRefused(Reason.INVALID, () -> client.commitLocal(BROKER_NAME, badAck, List.of(
                new BranchMessage(message(t, "good-3"), goodQueue)),
                List.of(new BranchAck("g-bad", t, BROKER_NAME, -1, 1))));
        assertRefused(Reason.INVALID, () -> client.commitLocal("other-broker", badAck, List.of(
                new BranchMessage(message(t, "good-4"), goodQueue)), List.of()));

        assertEquals(List.of(), bodiesBesidesMarker(client, servers, t));
        List<String> branches = client.recover(BROKER_NAME);
        assertFalse(branches.contains(missingTopic) || branches.contains(badQueue) || branches.contains(badAck));
    }

    @Test
    void aBranchCommittedLocallyIsKnownToTheOtherRequests() throws Exception {
        String t = topic("local-known");
        servers.createTopic(t, QUEUES);
        String branch = "L:" + UUID.randomUUID();
        client.commitLocal(BROKER_NAME, branch, List.of(new BranchMessage(message(t, "k"), client.queueFor(t, 2))),
                List.of());
        List<MessageExt> visible = servers.awaitAll(t, QUEUES, 1);
        assertEquals(List.of("k"), bodies(visible));
        assertEquals(2, visible.get(0).getQueueId());
        assertRefused(Reason.COMMITTED, () -> client.prepare(BROKER_NAME, branch, List.of(), List.of(), false));
        assertTrue(client.supportsLocalCommit());
    }

    @Test
    void moreThanOneRequestCarriesIsNotSent() throws Exception {
        String t = topic("local-big");
        servers.createTopic(t, QUEUES);
        List<BranchMessage> messages = new ArrayList<>();
        for (int i = 0; i < 5; i++) { // 5 MiB of bodies
            messages.add(new BranchMessage(new Message(t, new byte[1 << 20]), client.queueFor(t, 0)));
        }
        String branch = "L:" + UUID.randomUUID();
        assertFalse(client.commitLocal(BROKER_NAME, branch, messages, List.of()));
        assertEquals(List.of(), bodiesBesidesMarker(client, servers, t));
        assertRefused(Reason.UNKNOWN_BRANCH, () -> client.commit(BROKER_NAME, branch));
    }
}

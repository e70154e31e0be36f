package dev.apogee.client.transaction;

import dev.apogee.client.pop.PoppedMessage;
import dev.apogee.client.pop.SimpleConsumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import static dev.apogee.client.transaction.BranchBroker.BROKER_NAME;
import static dev.apogee.client.transaction.BranchClientTest.message;
import static dev.apogee.client.transaction.BranchClientTest.topic;
import static dev.apogee.client.transaction.BranchPopAckTest.INVISIBLE;
import static dev.apogee.client.transaction.BranchPopAckTest.assertNothingComesBack;
import static dev.apogee.client.transaction.BranchPopAckTest.consumer;
import static dev.apogee.client.transaction.BranchPopAckTest.group;
import static dev.apogee.client.transaction.BranchPopAckTest.popAll;
import static dev.apogee.client.transaction.BranchPopAckTest.xid;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * POP acks of branches across a broker restart (graceful stop, same store): a committed local transaction's popped
 * messages stay acked, and a prepared branch still holds its popped messages, which its commit then acks and its
 * rollback releases. (kill -9: {@link BranchKillTest}.)
 */
class BranchPopAckRestartTest {
    private static final int QUEUES = BranchClientTest.QUEUES;

    @TempDir
    Path dir;
    BranchBroker servers;
    BranchClient client;

    @AfterEach
    void stop() {
        if (client != null) {
            client.shutdown();
        }
        if (servers != null) {
            servers.close();
        }
    }

    @Test
    void committedPopAcksStayAckedAndPreparedBranchesHoldTheirMessagesAcrossARestart() throws Exception {
        servers = BranchBroker.start(dir, c -> { });
        client = new BranchClient(servers.clientConfig("pop-restart"), "branch-pop-restart");
        client.start();
        String in = topic("pop-restart-in");
        servers.createTopic(in, QUEUES);
        List<BranchMessage> seed = new ArrayList<>();
        for (String body : List.of("acked", "held-commit", "held-rollback", "free")) {
            seed.add(new BranchMessage(message(in, body), client.queueFor(in, 0)));
        }
        client.commitLocal(BROKER_NAME, "L:" + UUID.randomUUID(), seed, List.of());
        servers.awaitAll(in, QUEUES, seed.size());
        String group = group();
        String toCommit = xid();
        String toRollBack = xid();
        try (SimpleConsumer consumer = consumer(servers, group, in)) {
            Map<String, PoppedMessage> popped = popAll(consumer, 4, INVISIBLE);
            client.commitLocal(BROKER_NAME, "L:" + UUID.randomUUID(), List.of(), List.of(),
                    List.of(BranchPopAck.of(group, popped.get("acked"))));
            client.prepare(BROKER_NAME, toCommit, List.of(), List.of(), false,
                    List.of(BranchPopAck.of(group, popped.get("held-commit"))));
            client.prepare(BROKER_NAME, toRollBack, List.of(), List.of(), false,
                    List.of(BranchPopAck.of(group, popped.get("held-rollback"))));
        }

        servers.stopBroker();
        servers.startBroker();

        assertEquals(Set.of(toCommit, toRollBack), Set.copyOf(client.recover(BROKER_NAME)));
        try (SimpleConsumer consumer = consumer(servers, group, in)) {
            Map<String, PoppedMessage> back = popAll(consumer, 1, Duration.ofMinutes(10));
            assertEquals(Set.of("free"), back.keySet(), "only the message no branch acked or holds comes back");
            assertEquals(1, back.get("free").reconsumeTimes());
            assertNothingComesBack(consumer); // the held ones stay held past their invisible time

            client.commit(BROKER_NAME, toCommit);
            client.rollback(BROKER_NAME, toRollBack, List.of());
            Map<String, PoppedMessage> released = popAll(consumer, 1, Duration.ofMinutes(10));
            assertEquals(Set.of("held-rollback"), released.keySet());
            assertEquals(1, released.get("held-rollback").reconsumeTimes());
            assertNothingComesBack(consumer);
        }
    }
}

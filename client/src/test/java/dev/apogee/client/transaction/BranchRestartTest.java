package dev.apogee.client.transaction;

import dev.apogee.client.transaction.BranchException.Reason;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import static dev.apogee.client.transaction.BranchBroker.BROKER_NAME;
import static dev.apogee.client.transaction.BranchClientTest.assertRefused;
import static dev.apogee.client.transaction.BranchClientTest.bodiesBesidesMarker;
import static dev.apogee.client.transaction.BranchClientTest.message;
import static dev.apogee.client.transaction.BranchClientTest.topic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** Prepared branches survive a broker restart (graceful stop, same store): recover lists them, decisions still work. */
class BranchRestartTest {
    private static final int QUEUES = 4;

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
    void preparedBranchesSurviveARestartAndCanBeDecidedAfterIt() throws Exception {
        servers = BranchBroker.start(dir, c -> { });
        client = new BranchClient(servers.clientConfig("restart"), "branch-restart-producer");
        client.start();
        String t = topic("restart");
        String consumed = topic("restart-consumed");
        servers.createTopic(consumed, QUEUES);
        String toCommit = "X:1:" + UUID.randomUUID().toString().replace("-", "") + ":00";
        String toRollBack = "X:1:" + UUID.randomUUID().toString().replace("-", "") + ":01";
        client.prepare(BROKER_NAME, toCommit, List.of(client.send(toCommit, message(t, "kept-1")),
                client.send(toCommit, message(t, "kept-2"))),
                List.of(new BranchAck("g-restart", consumed, BROKER_NAME, 1, 3)), false);
        client.prepare(BROKER_NAME, toRollBack, List.of(client.send(toRollBack, message(t, "dropped"))), List.of(),
                false);

        servers.stopBroker();
        servers.startBroker();

        assertEquals(Set.of(toCommit, toRollBack), Set.copyOf(client.recover(BROKER_NAME)));
        assertEquals(List.of(), bodiesBesidesMarker(client, servers, t));
        client.commit(BROKER_NAME, toCommit);
        client.rollback(BROKER_NAME, toRollBack, List.of());
        assertEquals(Set.of("kept-1", "kept-2"), Set.copyOf(bodiesBesidesMarker(client, servers, t)));
        assertEquals(3, servers.consumerOffset("g-restart", consumed, 1));

        servers.stopBroker();
        servers.startBroker();
        assertFalse(client.recover(BROKER_NAME).contains(toCommit));
        assertEquals(2, bodiesBesidesMarker(client, servers, t).size(), "a committed branch was materialized again");
        client.commit(BROKER_NAME, toCommit);
        assertRefused(Reason.COMMITTED, () -> client.rollback(BROKER_NAME, toCommit, List.of()));
        assertRefused(Reason.ROLLED_BACK, () -> client.commit(BROKER_NAME, toRollBack));
    }
}

package dev.apogee.client.transaction;

import dev.apogee.client.transaction.BranchException.Reason;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

import static dev.apogee.client.transaction.BranchBroker.BROKER_NAME;
import static dev.apogee.client.transaction.BranchClientTest.assertRefused;
import static dev.apogee.client.transaction.BranchClientTest.bodiesBesidesMarker;
import static dev.apogee.client.transaction.BranchClientTest.message;
import static dev.apogee.client.transaction.BranchClientTest.topic;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Halves of a branch that is never prepared are rolled back by the broker: when the connection that sent them
 * closes, and after the branch timeout. Observed through a commit, which answers ROLLED_BACK once that happened
 * (UNKNOWN before) and changes nothing.
 */
class BranchReaperTest {
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
    void halvesAreRolledBackWhenTheSenderGoesAway() throws Exception {
        servers = BranchBroker.start(dir, c -> c.setBranchTimeoutMillis(600_000)); // only the sender can cause it
        client = start("observer");
        String t = topic("sender-gone");
        String branch = "L:" + UUID.randomUUID();
        BranchClient sender = start("leaving");
        List<BranchHalf> halves = List.of(sender.send(branch, message(t, "gone")));
        assertRefused(Reason.UNKNOWN_BRANCH, () -> client.commit(BROKER_NAME, branch));
        sender.shutdown();

        awaitRolledBack(branch, Duration.ofSeconds(20));
        assertRefused(Reason.ROLLED_BACK, () -> client.prepare(BROKER_NAME, branch, halves, List.of(), true));
        assertEquals(List.of(), bodiesBesidesMarker(client, servers, t));
    }

    @Test
    void halvesAreRolledBackAfterTheBranchTimeout() throws Exception {
        servers = BranchBroker.start(dir, c -> c.setBranchTimeoutMillis(2_000));
        client = start("patient");
        String t = topic("timed-out");
        String branch = "L:" + UUID.randomUUID();
        client.send(branch, message(t, "late"));

        awaitRolledBack(branch, Duration.ofSeconds(20));
        assertEquals(List.of(), bodiesBesidesMarker(client, servers, t));
    }

    private BranchClient start(String name) throws Exception {
        BranchClient c = new BranchClient(servers.clientConfig(name), "branch-" + name + "-producer");
        c.start();
        return c;
    }

    private void awaitRolledBack(String branch, Duration within) {
        Awaitility.await().atMost(within).pollInterval(Duration.ofMillis(100)).until(() -> {
            try {
                client.commit(BROKER_NAME, branch);
                throw new AssertionError("commit of an unprepared branch succeeded");
            } catch (BranchException e) {
                return e.reason() == Reason.ROLLED_BACK;
            }
        });
    }
}

package dev.apogee.broker.transaction.branch;

import dev.apogee.remoting.protocol.body.BranchBody;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the broker keeps of a done branch, and for how long: the outcome only, two minutes for a local transaction's
 * branch (only its own session's retries can repeat it), an hour for any other (a transaction manager's recovery).
 */
class DoneBranchRetentionTest {
    private static final long T0 = 1_000_000_000L;
    private static final BranchBody BODY = new BranchBody(List.of(new BranchBody.Half(4096, "m", "t")),
            List.of(new BranchBody.Ack("g", "T", 0, 7)));

    private static Branch committed(String id) {
        return new Branch(id, Branch.State.COMMITTED, false, "pg", BODY, T0);
    }

    @Test
    void aDoneBranchKeepsItsOutcomeButNotItsBody() {
        Branch done = committed("L:1").finishedWithoutBody();
        assertTrue(done.done());
        assertEquals(Branch.State.COMMITTED, done.state());
        assertTrue(done.body().halves().isEmpty() && done.body().acks().isEmpty());
        assertEquals(T0, done.since());
    }

    @Test
    void doneLocalBranchesArePrunedAfterTwoMinutesOthersAfterAnHour() {
        BranchTable table = new BranchTable();
        table.put(committed("L:local").finishedWithoutBody());
        table.put(committed("xid-global").finishedWithoutBody());
        table.put(committed("L:undone")); // decided, not done yet: never pruned
        table.pruneDone(T0 + BranchTable.LOCAL_DONE_RETENTION_MILLIS - 1);
        assertNotNull(table.get("L:local"), "within two minutes a repeated local commit is still recognised");
        table.pruneDone(T0 + BranchTable.LOCAL_DONE_RETENTION_MILLIS + 1);
        assertNull(table.get("L:local"));
        assertNotNull(table.get("xid-global"));
        table.pruneDone(T0 + BranchTable.DONE_RETENTION_MILLIS + 1);
        assertNull(table.get("xid-global"));
        assertNotNull(table.get("L:undone"));
    }

    @Test
    void theReplayDropsDoneBranchesPastTheirRetention() {
        BranchTable table = new BranchTable();
        BranchReplay replay = new BranchReplay(table, T0 + BranchTable.LOCAL_DONE_RETENTION_MILLIS + 10);
        for (String id : List.of("L:old", "xid-old", "L:recent")) {
            long at = id.equals("L:recent") ? T0 + BranchTable.LOCAL_DONE_RETENTION_MILLIS : T0;
            replay.apply(new BranchRecord(BranchRecord.Type.COMMIT, id, "pg", BODY), at);
            replay.apply(new BranchRecord(BranchRecord.Type.DONE, id, "pg", BranchRecord.EMPTY), at);
        }
        assertNull(table.get("L:old"));
        assertNotNull(table.get("xid-old"), "an hour for a global branch");
        Branch recent = table.get("L:recent");
        assertNotNull(recent);
        assertEquals(1, recent.body().acks().size(), "replayed done branches keep their acks for the re-apply");
    }
}

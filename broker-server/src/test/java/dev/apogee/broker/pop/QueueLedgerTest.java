package dev.apogee.broker.pop;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The ledger's state machine, and that replaying its journal events rebuilds the same state. */
class QueueLedgerTest {
    private static final LedgerKey KEY = new LedgerKey("g", "t", 0);

    @Test
    void leaseExpiresIntoAvailableThenDeadLettersPastTheMaximum() {
        QueueLedger l = new QueueLedger(KEY);
        l.applyPop(100, 200, 3, new long[] {0, 1, 2}, new int[] {0, 0, 0});
        l.applyAck(1);
        assertTrue(l.isDone(1));
        assertFalse(l.isDone(0));
        assertEquals(List.of(), l.expire(199, 1));
        assertEquals(List.of(), l.expire(200, 1));
        assertEquals(2, l.available.size());
        assertEquals(1, l.available.get(0L).reconsumeTimes());
        l.applyPop(300, 400, -1, new long[] {0}, new int[] {1});
        List<long[]> dead = l.expire(400, 1);
        assertEquals(1, dead.size());
        assertArrayEquals(new long[] {0, 2}, dead.get(0));
        assertEquals(Long.MAX_VALUE, l.leases.get(0L).deadline(), "kept out of pops until its DLQ copy is stored");
    }

    @Test
    void aReleaseNotDeliveredKeepsTheCountAndReplaysTheSame() {
        QueueLedger l = new QueueLedger(KEY);
        l.applyPop(100, 60_100, 2, new long[] {0, 1}, new int[] {0, 3});
        PopEvent.release(KEY, 0).withSeq(1).applyTo(l);
        PopEvent.release(KEY, 1).withSeq(2).applyTo(l);
        assertEquals(0, l.available.get(0L).reconsumeTimes(), "never delivered: not counted");
        assertEquals(3, l.available.get(1L).reconsumeTimes());
        assertTrue(l.leases.isEmpty());
        l.applyAck(0);
        PopEvent.release(KEY, 0).withSeq(3).applyTo(l); // a release after the ack leaves it done
        assertTrue(l.isDone(0));
        PopEvent decoded = PopEvent.decode(PopEvent.release(KEY, 1).withSeq(4).encode());
        assertEquals(PopEvent.RELEASE, decoded.kind());
        assertEquals(1, decoded.offset());
    }

    @Test
    void aHeldLeaseNeitherExpiresNorDeadLettersUntilEveryHolderLetsGo() {
        QueueLedger l = new QueueLedger(KEY);
        l.applyPop(100, 200, 2, new long[] {0, 1}, new int[] {0, 5});
        l.hold(0);
        l.hold(1);
        l.hold(1); // two prepared branches hold it
        assertEquals(List.of(), l.expire(1_000, 5), "offset 1 is past its maximum but held: no dead-letter copy");
        assertTrue(l.available.isEmpty());
        assertTrue(l.unhold(0));
        assertFalse(l.unhold(1), "the other branch still holds it");
        assertEquals(List.of(), l.expire(1_000, 5));
        assertEquals(1, l.available.get(0L).reconsumeTimes(), "let go: due again, its redelivery counted");
        assertTrue(l.unhold(1));
        assertEquals(1, l.expire(1_000, 5).size());
    }

    @Test
    void selectorPopsMarkWhatTheyTakeAboveTheCursorAndTheCursorDropsIt() {
        QueueLedger l = new QueueLedger(KEY);
        l.applyPop(1, 10, -1, new long[] {5, 9}, new int[] {0, 0}); // a selector took 5 and 9
        assertEquals(2, l.taken.rangeCount());
        l.applyAck(5);
        assertTrue(l.isDone(5));
        assertFalse(l.isDone(6), "not handed out yet");
        l.applyPop(2, 10, 7, new long[] {0, 1, 2, 3, 4, 6}, new int[6]); // the frontier passes 5
        assertEquals(1, l.taken.rangeCount());
        assertTrue(l.isDone(5));
        assertEquals(10, l.taken.nextNotContained(9));
    }

    @Test
    void aSelectorPopLeavesTheCursorUnplacedAndAPlacementEventPlacesIt() {
        QueueLedger l = new QueueLedger(KEY);
        PopEvent.pop(KEY, -1, 1, 10, new long[] {42}, new int[] {0}).withSeq(1).applyTo(l);
        assertFalse(l.cursorInitialised, "replayed, a selector pop must not place the cursor at 0");
        PopEvent.pop(KEY, 40, 0, 0, new long[0], new int[0]).withSeq(2).applyTo(l);
        assertTrue(l.cursorInitialised);
        assertEquals(40, l.cursor);
        assertTrue(l.taken.contains(42));
    }

    @Test
    void anAckOfAMessageNeverHandedOutMarksItDone() {
        QueueLedger l = new QueueLedger(KEY);
        l.applyAck(3); // its pop record was lost with a crash; the client still acks what it got
        assertTrue(l.isDone(3));
        l.applyChange(4, 1, 50); // a change for such a message leases it
        assertEquals(50, l.leases.get(4L).deadline());
    }

    @Test
    void replayingTheEventsRebuildsTheSameState() {
        List<PopEvent> events = List.of(
                PopEvent.pop(KEY, 4, 10, 20, new long[] {0, 1, 2, 3}, new int[4]).withSeq(1),
                PopEvent.ack(KEY, 1).withSeq(2),
                PopEvent.change(KEY, 2, 15, 90).withSeq(3),
                PopEvent.pop(KEY, -1, 30, 40, new long[] {7}, new int[] {0}).withSeq(4));
        QueueLedger live = new QueueLedger(KEY);
        events.forEach(e -> e.applyTo(live));
        QueueLedger replayed = new QueueLedger(KEY);
        events.forEach(e -> PopEvent.decode(e.encode()).applyTo(replayed));
        assertEquals(live.cursor, replayed.cursor);
        assertEquals(live.leases, replayed.leases);
        assertEquals(live.version, replayed.version);
        assertEquals(4, replayed.version);
        assertTrue(replayed.isDone(1));
        assertEquals(90, replayed.leases.get(2L).deadline());
        assertTrue(replayed.taken.contains(7));
    }

    @Test
    void theLowWaterMarkIsTheFirstOffsetNotDoneAndInFlightCountsRunningLeases() {
        QueueLedger l = new QueueLedger(KEY);
        l.applyPop(100, 200, 4, new long[] {0, 1, 2, 3}, new int[4]);
        l.applyAck(1);
        l.applyAck(3);
        assertEquals(0, l.lowWaterMark(0), "0 leased: nothing below it is done yet");
        assertEquals(2, l.inFlight(0, 150));
        l.applyAck(0);
        assertEquals(2, l.lowWaterMark(0));
        assertEquals(0, l.inFlight(0, 200), "a lease at its deadline is due again, not in flight");
        l.expire(200, 16);
        assertEquals(2, l.lowWaterMark(0), "due again: still not done");
        l.applyAck(2);
        assertEquals(4, l.lowWaterMark(0), "the frontier: never handed out");
        l.applyPop(300, 400, -1, new long[] {6}, new int[1]); // a selector took 6 above the cursor
        l.applyAck(6);
        assertEquals(4, l.lowWaterMark(0));
        assertEquals(7, l.lowWaterMark(6), "what retention deleted below the queue's first offset counts as gone");
        assertEquals(0, l.inFlight(0, 300));
    }
}

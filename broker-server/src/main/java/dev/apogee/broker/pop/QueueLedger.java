package dev.apogee.broker.pop;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The POP state of one group on one queue, bounded by what is in flight rather than by the backlog or the number of
 * acked messages:
 * <ul>
 *   <li>{@code cursor}: every offset below it was handed out to the group once (or skipped by a TAG/SQL92 filter,
 *       which consumes it for the group as Apache's broker does); it is done unless leased or available;</li>
 *   <li>{@code taken}: offsets at or above the cursor handed out by JMS-selector pops (leased, available or done),
 *       which frontier scans skip; dropped as the cursor passes them;</li>
 *   <li>{@code leases}: the messages popped and not yet acked, each invisible until its deadline;</li>
 *   <li>{@code available}: messages handed out before whose lease ran out (or was released), due again with their
 *       reconsume count; each carries a sequence number so a selector cursor knows which it examined already;</li>
 *   <li>{@code holds}: leased messages a prepared transaction branch will ack if it commits, with the number of
 *       branches holding each: their leases do not run out ({@link #expire} skips them) until the branches are
 *       decided. Not journaled: derived from the branch log ({@link TransactedPopAcks}).</li>
 * </ul>
 * Every mutation is one of the {@code apply*} methods, called both live (right after the event is appended to the
 * journal, in the same critical section) and when the journal is replayed, so both give the same state. Lease expiry
 * ({@link #expire}) is not journaled: it is a function of the deadlines, re-run after a restart.
 *
 * <p>Thread ownership: all state is guarded by this object's monitor; pop, ack, change-invisible-time and the expiry
 * sweep of one group-queue serialize on it, different group-queues never contend.
 */
final class QueueLedger {
    /** A message due again: its reconsume count and the sequence number of the event that made it available. */
    record Available(int reconsumeTimes, long seq) {
    }

    final LedgerKey key;
    long cursor;
    final OffsetRanges taken = new OffsetRanges();
    final Map<Long, Lease> leases = new HashMap<>();
    final TreeMap<Long, Available> available = new TreeMap<>();
    final Map<Long, Integer> holds = new HashMap<>();
    /** Scan cursors of the JMS selectors popping here (not persisted: an optimisation rebuilt from the cursor). */
    final Map<String, SelectorCursor> selectors = new HashMap<>();
    /** Number of the last journaled event applied (replay skips events at or below it). */
    long version;
    long nextSeq;
    boolean cursorInitialised;

    QueueLedger(LedgerKey key) {
        this.key = key;
    }

    /**
     * Leases {@code offsets} (with their reconsume counts) and moves the cursor to {@code newCursor} when higher
     * (-1: a selector pop, which never moves it). A pop of nothing that only places a new ledger's cursor is one too.
     */
    void applyPop(long popTime, long deadline, long newCursor, long[] offsets, int[] counts) {
        for (int i = 0; i < offsets.length; i++) {
            long offset = offsets[i];
            available.remove(offset);
            leases.put(offset, new Lease(popTime, deadline, counts[i]));
            if (offset >= cursor) {
                taken.add(offset);
            }
        }
        if (newCursor >= 0) {
            moveCursor(newCursor);
        }
    }

    void moveCursor(long newCursor) {
        cursorInitialised = true;
        if (newCursor > cursor) {
            cursor = newCursor;
            taken.removeBelow(cursor);
        }
    }

    /** The message is done for the group, whatever state it was in. */
    void applyAck(long offset) {
        leases.remove(offset);
        available.remove(offset);
        if (offset >= cursor) {
            taken.add(offset);
        }
    }

    /**
     * A new deadline for a message the caller holds: its lease is extended (or shortened); if the lease had run out
     * meanwhile the caller gets it again with the count it had. A done message stays done.
     */
    void applyChange(long offset, long popTime, long deadline) {
        Lease lease = leases.get(offset);
        if (lease != null) {
            leases.put(offset, new Lease(popTime, deadline, lease.reconsumeTimes()));
            return;
        }
        Available due = available.remove(offset);
        if (due != null) {
            leases.put(offset, new Lease(popTime, deadline, due.reconsumeTimes()));
        } else if (offset >= cursor && !taken.contains(offset)) {
            taken.add(offset);
            leases.put(offset, new Lease(popTime, deadline, 0));
        }
    }

    /**
     * The holder gives the message back without having delivered it (a JMS consumer's prefetch): due again at once
     * with the reconsume count its lease had, so the next delivery is not counted as a redelivery. A message no longer
     * leased (acked, or due again already) is left as it is.
     */
    void applyRelease(long offset) {
        Lease lease = leases.remove(offset);
        if (lease != null) {
            available.put(offset, new Available(lease.reconsumeTimes(), nextSeq++));
        }
    }

    /** Whether the message at {@code offset} is done for the group (acked, dead-lettered or skipped by a filter). */
    boolean isDone(long offset) {
        if (leases.containsKey(offset) || available.containsKey(offset)) {
            return false;
        }
        return offset < cursor || taken.contains(offset);
    }

    /**
     * The group's low-water mark on this queue: the first offset at or above {@code min} (the queue's first offset)
     * that is not done, so every message below it is acked, dead-lettered or skipped by a filter. Messages acked out
     * of order above it are not done below it, so the backlog it implies counts them until it passes them.
     */
    long lowWaterMark(long min) {
        long low = taken.nextNotContained(Math.max(cursor, min));
        for (long offset : leases.keySet()) {
            if (offset >= min && offset < low) {
                low = offset;
            }
        }
        Long due = available.ceilingKey(min);
        return due != null && due < low ? due : low;
    }

    /**
     * Messages at or above {@code min} popped and not yet acked whose invisible time still runs at {@code now} (a
     * lease past its deadline is due again as soon as the expiry sweep sees it).
     */
    int inFlight(long min, long now) {
        int count = 0;
        for (Map.Entry<Long, Lease> e : leases.entrySet()) {
            if (e.getKey() >= min && e.getValue().deadline() > now) {
                count++;
            }
        }
        return count;
    }

    /**
     * Ends the leases whose deadline is at or before {@code now}: each becomes available with its count + 1, or, past
     * {@code maxReconsumeTimes}, is returned for the dead-letter queue (it stays out of every pop until acked).
     *
     * @return offsets to dead-letter, with the count they reached
     */
    List<long[]> expire(long now, int maxReconsumeTimes) {
        List<long[]> dead = null;
        for (Iterator<Map.Entry<Long, Lease>> it = leases.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<Long, Lease> e = it.next();
            Lease lease = e.getValue();
            if (lease.deadline() > now || (!holds.isEmpty() && holds.containsKey(e.getKey()))) {
                continue;
            }
            int next = lease.reconsumeTimes() + 1;
            if (next > maxReconsumeTimes) {
                // stays leased far in the future until the dead-letter copy is stored and the ack journaled
                e.setValue(new Lease(lease.popTime(), Long.MAX_VALUE, lease.reconsumeTimes()));
                if (dead == null) {
                    dead = new ArrayList<>();
                }
                dead.add(new long[] {e.getKey(), next});
            } else {
                it.remove();
                available.put(e.getKey(), new Available(next, nextSeq++));
            }
        }
        return dead == null ? List.of() : dead;
    }

    /** A prepared branch holds the leased message at {@code offset}: its lease cannot run out. */
    void hold(long offset) {
        holds.merge(offset, 1, Integer::sum);
    }

    /** A branch no longer holds the message; true when no other branch does (its lease may run out again). */
    boolean unhold(long offset) {
        return holds.computeIfPresent(offset, (k, n) -> n > 1 ? n - 1 : null) == null;
    }

    /** Drops the scan cursors of selectors not used since {@code idleBefore}. */
    void dropIdleSelectors(long idleBefore) {
        selectors.values().removeIf(c -> c.lastUsed < idleBefore);
    }

    void writeTo(DataOutputStream out) throws IOException {
        out.writeLong(cursor);
        out.writeBoolean(cursorInitialised);
        out.writeLong(version);
        out.writeLong(nextSeq);
        taken.writeTo(out);
        out.writeInt(leases.size());
        for (Map.Entry<Long, Lease> e : leases.entrySet()) {
            out.writeLong(e.getKey());
            out.writeLong(e.getValue().popTime());
            out.writeLong(e.getValue().deadline());
            out.writeInt(e.getValue().reconsumeTimes());
        }
        out.writeInt(available.size());
        for (Map.Entry<Long, Available> e : available.entrySet()) {
            out.writeLong(e.getKey());
            out.writeInt(e.getValue().reconsumeTimes());
            out.writeLong(e.getValue().seq());
        }
    }

    void readFrom(DataInputStream in) throws IOException {
        cursor = in.readLong();
        cursorInitialised = in.readBoolean();
        version = in.readLong();
        nextSeq = in.readLong();
        taken.readFrom(in);
        int leaseCount = in.readInt();
        for (int i = 0; i < leaseCount; i++) {
            long offset = in.readLong();
            long popTime = in.readLong();
            long deadline = in.readLong();
            // a lease parked for a dead-letter copy that did not finish: due now, so the copy is made again
            leases.put(offset, new Lease(popTime, deadline == Long.MAX_VALUE ? 0 : deadline, in.readInt()));
        }
        int availableCount = in.readInt();
        for (int i = 0; i < availableCount; i++) {
            long offset = in.readLong();
            available.put(offset, new Available(in.readInt(), in.readLong()));
        }
    }

    /** How far one JMS selector has examined this queue, and which available messages it has looked at. */
    static final class SelectorCursor {
        long scanFrom;
        long availableSeqSeen = -1;
        long lastUsed;
    }
}

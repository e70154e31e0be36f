package dev.apogee.broker.pop;

import dev.apogee.remoting.protocol.body.BranchBody;
import dev.apogee.store.MessageToStore;
import dev.apogee.store.PutResult;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * POP acks carried by transaction branches ({@code dev.apogee.broker.transaction.branch}): a popped message acked
 * only if, and when, its branch commits.
 * <ul>
 *   <li>A local commit ({@link #ackAtomically}) journals the acks as members of the branch's own atomic append: after
 *       a crash the commit's acks are in the journal exactly when its messages are in their topics, and the journal
 *       replay re-applies them. Durable by the group's one force (the COMMIT_STORED record's flush).</li>
 *   <li>A prepare ({@link #hold}) makes each message leased (a CHANGE event re-leases one whose lease ran out) and
 *       holds the lease: the expiry thread does not revive it while the branch is prepared. The CHANGE events precede
 *       the PREPARE record in the CommitLog, so that record's forced flush makes them durable too. Holds are not
 *       journaled: a restart re-installs them from the prepared branches of the branch log ({@link #holdAgain}).</li>
 *   <li>A commit ({@link #ackHeld}) acks them, and a rollback ({@link #release}) makes a message no other branch holds
 *       due again at once (its lease ends now, so the expiry counts the redelivery); both also let go of the holds.
 *       Neither waits for its journal records: the branch's DONE record follows them, and a branch decided and not
 *       done is finished again at start.</li>
 * </ul>
 * A pop ack with a stale receipt handle (the lease ran out and the message was popped again by another consumer)
 * is acked all the same, as ACK_MESSAGE does with a stale handle (it acts on the header's queue and offset, not on
 * the handle's pop time): the branch consumed the message, so the other delivery is the duplicate, and its own ack
 * later answers SUCCESS (done already). The commit never fails for it.
 *
 * <p>Threads: called on branch request threads under the branch's lock, and on the starting thread. Ledger state is
 * changed under each ledger's monitor; an atomic commit holds the monitors of all its ledgers, taken in key order,
 * across its append. {@code holding} (which branch holds which messages) is a concurrent map, each entry written
 * under its branch's lock.
 */
public final class TransactedPopAcks {
    private static final Comparator<LedgerKey> KEY_ORDER = Comparator.comparing(LedgerKey::group)
            .thenComparing(LedgerKey::topic).thenComparingInt(LedgerKey::queueId);

    private record Held(LedgerKey key, long offset) {
    }

    private final PopLedgers ledgers;
    private final PopService pops;
    private final PopJournal journal;
    private final PopAckChecks checks;
    private final Map<String, List<Held>> holding = new ConcurrentHashMap<>();

    TransactedPopAcks(PopLedgers ledgers, PopService pops, PopJournal journal, PopAckChecks checks) {
        this.ledgers = ledgers;
        this.pops = pops;
        this.journal = journal;
        this.checks = checks;
    }

    /** Why the first unacceptable pop ack is refused (unknown group or topic, bad queue, offset or handle), or null. */
    public String problem(List<BranchBody.PopAck> acks) {
        return acks.isEmpty() ? null : checks.problem(acks);
    }

    /**
     * Calls {@code append} with the journal records of {@code acks} (none for a message done already), to be stored
     * as members of one atomic group with the branch's decision, and applies the acks once it answers PUT_OK. The
     * ledgers stay locked across the append, so the records' event numbers are the apply order.
     */
    public PutResult ackAtomically(List<BranchBody.PopAck> acks, Function<List<MessageToStore>, PutResult> append) {
        if (acks.isEmpty()) {
            return append.apply(List.of());
        }
        Map<LedgerKey, Set<Long>> byLedger = new LinkedHashMap<>();
        for (BranchBody.PopAck a : acks) {
            byLedger.computeIfAbsent(key(a), k -> new LinkedHashSet<>()).add(a.offset());
        }
        List<QueueLedger> locked = new ArrayList<>(byLedger.size());
        byLedger.keySet().stream().sorted(KEY_ORDER).forEach(k -> locked.add(ledgers.get(k)));
        return underMonitors(locked, 0, () -> {
            Map<QueueLedger, List<PopEvent>> events = new LinkedHashMap<>();
            List<MessageToStore> records = new ArrayList<>();
            for (QueueLedger ledger : locked) {
                long seq = ledger.version;
                for (long offset : byLedger.get(ledger.key)) {
                    if (!ledger.isDone(offset)) {
                        PopEvent event = PopEvent.ack(ledger.key, offset).withSeq(++seq);
                        events.computeIfAbsent(ledger, l -> new ArrayList<>()).add(event);
                        records.add(journal.message(event));
                    }
                }
            }
            PutResult put = append.apply(records);
            if (put.isOk()) {
                events.forEach((ledger, list) -> list.forEach(e -> e.applyTo(ledger)));
            }
            return put;
        });
    }

    private static PutResult underMonitors(List<QueueLedger> locked, int from, Supplier<PutResult> body) {
        if (from == locked.size()) {
            return body.get();
        }
        synchronized (locked.get(from)) {
            return underMonitors(locked, from + 1, body);
        }
    }

    /**
     * Holds the messages of a branch being prepared (before its PREPARE record is stored): each one not done is
     * leased again if its lease ran out, and its lease then stays until {@link #ackHeld}, {@link #release} or
     * {@link #dropHold}.
     */
    public void hold(String branchId, List<BranchBody.PopAck> acks) {
        install(branchId, acks, true);
    }

    /** Holds the messages of a branch found prepared at start, before the expiry thread runs (nothing journaled). */
    public void holdAgain(String branchId, List<BranchBody.PopAck> acks) {
        install(branchId, acks, false);
    }

    private void install(String branchId, List<BranchBody.PopAck> acks, boolean live) {
        if (acks.isEmpty() || holding.containsKey(branchId)) {
            return;
        }
        List<Held> held = new ArrayList<>(acks.size());
        for (BranchBody.PopAck a : acks) {
            QueueLedger ledger = ledgers.get(key(a));
            synchronized (ledger) {
                if (ledger.isDone(a.offset())) {
                    continue;
                }
                if (live && !ledger.leases.containsKey(a.offset())) {
                    // due again already: taken back from the group (kept count; the expiry adds one on release)
                    pops.changeInvisibleTime(a.group(), a.topic(), a.queueId(), a.offset(), 0);
                }
                ledger.hold(a.offset());
                held.add(new Held(ledger.key, a.offset()));
            }
        }
        holding.put(branchId, held);
    }

    /** Lets go of a branch's holds without deciding anything (its PREPARE record was not stored). */
    public void dropHold(String branchId) {
        List<Held> held = holding.remove(branchId);
        if (held != null) {
            for (Held h : held) {
                QueueLedger ledger = ledgers.get(h.key);
                synchronized (ledger) {
                    ledger.unhold(h.offset);
                }
            }
        }
    }

    /** A committed branch's acks: each message is acked (journaled) and, in the same critical section, let go. */
    public void ackHeld(String branchId, List<BranchBody.PopAck> acks) {
        List<Held> held = holding.remove(branchId);
        for (BranchBody.PopAck a : acks) {
            QueueLedger ledger = ledgers.get(key(a));
            synchronized (ledger) {
                pops.ack(a.group(), a.topic(), a.queueId(), a.offset());
                if (held != null && held.remove(new Held(ledger.key, a.offset()))) {
                    ledger.unhold(a.offset());
                }
            }
        }
    }

    /**
     * A rolled-back branch's messages: let go, and each one leased and held by no other branch ends its lease now,
     * so the expiry thread makes it due again with its redelivery counted (within one sweep). A message whose lease
     * ran out meanwhile is due already and is left as it is, counted once.
     */
    public void release(String branchId, List<BranchBody.PopAck> acks) {
        List<Held> held = holding.remove(branchId);
        for (BranchBody.PopAck a : acks) {
            QueueLedger ledger = ledgers.get(key(a));
            synchronized (ledger) {
                boolean wasHeld = held != null && held.remove(new Held(ledger.key, a.offset()));
                boolean free = wasHeld ? ledger.unhold(a.offset()) : !ledger.holds.containsKey(a.offset());
                if (free && ledger.leases.containsKey(a.offset())) {
                    pops.changeInvisibleTime(a.group(), a.topic(), a.queueId(), a.offset(), 0);
                }
            }
        }
    }

    /** Number of branches holding popped messages (tests and diagnostics). */
    public int holdingBranches() {
        return holding.size();
    }

    private static LedgerKey key(BranchBody.PopAck a) {
        return new LedgerKey(a.group(), a.topic(), a.queueId());
    }
}

package dev.apogee.broker.transaction.branch;

import dev.apogee.broker.message.StoredMessage;
import dev.apogee.broker.pop.TransactedPopAcks;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.BranchBody;
import dev.apogee.store.MessageToStore;
import dev.apogee.store.PutResult;
import dev.apogee.store.PutStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;

/**
 * The branch state machine: prepare, commit, rollback and forget, each under the branch's lock. A transition is
 * first made durable in the {@link BranchLog}, then applied to the {@link BranchTable}, then (for decisions)
 * materialized, then marked DONE. A failure after the decision leaves the branch decided and not done: the next
 * commit or rollback, or the next start, finishes it. Called on branch request threads, the reaper thread and
 * (at start) the starting thread.
 */
final class BranchCoordinator {
    private static final Logger LOG = LoggerFactory.getLogger(BranchCoordinator.class);

    private final BranchLog log;
    private final BranchTable table;
    private final HalfLookup halves;
    private final Materializer materializer;
    private final OpenBranches open;
    private final TransactedPopAcks popAcks;
    private final BranchLocks locks = new BranchLocks();
    private final LongSupplier clock;

    BranchCoordinator(BranchLog log, BranchTable table, HalfLookup halves, Materializer materializer,
            OpenBranches open, TransactedPopAcks popAcks, LongSupplier clock) {
        this.log = log;
        this.table = table;
        this.halves = halves;
        this.materializer = materializer;
        this.open = open;
        this.popAcks = popAcks;
        this.clock = clock;
    }

    Outcome prepare(String branchId, String producerGroup, BranchBody body, boolean onePhase) {
        ReentrantLock lock = locks.of(branchId);
        lock.lock();
        try {
            Branch known = table.get(branchId);
            if (known != null) {
                return prepareKnown(known, onePhase);
            }
            String[] problem = new String[1];
            List<StoredMessage> found = halves.verify(branchId, producerGroup, body.halves(), problem);
            String ackProblem = found == null ? problem[0] : ackProblem(body.acks(), body.popAcks());
            if (ackProblem != null) {
                return Outcome.of(ResponseCode.BRANCH_INVALID, ackProblem);
            }
            if (!onePhase) {
                popAcks.hold(branchId, body.popAcks()); // before the record: no lease may run out in between
            }
            Outcome outcome = record(branchId, producerGroup, body, onePhase);
            if (!onePhase && table.get(branchId) == null) {
                popAcks.dropHold(branchId); // not prepared after all
            }
            return outcome;
        } finally {
            lock.unlock();
        }
    }

    /**
     * A whole one-phase branch at once (BRANCH_COMMIT_LOCAL): its COMMIT_STORED record (with the acks and pop acks),
     * its messages, already in their real topics and queues, and the POP journal's ack records of its pop acks go in
     * one atomic append ({@link BranchLog#appendGroup}, {@link TransactedPopAcks#ackAtomically}), made durable by one
     * flush; then the acks move the groups' offsets. No half, no copy, no op record: after a crash the group is wholly
     * in the log (committed, its popped messages acked at the POP journal's replay) or not at all (the popped
     * messages still in flight), and consumers see its messages only once it is durable.
     * A repeated request of a known branch stores nothing and answers as a one-phase prepare would.
     *
     * <p>When the flush is not confirmed (FLUSH_DISK_TIMEOUT, an I/O error) the group is in the log all the same and
     * reaches consumers if it reaches the disk: the branch counts as committed (a repeat answers SUCCESS) and this
     * answer says the outcome is not confirmed durable.
     */
    Outcome commitLocal(String branchId, String producerGroup, List<MessageToStore> messages, BranchBody acks) {
        ReentrantLock lock = locks.of(branchId);
        lock.lock();
        try {
            Branch known = table.get(branchId);
            if (known != null) {
                return prepareKnown(known, true);
            }
            String ackProblem = ackProblem(acks.acks(), acks.popAcks());
            if (ackProblem != null) {
                return Outcome.of(ResponseCode.BRANCH_INVALID, ackProblem);
            }
            BranchBody body = new BranchBody(List.of(), acks.acks(), acks.popAcks());
            BranchRecord record = new BranchRecord(BranchRecord.Type.COMMIT_STORED, branchId, producerGroup, body);
            PutResult put = popAcks.ackAtomically(body.popAcks(), popRecords -> log.appendGroup(record,
                    concat(messages, popRecords)));
            if (!put.isOk()) {
                return Outcome.of(put.status() == PutStatus.MESSAGE_ILLEGAL ? ResponseCode.MESSAGE_ILLEGAL
                        : ResponseCode.SYSTEM_ERROR, "storing branch " + branchId + " failed: " + put.status());
            }
            open.forget(branchId);
            Branch committed = new Branch(branchId, Branch.State.COMMITTED, true, producerGroup, body,
                    clock.getAsLong());
            table.put(committed.finishedWithoutBody());
            PutResult durable = log.awaitDurable(put);
            if (!BranchLog.isDurable(durable)) {
                LOG.warn("BRANCH-LOCAL-NOT-DURABLE branch {} is stored but its flush failed: {}", branchId,
                        durable.status());
                return Outcome.of(ResponseCode.SYSTEM_ERROR, "branch " + branchId + " is committed but not confirmed "
                        + "on disk: " + durable.status());
            }
            materializer.applyAcks(committed);
            return Outcome.OK;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Stores a new branch's PREPARE (or, one-phase, COMMIT) record, then records it and (one-phase) finishes it;
     */
    private Outcome record(String branchId, String producerGroup, BranchBody body, boolean onePhase) {
        BranchRecord record = new BranchRecord(onePhase ? BranchRecord.Type.COMMIT : BranchRecord.Type.PREPARE,
                branchId, producerGroup, body);
        Outcome stored = store(record);
        if (stored != null) {
            return stored;
        }
        open.forget(branchId);
        Branch branch = new Branch(branchId, onePhase ? Branch.State.COMMITTED : Branch.State.PREPARED, false,
                producerGroup, body, clock.getAsLong());
        table.put(branch);
        return onePhase ? finish(branch, false) : Outcome.OK;
    }

    private Outcome prepareKnown(Branch known, boolean onePhase) {
        return switch (known.state()) {
            case PREPARED -> onePhase ? decide(known, Branch.State.COMMITTED) : Outcome.OK;
            case COMMITTED -> onePhase ? finishIfNeeded(known) : Outcome.of(ResponseCode.BRANCH_COMMITTED,
                    "branch " + known.id() + " is already committed");
            case ROLLED_BACK -> Outcome.of(ResponseCode.BRANCH_ROLLED_BACK, "branch " + known.id()
                    + " was rolled back");
        };
    }

    Outcome commit(String branchId) {
        ReentrantLock lock = locks.of(branchId);
        lock.lock();
        try {
            Branch known = table.get(branchId);
            if (known == null) {
                return Outcome.of(ResponseCode.BRANCH_UNKNOWN, "branch " + branchId + " is not prepared here");
            }
            return switch (known.state()) {
                case PREPARED -> decide(known, Branch.State.COMMITTED);
                case COMMITTED -> finishIfNeeded(known);
                case ROLLED_BACK -> Outcome.of(ResponseCode.BRANCH_ROLLED_BACK, "branch " + branchId
                        + " was rolled back");
            };
        } finally {
            lock.unlock();
        }
    }

    /** Rolls back; {@code neverPrepared} names the halves of a branch this broker has not prepared (may be empty). */
    Outcome rollback(String branchId, List<BranchBody.Half> neverPrepared) {
        ReentrantLock lock = locks.of(branchId);
        lock.lock();
        try {
            Branch known = table.get(branchId);
            if (known == null) {
                return neverPrepared.isEmpty() ? Outcome.OK : rollbackUnprepared(branchId, neverPrepared);
            }
            return switch (known.state()) {
                case PREPARED -> decide(known, Branch.State.ROLLED_BACK);
                case ROLLED_BACK -> finishIfNeeded(known);
                case COMMITTED -> Outcome.of(ResponseCode.BRANCH_COMMITTED, "branch " + branchId
                        + " was committed");
            };
        } finally {
            lock.unlock();
        }
    }

    /**
     * The reaper's rollback of halves whose branch was not prepared in time or whose sender went away; does nothing
     * when the branch got prepared or decided meanwhile (its own rules apply then).
     */
    void abandon(String branchId, List<BranchBody.Half> unprepared) {
        ReentrantLock lock = locks.of(branchId);
        lock.lock();
        try {
            if (table.get(branchId) == null) {
                LOG.info("rolling back {} half message(s) of branch {}: not prepared in time or sender gone",
                        unprepared.size(), branchId);
                rollbackUnprepared(branchId, unprepared);
            }
        } finally {
            lock.unlock();
        }
    }

    /** Discards a half sent to a branch after the branch was prepared or decided (it can never commit). */
    void discardOrphan(String branchId, StoredMessage half) {
        ReentrantLock lock = locks.of(branchId);
        lock.lock();
        try {
            Branch known = table.get(branchId);
            if (known != null && !known.holds(half.physicalOffset())) {
                LOG.warn("discarding half {} sent to branch {} after it was prepared", half.physicalOffset(),
                        branchId);
                materializer.discard(branchId, half);
            }
        } finally {
            lock.unlock();
        }
    }

    Outcome forget(String branchId) {
        ReentrantLock lock = locks.of(branchId);
        lock.lock();
        try {
            Branch known = table.get(branchId);
            if (known == null) {
                return Outcome.of(ResponseCode.BRANCH_UNKNOWN, "branch " + branchId + " is not known here");
            }
            if (known.state() == Branch.State.PREPARED) {
                return Outcome.of(ResponseCode.BRANCH_INVALID, "branch " + branchId + " is not decided yet");
            }
            log.append(new BranchRecord(BranchRecord.Type.FORGET, branchId, known.producerGroup(),
                    BranchRecord.EMPTY)).join();
            table.remove(branchId);
            return Outcome.OK;
        } finally {
            lock.unlock();
        }
    }

    /** Finishes a branch decided before a restart. */
    void finishAfterRestart(Branch branch) {
        ReentrantLock lock = locks.of(branch.id());
        lock.lock();
        try {
            Outcome outcome = finish(branch, true);
            if (outcome.code() != ResponseCode.SUCCESS) {
                LOG.error("BRANCH-FINISH-FAILED branch {} stays decided and not done: {}", branch.id(),
                        outcome.remark());
            }
        } finally {
            lock.unlock();
        }
    }

    private Outcome rollbackUnprepared(String branchId, List<BranchBody.Half> unprepared) {
        BranchBody body = new BranchBody(unprepared, List.of());
        Outcome stored = store(new BranchRecord(BranchRecord.Type.ROLLBACK, branchId, null, body));
        if (stored != null) {
            return stored;
        }
        open.forget(branchId);
        Branch branch = new Branch(branchId, Branch.State.ROLLED_BACK, false, null, body, clock.getAsLong());
        table.put(branch);
        return finish(branch, false);
    }

    private Outcome decide(Branch prepared, Branch.State decision) {
        BranchRecord.Type type = decision == Branch.State.COMMITTED ? BranchRecord.Type.COMMIT
                : BranchRecord.Type.ROLLBACK;
        Outcome stored = store(new BranchRecord(type, prepared.id(), prepared.producerGroup(), prepared.body()));
        if (stored != null) {
            return stored;
        }
        Branch decided = prepared.decided(decision, clock.getAsLong());
        table.put(decided);
        return finish(decided, false);
    }

    private Outcome finishIfNeeded(Branch decided) {
        return decided.done() ? Outcome.OK : finish(decided, false);
    }

    /** Materializes a decided branch and marks it DONE. */
    private Outcome finish(Branch decided, boolean afterRestart) {
        try {
            if (decided.state() == Branch.State.COMMITTED) {
                materializer.commit(decided, afterRestart);
            } else {
                materializer.rollback(decided.id(), decided.body().halves());
                popAcks.release(decided.id(), decided.body().popAcks());
            }
            // a published put: it also writes the committed copies and op records appended unpublished before it
            log.append(new BranchRecord(BranchRecord.Type.DONE, decided.id(), decided.producerGroup(),
                    BranchRecord.EMPTY)).join();
            table.put(decided.finishedWithoutBody());
            return Outcome.OK;
        } catch (RuntimeException e) {
            LOG.warn("materializing {} branch {} failed; it will be finished by the next request or at restart",
                    decided.state(), decided.id(), e);
            return Outcome.of(ResponseCode.SYSTEM_ERROR, "branch " + decided.id() + " is " + decided.state()
                    + " but not materialized yet: " + e.getMessage());
        }
    }

    /** Appends a record durably; null when it is on disk, else the failure to answer. */
    private Outcome store(BranchRecord record) {
        PutResult put = log.appendDurably(record);
        if (BranchLog.isDurable(put)) {
            return null;
        }
        LOG.warn("storing {} of branch {} failed: {}", record.type(), record.branchId(), put.status());
        return Outcome.of(ResponseCode.SYSTEM_ERROR, "the branch log could not store " + record.type() + " durably: "
                + put.status());
    }

    private String ackProblem(List<BranchBody.Ack> acks, List<BranchBody.PopAck> pops) {
        for (BranchBody.Ack a : acks) {
            if (a.group() == null || a.group().isEmpty() || a.topic() == null || a.topic().isEmpty()
                    || a.queueId() < 0 || a.nextOffset() < 0) {
                return "malformed ack " + a;
            }
        }
        return popAcks.problem(pops);
    }

    private static List<MessageToStore> concat(List<MessageToStore> messages, List<MessageToStore> more) {
        if (more.isEmpty()) {
            return messages;
        }
        List<MessageToStore> all = new ArrayList<>(messages.size() + more.size());
        all.addAll(messages);
        all.addAll(more);
        return all;
    }
}

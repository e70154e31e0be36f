package dev.apogee.broker.transaction.branch;

import dev.apogee.broker.pull.QueueSuspension;
import dev.apogee.remoting.protocol.body.BranchBody;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The branches this broker knows, by id, and the queues their prepared acks hold: while a prepared branch holds an
 * ack for (group, topic, queue), pulls of that group on that queue get nothing ({@link #isSuspended}). Written by
 * branch request threads and the reaper under the branch's lock ({@link BranchLocks}); read by pull threads.
 */
final class BranchTable implements QueueSuspension {
    /** How long the outcome of a finished branch is remembered (a repeated commit answers SUCCESS meanwhile). */
    static final long DONE_RETENTION_MILLIS = 3_600_000;
    /**
     * The same for a local transaction's branch (id prefix {@value #LOCAL_PREFIX}, committed in one phase by the
     * session that ran it): only that session's own retries of its commit, seconds apart, can repeat it. An hour of
     * them at a few thousand commits a second would not fit a broker's heap.
     */
    static final long LOCAL_DONE_RETENTION_MILLIS = 120_000;
    /** Id prefix of the branches of local (non-XA) transacted sessions, as the JMS provider names them. */
    static final String LOCAL_PREFIX = "L:";

    private record HeldQueue(String group, String topic, int queueId) {
    }

    private final Map<String, Branch> branches = new ConcurrentHashMap<>();
    private final Map<HeldQueue, Integer> held = new ConcurrentHashMap<>();

    Branch get(String branchId) {
        return branches.get(branchId);
    }

    /** Records {@code branch}'s new state; acks start or stop holding their queues as it enters or leaves PREPARED. */
    void put(Branch branch) {
        Branch before = branches.put(branch.id(), branch);
        boolean wasPrepared = before != null && before.state() == Branch.State.PREPARED;
        boolean isPrepared = branch.state() == Branch.State.PREPARED;
        if (isPrepared && !wasPrepared) {
            branch.body().acks().forEach(a -> held.merge(key(a), 1, Integer::sum));
        } else if (wasPrepared && !isPrepared) {
            release(before);
        }
    }

    void remove(String branchId) {
        Branch before = branches.remove(branchId);
        if (before != null && before.state() == Branch.State.PREPARED) {
            release(before);
        }
    }

    /** Ids of the prepared, undecided branches. */
    List<String> preparedIds() {
        List<String> ids = new ArrayList<>();
        branches.values().forEach(b -> {
            if (b.state() == Branch.State.PREPARED) {
                ids.add(b.id());
            }
        });
        ids.sort(null);
        return ids;
    }

    /** The prepared, undecided branches (their pop acks hold their messages again after a restart). */
    List<Branch> prepared() {
        List<Branch> list = new ArrayList<>();
        branches.values().forEach(b -> {
            if (b.state() == Branch.State.PREPARED) {
                list.add(b);
            }
        });
        return list;
    }

    /** Decided branches that are not done yet (to finish after a restart). */
    List<Branch> unfinished() {
        List<Branch> list = new ArrayList<>();
        branches.values().forEach(b -> {
            if (b.state() != Branch.State.PREPARED && !b.done()) {
                list.add(b);
            }
        });
        return list;
    }

    /** Committed branches decided at or after {@code since}, done or not. */
    List<Branch> committedSince(long since) {
        List<Branch> list = new ArrayList<>();
        branches.values().forEach(b -> {
            if (b.state() == Branch.State.COMMITTED && b.since() >= since) {
                list.add(b);
            }
        });
        return list;
    }

    /** Forgets decided, done branches older than their retention: a late commit of them answers BRANCH_UNKNOWN. */
    void pruneDone(long now) {
        branches.values().removeIf(b -> b.done() && b.since() < now - retentionOf(b.id()));
    }

    /** How long a done branch with this id is remembered. */
    static long retentionOf(String branchId) {
        return branchId.startsWith(LOCAL_PREFIX) ? LOCAL_DONE_RETENTION_MILLIS : DONE_RETENTION_MILLIS;
    }

    int size() {
        return branches.size();
    }

    @Override
    public boolean isSuspended(String group, String topic, int queueId) {
        return !held.isEmpty() && held.containsKey(new HeldQueue(group, topic, queueId));
    }

    private void release(Branch branch) {
        branch.body().acks().forEach(a -> held.computeIfPresent(key(a), (k, n) -> n > 1 ? n - 1 : null));
    }

    private static HeldQueue key(BranchBody.Ack ack) {
        return new HeldQueue(ack.group(), ack.topic(), ack.queueId());
    }
}

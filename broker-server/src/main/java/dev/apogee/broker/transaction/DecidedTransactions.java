package dev.apogee.broker.transaction;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Transaction ids already committed or rolled back, so that a second decision (the producer answering a check-back
 * after its own END_TRANSACTION, or for a re-put copy) is ignored instead of committing twice, and so that the
 * readers of the half queue (the check service and the branch reaper) skip decided half messages.
 *
 * <p>An id is needed only until both readers have read past every half message that carries it: the decided half
 * (its queue offset is recorded with the decision) and the copies the check service re-put for a check-back
 * ({@link #copied}). A transaction that was checked back is also kept for {@code graceMillis} after its decision, for
 * the producer's answer to that check, which can come after its own late END_TRANSACTION. Pruning by read position
 * rather than by age keeps the set to the transactions in flight: under a steady load of transactional sends a
 * fixed age (minutes, to outlast the check-backs) held millions of ids.
 *
 * <p>Threads: decisions come from END_TRANSACTION and branch threads and from the check thread (op records,
 * discards); {@link #copied} and {@link #prune} run on the check thread only, which owns {@code checkedCopies}.
 */
final class DecidedTransactions {
    /** When a transaction was decided, and the half-queue offset just past the half it was decided on. */
    private record Decision(long decidedAt, long pastHalf) {
    }

    /** The half-queue offset just past a transaction's latest re-put copy, and when that copy was checked back. */
    private record CheckedCopy(long pastCopy, long checkedAt) {
    }

    private final Map<String, Decision> decisions = new ConcurrentHashMap<>();
    /** Check thread only: the latest re-put copy of each transaction checked back and not forgotten yet. */
    private final Map<String, CheckedCopy> checkedCopies = new HashMap<>();
    private final LongSupplier clock;

    DecidedTransactions(LongSupplier clock) {
        this.clock = clock;
    }

    /**
     * @param halfQueueOffset the queue offset of the half message (or re-put copy) the decision is made on
     * @return true if this call made the decision, false if the transaction was already decided
     */
    boolean tryDecide(String transactionId, long halfQueueOffset) {
        return decisions.putIfAbsent(transactionId, new Decision(clock.getAsLong(), halfQueueOffset + 1)) == null;
    }

    boolean isDecided(String transactionId) {
        return decisions.containsKey(transactionId);
    }

    /** The check service re-put a copy of the transaction's half at {@code copyQueueOffset} and checked it back. */
    void copied(String transactionId, long copyQueueOffset) {
        checkedCopies.put(transactionId, new CheckedCopy(copyQueueOffset + 1, clock.getAsLong()));
    }

    /**
     * Forgets the decisions whose half messages both readers have read past ({@code readUpTo}: the lower of their
     * positions in the half queue), keeping checked-back ones for {@code graceMillis} after their decision and
     * their latest check.
     */
    void prune(long readUpTo, long graceMillis) {
        long now = clock.getAsLong();
        for (Iterator<Map.Entry<String, Decision>> it = decisions.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<String, Decision> entry = it.next();
            Decision decision = entry.getValue();
            CheckedCopy copy = checkedCopies.get(entry.getKey());
            if (decision.pastHalf() > readUpTo || copy != null && (copy.pastCopy() > readUpTo
                    || now - Math.max(decision.decidedAt(), copy.checkedAt()) < graceMillis)) {
                continue;
            }
            it.remove();
            if (copy != null) {
                checkedCopies.remove(entry.getKey());
            }
        }
    }

    int size() {
        return decisions.size();
    }
}

package dev.apogee.broker.transaction;

import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Transaction ids already committed or rolled back, so that a second decision (the producer answering a check-back
 * after its own END_TRANSACTION, or for a re-put copy) is ignored instead of committing twice, and so that the check
 * service skips decided half messages. Filled by END_TRANSACTION threads and, from the op topic, by the check
 * service; entries older than the retention are pruned by the check service.
 */
final class DecidedTransactions {
    private final Map<String, Long> decidedAt = new ConcurrentHashMap<>();
    private final LongSupplier clock;

    DecidedTransactions(LongSupplier clock) {
        this.clock = clock;
    }

    /** @return true if this call made the decision, false if the transaction was already decided. */
    boolean tryDecide(String transactionId) {
        return decidedAt.putIfAbsent(transactionId, clock.getAsLong()) == null;
    }

    boolean isDecided(String transactionId) {
        return decidedAt.containsKey(transactionId);
    }

    void prune(long olderThanMillis) {
        long limit = clock.getAsLong() - olderThanMillis;
        for (Iterator<Long> it = decidedAt.values().iterator(); it.hasNext(); ) {
            if (it.next() < limit) {
                it.remove();
            }
        }
    }

    int size() {
        return decidedAt.size();
    }
}

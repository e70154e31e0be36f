package dev.apogee.broker.pop;

import java.util.Collection;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every {@link QueueLedger} of the broker, by group, topic and queue. The map is concurrent; each ledger is guarded
 * by its own monitor. Ledgers of deleted groups and topics are removed by the expiry sweep.
 */
final class PopLedgers {
    private final ConcurrentHashMap<LedgerKey, QueueLedger> ledgers = new ConcurrentHashMap<>();

    QueueLedger get(LedgerKey key) {
        return ledgers.computeIfAbsent(key, QueueLedger::new);
    }

    QueueLedger find(LedgerKey key) {
        return ledgers.get(key);
    }

    Collection<QueueLedger> all() {
        return ledgers.values();
    }

    void put(QueueLedger ledger) {
        ledgers.put(ledger.key, ledger);
    }

    int size() {
        return ledgers.size();
    }
}

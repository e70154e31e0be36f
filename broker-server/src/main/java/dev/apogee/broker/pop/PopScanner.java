package dev.apogee.broker.pop;

import dev.apogee.store.MessageStore;
import dev.apogee.store.consumequeue.ConsumeQueueEntry;
import dev.apogee.store.record.MessageRecordFlyweight;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Chooses the messages one pop takes from one {@link QueueLedger}: first messages due again ({@code available}),
 * then new ones from the frontier, both in offset order. An orderly pop takes nothing from a queue that has messages
 * in flight for the group, so one consumer holds the queue until what it popped is acked or due again (then the
 * next orderly pop gets those first, in order). Called under the ledger's monitor.
 *
 * <p>The cost of a JMS selector pop is bounded by its own scan cursor: it examines each message of the queue once
 * (the frontier from where it stopped last time, plus the messages that became available again since it last
 * looked), so a rarely matching selector does not make the group's other pops rescan the backlog, and a selector
 * pop that finds nothing new examines nothing. {@link #examined()} counts every message looked at, for tests and
 * metrics.
 */
final class PopScanner {
    /** Messages one pop examines on one queue at most before answering with what it found. */
    static final int SCAN_LIMIT = 4096;
    /** One consume-queue entry view per pop thread, reused for every message examined. */
    private static final ThreadLocal<ConsumeQueueEntry> ENTRY = ThreadLocal.withInitial(ConsumeQueueEntry::new);
    /** Marks an entry that cannot be read now (never a real record). */
    private static final ByteBuffer UNREADABLE = ByteBuffer.allocate(0);

    private final MessageStore store;
    private final LongAdder examined = new LongAdder();

    PopScanner(MessageStore store) {
        this.store = store;
    }

    long examined() {
        return examined.sum();
    }

    /**
     * Adds up to {@code want} messages to {@code out} and records them in {@code offsets}/{@code counts}.
     *
     * @return the cursor after the frontier scan for a non-selector pop, or -1 (a selector pop never moves it)
     */
    long scan(QueueLedger ledger, PopQuery q, int want, long now, List<PoppedMessage> out, LongList taken) {
        long maxOffset = store.getMaxOffsetInQueue(ledger.key.topic(), ledger.key.queueId());
        QueueLedger.SelectorCursor selector = q.selectorKey() == null ? null
                : ledger.selectors.computeIfAbsent(q.selectorKey(), k -> new QueueLedger.SelectorCursor());
        if (selector != null) {
            selector.lastUsed = now;
        }
        if (q.order() && !ledger.leases.isEmpty()) {
            return -1; // orderly: the queue is held by whoever popped it until its popped messages are acked
        }
        takeAvailable(ledger, q, want, selector, out, taken);
        if (taken.size() >= want) {
            return -1;
        }
        return scanFrontier(ledger, q, want, maxOffset, selector, out, taken);
    }

    private void takeAvailable(QueueLedger ledger, PopQuery q, int want, QueueLedger.SelectorCursor selector,
            List<PoppedMessage> out, LongList taken) {
        if (ledger.available.isEmpty()) {
            return;
        }
        long maxSeq = -1;
        boolean complete = true;
        for (Map.Entry<Long, QueueLedger.Available> e : ledger.available.entrySet()) {
            if (taken.size() >= want) {
                complete = false;
                break;
            }
            QueueLedger.Available due = e.getValue();
            maxSeq = Math.max(maxSeq, due.seq());
            if (selector != null && due.seq() <= selector.availableSeqSeen) {
                continue;
            }
            long offset = e.getKey();
            ByteBuffer record = matchingRecord(ledger, q, offset);
            if (record != null && record != UNREADABLE) {
                out.add(new PoppedMessage(ledger.key.topic(), ledger.key.queueId(), offset, due.reconsumeTimes(),
                        withReconsumeTimes(record, due.reconsumeTimes())));
                taken.add(offset, due.reconsumeTimes());
            }
        }
        if (selector != null && complete) {
            selector.availableSeqSeen = Math.max(selector.availableSeqSeen, maxSeq);
        }
    }

    private long scanFrontier(QueueLedger ledger, PopQuery q, int want, long maxOffset,
            QueueLedger.SelectorCursor selector, List<PoppedMessage> out, LongList taken) {
        long offset = selector == null ? ledger.cursor : Math.max(selector.scanFrom, ledger.cursor);
        int scanned = 0;
        while (taken.size() < want && scanned < SCAN_LIMIT) {
            offset = ledger.taken.nextNotContained(offset);
            if (offset >= maxOffset) {
                break;
            }
            scanned++;
            ByteBuffer record = matchingRecord(ledger, q, offset);
            if (record == UNREADABLE) {
                break; // not skipped: moving the cursor past it would drop a message nobody got
            }
            if (record != null) {
                out.add(new PoppedMessage(ledger.key.topic(), ledger.key.queueId(), offset, 0, record));
                taken.add(offset, 0);
            }
            offset++;
        }
        if (scanned >= SCAN_LIMIT && offset < maxOffset) {
            taken.moreToScan = true;
        }
        if (selector != null) {
            selector.scanFrom = offset;
            return -1;
        }
        return offset;
    }

    /**
     * The record at {@code offset} when the pop's filter selects it, null when it does not, {@link #UNREADABLE} when
     * the entry or record cannot be read now.
     */
    private ByteBuffer matchingRecord(QueueLedger ledger, PopQuery q, long offset) {
        examined.increment();
        ConsumeQueueEntry entry = ENTRY.get();
        if (!store.readQueueEntry(ledger.key.topic(), ledger.key.queueId(), offset, entry)) {
            return UNREADABLE;
        }
        if (!q.filter().matchesTagsCode(entry.tagsCode())) {
            return null;
        }
        ByteBuffer record = store.lookMessageByOffset(entry.physicalOffset()).orElse(null);
        if (record == null) {
            return UNREADABLE;
        }
        if (!q.filter().matchesProperties(record.duplicate())) {
            return null;
        }
        return record;
    }

    /** A heap copy of {@code record} whose RECONSUMETIMES is raised by {@code redeliveries}. */
    static ByteBuffer withReconsumeTimes(ByteBuffer record, int redeliveries) {
        if (redeliveries == 0) {
            return record;
        }
        ByteBuffer copy = ByteBuffer.allocate(record.remaining());
        copy.put(record.duplicate()).flip();
        MessageRecordFlyweight r = new MessageRecordFlyweight().wrap(copy, 0);
        copy.putInt(r.reconsumeTimesOffset(), r.reconsumeTimes() + redeliveries);
        return copy;
    }
}

package dev.apogee.broker.pop;

import dev.apogee.broker.metrics.DeliveryMeters;
import dev.apogee.broker.offset.ConsumerOffsetTable;
import dev.apogee.store.MessageStore;
import dev.apogee.store.PutResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * POP consumption's operations on the per-message state: pop (from one queue or any), ack, change of invisible time.
 * Each operation on a group-queue runs under that {@link QueueLedger}'s monitor: the event is appended to the
 * {@link PopJournal} and applied to the ledger in the same critical section, so the journal order is the apply order.
 * Pops do not wait for their journal record to be durable (a lost pop record only makes its messages available
 * again sooner, with nothing lost); acks and changes do: their future completes after the journal's group-commit
 * force, and only then is the client answered. Called on the pop and ack executors.
 *
 * <p>The ledger's monitor is held while the event is appended; under SYNC_FLUSH a lone writer's append may force the
 * CommitLog on the calling thread ({@code GroupCommitService}), so then only that group-queue's other operations
 * wait for the force, which they would have to wait for anyway to be answered.
 */
public final class PopService {
    private final MessageStore store;
    private final PopLedgers ledgers;
    private final PopJournal journal;
    private final PopScanner scanner;
    private final ConsumerOffsetTable offsets;
    private final LongSupplier clock;
    private final AtomicInteger nextQueue = new AtomicInteger();
    /** Acks requested (ACK_MESSAGE, BATCH_ACK_MESSAGE, transaction commits); read by metrics scrapes. */
    private final LongAdder acks = new LongAdder();
    /** Popped messages counted per topic and group (rocketmq_messages_out_total); set once at broker start. */
    private volatile DeliveryMeters deliveries = DeliveryMeters.NONE;

    PopService(MessageStore store, PopLedgers ledgers, PopJournal journal, ConsumerOffsetTable offsets,
            LongSupplier clock) {
        this.store = store;
        this.ledgers = ledgers;
        this.journal = journal;
        this.scanner = new PopScanner(store);
        this.offsets = offsets;
        this.clock = clock;
    }

    void deliveryMeters(DeliveryMeters meters) {
        this.deliveries = meters;
    }

    /** Acks requested since start (each message of a batch ack counts). */
    long acks() {
        return acks.sum();
    }

    /** Messages examined by pops since start (each read of a queue entry to decide whether to hand it out). */
    public long examined() {
        return scanner.examined();
    }

    /** Pops from {@code q.queueId()}, or from the topic's {@code queueCount} queues in turn when it is -1. */
    PopBatch pop(PopQuery q, int queueCount) {
        long popTime = clock.getAsLong();
        long deadline = popTime + q.invisibleTime();
        List<PoppedMessage> out = new ArrayList<>(Math.min(q.maxMessages(), 32));
        LongList taken = new LongList();
        long rest = 0;
        if (q.queueId() >= 0) {
            rest = popQueue(q, q.queueId(), popTime, deadline, out, taken);
        } else {
            int start = Math.floorMod(nextQueue.getAndIncrement(), Math.max(1, queueCount));
            for (int i = 0; i < queueCount; i++) {
                int queueId = (start + i) % queueCount;
                if (out.size() < q.maxMessages()) {
                    rest += popQueue(q, queueId, popTime, deadline, out, taken);
                } else {
                    rest += rest(q.group(), q.topic(), queueId);
                }
            }
        }
        if (!out.isEmpty()) {
            long bytes = 0;
            for (int i = 0; i < out.size(); i++) {
                bytes += out.get(i).record().remaining();
            }
            deliveries.delivered(q.topic(), q.group(), out.size(), bytes);
        }
        return new PopBatch(out, popTime, q.invisibleTime(), rest, taken.moreToScan);
    }

    private long popQueue(PopQuery q, int queueId, long popTime, long deadline, List<PoppedMessage> out,
            LongList taken) {
        QueueLedger ledger = ledgers.get(new LedgerKey(q.group(), q.topic(), queueId));
        taken.clear();
        synchronized (ledger) {
            prepare(ledger, q.initFromMin());
            int want = q.maxMessages() - out.size();
            long newCursor = scanner.scan(ledger, q, want, popTime, out, taken);
            if (taken.size() > 0 || newCursor > ledger.cursor) {
                PopEvent event = PopEvent.pop(ledger.key, newCursor, popTime, deadline, taken.offsets(),
                        taken.counts());
                append(ledger, event, false);
            }
            return Math.max(0, store.getMaxOffsetInQueue(q.topic(), queueId) - ledger.cursor);
        }
    }

    /**
     * Whether a pop of the group would find something on the queue (or on any of the topic's {@code queueCount}
     * queues when {@code queueId} is -1), without taking it: a message due again, or one beyond the cursor. A queue
     * held by an orderly consumer counts as empty for an orderly caller. Ignores filters (NOTIFICATION has none).
     */
    boolean hasMessage(String group, String topic, int queueId, int queueCount, boolean order) {
        int from = queueId >= 0 ? queueId : 0;
        int to = queueId >= 0 ? queueId + 1 : queueCount;
        for (int q = from; q < to; q++) {
            QueueLedger ledger = ledgers.get(new LedgerKey(group, topic, q));
            synchronized (ledger) {
                if (order && !ledger.leases.isEmpty()) {
                    continue;
                }
                long min = store.getMinOffsetInQueue(topic, q);
                long committed = offsets.query(group, topic, q);
                // a look places no cursor: a new group counts from its committed offset or the queue's start
                long cursor = ledger.cursorInitialised ? ledger.cursor : (committed >= 0 ? committed : min);
                long max = store.getMaxOffsetInQueue(topic, q);
                if (!ledger.available.isEmpty() || ledger.taken.nextNotContained(Math.max(cursor, min)) < max) {
                    return true;
                }
            }
        }
        return false;
    }

    private long rest(String group, String topic, int queueId) {
        QueueLedger ledger = ledgers.find(new LedgerKey(group, topic, queueId));
        long cursor = 0;
        if (ledger != null) {
            synchronized (ledger) {
                cursor = ledger.cursor;
            }
        }
        return Math.max(0, store.getMaxOffsetInQueue(topic, queueId) - cursor);
    }

    /**
     * Places a new ledger's cursor (the group's committed offset, else the queue's start or end as the pop asks, as
     * Apache's broker does) and forgets what retention deleted. The placement is journaled (a pop of nothing that
     * moves the cursor): re-deriving it after a restart would start a group that began at the
     * queue's end at a later end, skipping what came in between. What retention deleted is re-derived.
     */
    private void prepare(QueueLedger ledger, boolean initFromMin) {
        String topic = ledger.key.topic();
        int queueId = ledger.key.queueId();
        long min = store.getMinOffsetInQueue(topic, queueId);
        if (!ledger.cursorInitialised) {
            long committed = offsets.query(ledger.key.group(), topic, queueId);
            long start;
            if (committed >= 0) {
                start = committed;
            } else if (initFromMin || min <= 0) {
                start = min;
            } else {
                start = Math.max(0, store.getMaxOffsetInQueue(topic, queueId) - 1);
            }
            append(ledger, PopEvent.pop(ledger.key, start, 0, 0, new long[0], new int[0]), false);
            ledger.moveCursor(start); // also when the journal refused it: this run goes on from there
        }
        if (ledger.cursor < min) {
            ledger.moveCursor(min);
        }
        ledger.available.headMap(min).clear();
        ledger.leases.keySet().removeIf(offset -> offset < min);
    }

    /**
     * Acks one message for the group. Completes with true once the ack is durable (or the message was done already),
     * false when it could not be stored.
     */
    CompletableFuture<Boolean> ack(String group, String topic, int queueId, long offset) {
        acks.increment();
        QueueLedger ledger = ledgers.get(new LedgerKey(group, topic, queueId));
        synchronized (ledger) {
            if (ledger.cursorInitialised && ledger.isDone(offset)) {
                return CompletableFuture.completedFuture(true);
            }
            return append(ledger, PopEvent.ack(ledger.key, offset), true).thenApply(PopJournal::stored);
        }
    }

    /**
     * Makes a held message invisible for {@code invisibleTime} from now (0: due again at once). Completes with the
     * new pop time once durable, or -1 when it could not be stored.
     */
    CompletableFuture<Long> changeInvisibleTime(String group, String topic, int queueId, long offset,
            long invisibleTime) {
        QueueLedger ledger = ledgers.get(new LedgerKey(group, topic, queueId));
        long popTime = clock.getAsLong();
        synchronized (ledger) {
            if (ledger.cursorInitialised && ledger.isDone(offset)) {
                return CompletableFuture.completedFuture(popTime);
            }
            PopEvent event = PopEvent.change(ledger.key, offset, popTime, popTime + invisibleTime);
            return append(ledger, event, true).thenApply(r -> PopJournal.stored(r) ? popTime : -1L);
        }
    }

    /**
     * The group's progress on a queue for GET_CONSUME_STATS, or null when the group has not popped it (no placed
     * cursor). Called on the admin executor.
     */
    PopProgress progress(String group, String topic, int queueId) {
        QueueLedger ledger = ledgers.find(new LedgerKey(group, topic, queueId));
        if (ledger == null) {
            return null;
        }
        long min = store.getMinOffsetInQueue(topic, queueId);
        synchronized (ledger) {
            if (!ledger.cursorInitialised) {
                return null;
            }
            return new PopProgress(ledger.lowWaterMark(min), ledger.inFlight(min, clock.getAsLong()));
        }
    }

    /** The topics on which {@code group} has popped (a placed cursor on one of their queues at least). */
    Set<String> topicsOf(String group) {
        Set<String> topics = new TreeSet<>();
        for (QueueLedger ledger : ledgers.all()) {
            if (ledger.key.group().equals(group)) {
                synchronized (ledger) {
                    if (ledger.cursorInitialised) {
                        topics.add(ledger.key.topic());
                    }
                }
            }
        }
        return topics;
    }

    /**
     * Gives a held message back at once without counting a delivery (Apogee's "release, not delivered"). Completes
     * with the pop time of the answer once durable, or -1 when it could not be stored.
     */
    CompletableFuture<Long> releaseUndelivered(String group, String topic, int queueId, long offset) {
        QueueLedger ledger = ledgers.get(new LedgerKey(group, topic, queueId));
        long now = clock.getAsLong();
        synchronized (ledger) {
            if (ledger.cursorInitialised && ledger.isDone(offset)) {
                return CompletableFuture.completedFuture(now);
            }
            return append(ledger, PopEvent.release(ledger.key, offset), true)
                    .thenApply(r -> PopJournal.stored(r) ? now : -1L);
        }
    }

    /** Journals and applies a dead-lettered message's removal (its copy is in the DLQ already). */
    CompletableFuture<PutResult> markDeadLettered(QueueLedger ledger, long offset) {
        synchronized (ledger) {
            return append(ledger, PopEvent.ack(ledger.key, offset), true);
        }
    }

    /** Called under the ledger's monitor. */
    private CompletableFuture<PutResult> append(QueueLedger ledger, PopEvent event, boolean durable) {
        PopEvent numbered = event.withSeq(ledger.version + 1);
        CompletableFuture<PutResult> put = journal.append(numbered, durable);
        PutResult appended = put.getNow(null);
        if (appended != null && !PopJournal.stored(appended)) {
            return put; // not in the journal: the state must not change either
        }
        numbered.applyTo(ledger);
        return put;
    }

    PopLedgers ledgers() {
        return ledgers;
    }
}

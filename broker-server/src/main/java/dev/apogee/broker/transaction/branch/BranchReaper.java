package dev.apogee.broker.transaction.branch;

import dev.apogee.broker.message.StoredMessage;
import dev.apogee.broker.offset.ConsumerOffsetTable;
import dev.apogee.broker.topic.TopicValidator;
import dev.apogee.broker.transaction.HalfMessages;
import dev.apogee.broker.transaction.TransactionDecisions;
import dev.apogee.remoting.netty.NamedThreadFactory;
import dev.apogee.remoting.protocol.body.BranchBody;
import dev.apogee.store.GetResult;
import dev.apogee.store.MessageFilter;
import dev.apogee.store.MessageStore;
import dev.apogee.store.record.MessageRecordFlyweight;
import dev.apogee.store.record.PropertiesCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Rolls back the halves of branches that will never be prepared, on its own thread ({@code apogee-branch-reaper}).
 * Each round it reads the half queue from where it stopped, collects the undecided halves of branches not prepared
 * yet ({@code pending}, owned by this thread), and rolls a branch back once its sending connection is gone or its
 * first half is older than the branch timeout. Halves sent to a branch already prepared or decided are discarded.
 * Progress — the oldest half still pending, else the end of the scan — is kept in the consumer offset table under
 * {@value #PROGRESS_GROUP}, so that after a restart the halves of branches left open are found and rolled back.
 */
final class BranchReaper {
    static final String PROGRESS_GROUP = HalfMessages.REAPER_PROGRESS_GROUP;
    private static final Logger LOG = LoggerFactory.getLogger(BranchReaper.class);
    private static final int BATCH = 64;
    private static final long PRUNE_EVERY_MILLIS = 60_000;

    /** Undecided halves of one branch not prepared yet, in half-queue order. */
    private static final class Pending {
        final List<BranchBody.Half> halves = new ArrayList<>();
        final List<StoredMessage> stored = new ArrayList<>();
        final long firstStored;
        final long firstQueueOffset;

        Pending(long firstStored, long firstQueueOffset) {
            this.firstStored = firstStored;
            this.firstQueueOffset = firstQueueOffset;
        }
    }

    private final MessageStore store;
    private final TransactionDecisions decisions;
    private final ConsumerOffsetTable offsets;
    private final BranchTable table;
    private final OpenBranches open;
    private final BranchCoordinator coordinator;
    private final long timeoutMillis;
    private final LongSupplier clock;
    private final Map<String, Pending> pending = new HashMap<>();
    private final ScheduledExecutorService thread =
            Executors.newSingleThreadScheduledExecutor(new NamedThreadFactory("apogee-branch-reaper", true));
    private final MessageRecordFlyweight record = new MessageRecordFlyweight();
    private long position;
    private long lastPrune;

    BranchReaper(MessageStore store, TransactionDecisions decisions, ConsumerOffsetTable offsets, BranchTable table,
            OpenBranches open, BranchCoordinator coordinator, long timeoutMillis, LongSupplier clock) {
        this.store = store;
        this.decisions = decisions;
        this.offsets = offsets;
        this.table = table;
        this.open = open;
        this.coordinator = coordinator;
        this.timeoutMillis = timeoutMillis;
        this.clock = clock;
    }

    void start() {
        long saved = offsets.query(PROGRESS_GROUP, TopicValidator.TRANS_HALF_TOPIC, 0);
        long min = store.getMinOffsetInQueue(TopicValidator.TRANS_HALF_TOPIC, 0);
        position = Math.max(saved, min);
        long interval = Math.max(20, Math.min(1_000, timeoutMillis / 10));
        thread.scheduleWithFixedDelay(this::roundSafely, interval, interval, TimeUnit.MILLISECONDS);
    }

    void shutdown() {
        thread.shutdownNow();
        try {
            thread.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void roundSafely() {
        try {
            scan();
            resolve();
            long low = position;
            for (Pending p : pending.values()) {
                low = Math.min(low, p.firstQueueOffset);
            }
            offsets.commit(PROGRESS_GROUP, TopicValidator.TRANS_HALF_TOPIC, 0, low);
            long now = clock.getAsLong();
            if (now - lastPrune >= PRUNE_EVERY_MILLIS) {
                table.pruneDone(now);
                open.pruneClosed(); // after resolve(): pending halves of those senders were rolled back already
                lastPrune = now;
            }
        } catch (Throwable t) {
            LOG.error("branch reaper round failed", t);
        }
    }

    private void scan() {
        long end = store.getMaxOffsetInQueue(TopicValidator.TRANS_HALF_TOPIC, 0);
        while (position < end) {
            GetResult result = store.getMessages(TopicValidator.TRANS_HALF_TOPIC, 0, position, BATCH,
                    Integer.MAX_VALUE, MessageFilter.ALL);
            if (result.messageCount() == 0) {
                position = Math.max(position, result.nextBeginOffset());
                return;
            }
            for (ByteBuffer buffer : result.messages()) {
                collect(buffer);
            }
            position = result.nextBeginOffset();
        }
    }

    /** Most halves are decided by the time they are read: their properties alone say so, without a copy. */
    private void collect(ByteBuffer buffer) {
        String properties = record.wrap(buffer, buffer.position()).properties();
        String branchId = PropertiesCodec.get(properties, HalfMessages.BRANCH_ID);
        String transactionId = TransactionDecisions.transactionId(properties);
        if (branchId == null || transactionId == null || decisions.isDecided(transactionId)) {
            return;
        }
        StoredMessage half = StoredMessage.read(buffer);
        Pending p = pending.computeIfAbsent(branchId, id -> new Pending(half.storeTimestamp(), half.queueOffset()));
        p.halves.add(new BranchBody.Half(half.physicalOffset(), null, transactionId));
        p.stored.add(half);
    }

    private void resolve() {
        long now = clock.getAsLong();
        for (Iterator<Map.Entry<String, Pending>> it = pending.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<String, Pending> entry = it.next();
            String branchId = entry.getKey();
            Pending p = entry.getValue();
            Branch known = table.get(branchId);
            if (known != null) {
                for (StoredMessage half : p.stored) {
                    // decided since it was read: the branch committed or rolled it back (a done branch keeps no halves)
                    if (!known.holds(half.physicalOffset())
                            && !decisions.isDecided(TransactionDecisions.transactionId(half))) {
                        coordinator.discardOrphan(branchId, half);
                    }
                }
                it.remove();
            } else if (!open.senderAlive(branchId) || now - p.firstStored >= timeoutMillis) {
                coordinator.abandon(branchId, p.halves);
                it.remove();
            }
        }
    }

    /** Branches with halves waiting for a prepare (tests and diagnostics; racy by design). */
    int pendingCount() {
        return pending.size();
    }
}

package dev.apogee.broker.transaction.branch;

import dev.apogee.broker.message.MessageProperties;
import dev.apogee.broker.message.StoredMessage;
import dev.apogee.broker.offset.ConsumerOffsetTable;
import dev.apogee.broker.pop.TransactedPopAcks;
import dev.apogee.broker.send.MessageRedirect;
import dev.apogee.broker.topic.TopicValidator;
import dev.apogee.broker.transaction.HalfMessages;
import dev.apogee.broker.transaction.TransactionDecisions;
import dev.apogee.remoting.protocol.body.BranchBody;
import dev.apogee.store.MessageStore;
import dev.apogee.store.MessageToStore;
import dev.apogee.store.PutResult;
import dev.apogee.store.QueryResult;
import dev.apogee.store.record.MessageRecordFlyweight;
import dev.apogee.store.record.PropertiesCodec;
import dev.apogee.store.record.SysFlag;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Carries out a decided branch: on commit each half becomes the real message in its topic (a delayed one goes to the
 * schedule or timer topic, as a delayed send would), each ack moves its group's offset forward and each pop ack acks
 * its popped message ({@link TransactedPopAcks#ackHeld}); on rollback each half is discarded. Called under the branch's lock, on branch request threads
 * or at start. Idempotent: a half already decided in this process is skipped ({@link TransactionDecisions}); after a
 * restart, a half whose real message is found in the message index is skipped too.
 */
final class Materializer {
    private static final Logger LOG = LoggerFactory.getLogger(Materializer.class);

    private final MessageStore store;
    private final HalfLookup halves;
    private final TransactionDecisions decisions;
    private final ConsumerOffsetTable offsets;
    private final MessageRedirect redirect;
    private final TransactedPopAcks popAcks;

    Materializer(MessageStore store, HalfLookup halves, TransactionDecisions decisions, ConsumerOffsetTable offsets,
            MessageRedirect redirect, TransactedPopAcks popAcks) {
        this.store = store;
        this.halves = halves;
        this.decisions = decisions;
        this.offsets = offsets;
        this.redirect = redirect;
        this.popAcks = popAcks;
    }

    /**
     * Materializes a committed branch; {@code afterRestart} adds the index check against a second copy. The real
     * messages and op records are appended in batches ({@link TransactionDecisions#commitAll}): per half, two
     * appends each with its own lock round and future cost more than the branch's one flush at large batches.
     */
    void commit(Branch branch, boolean afterRestart) {
        List<StoredMessage> toCommit = read(branch, afterRestart);
        if (!toCommit.isEmpty()) {
            PutResult failed = decisions.commitAll(toCommit, real -> route(real, redirect)).join();
            if (failed != null) {
                throw new IllegalStateException("storing the committed messages of branch " + branch.id()
                        + " failed: " + failed.status());
            }
        }
        applyAcks(branch);
        // journaled before the DONE record that follows: a DONE on disk implies these acks on disk
        popAcks.ackHeld(branch.id(), branch.body().popAcks());
    }

    /** The branch's halves still to commit, read from the store. */
    private List<StoredMessage> read(Branch branch, boolean afterRestart) {
        List<StoredMessage> toCommit = new ArrayList<>(branch.body().halves().size());
        for (BranchBody.Half h : branch.body().halves()) {
            Optional<StoredMessage> half = halves.read(h.commitLogOffset());
            if (half.isEmpty()) {
                LOG.error("BRANCH-HALF-GONE half {} of committed branch {} is no longer stored; it is lost",
                        h.commitLogOffset(), branch.id());
                continue;
            }
            if (afterRestart && alreadyStored(half.get())) {
                continue;
            }
            toCommit.add(half.get());
        }
        return toCommit;
    }

    /**
     * Moves each ack's group offset forward. The offset table reaches disk with the periodic offset persistence; a
     * restart re-applies the acks of branches committed since the table was last written ({@code Branches}).
     */
    void applyAcks(Branch branch) {
        for (BranchBody.Ack ack : branch.body().acks()) {
            offsets.commitAtLeast(ack.group(), ack.topic(), ack.queueId(), ack.nextOffset());
        }
    }

    /** Discards the halves of a rolled-back branch. */
    void rollback(String branchId, List<BranchBody.Half> toDiscard) {
        for (BranchBody.Half h : toDiscard) {
            halves.read(h.commitLogOffset()).ifPresent(half -> discard(branchId, half));
        }
    }

    /** Discards one half (an orphan of a decided branch, or a half of an abandoned one). */
    void discard(String branchId, StoredMessage half) {
        PutResult put = decisions.decide(half, false).join();
        if (put != null && !put.isOk()) {
            throw new IllegalStateException("discarding half " + half.physicalOffset() + " of branch " + branchId
                    + " failed: " + put.status());
        }
    }

    /**
     * A branch's message keeps its delay until commit; the committed message is routed like a delayed send (into the
     * schedule or timer topic, without its transaction type).
     */
    static void route(MessageToStore real, MessageRedirect redirect) {
        String properties = real.properties();
        if (PropertiesCodec.get(properties, MessageProperties.DELAY) != null
                || PropertiesCodec.get(properties, MessageProperties.TIMER_DELIVER_MS) != null
                || PropertiesCodec.get(properties, MessageProperties.TIMER_DELAY_SEC) != null
                || PropertiesCodec.get(properties, MessageProperties.TIMER_DELAY_MS) != null) {
            real.sysFlag(real.sysFlag() & ~SysFlag.TRANSACTION_MASK);
            redirect.apply(real, null);
        }
    }

    /** Whether a real copy of {@code half} (pointing back at it) was stored before a crash. */
    private boolean alreadyStored(StoredMessage half) {
        String key = half.property(MessageProperties.UNIQ_KEY);
        if (key == null) {
            return false;
        }
        String realTopic = half.property(MessageProperties.REAL_TOPIC);
        for (String topic : new String[] {realTopic, TopicValidator.SCHEDULE_TOPIC, TopicValidator.TIMER_TOPIC}) {
            if (topic != null && pointsBack(store.queryMessage(topic, key, 32, half.storeTimestamp(),
                    Long.MAX_VALUE), half.physicalOffset())) {
                return true;
            }
        }
        return false;
    }

    private static boolean pointsBack(QueryResult result, long halfOffset) {
        MessageRecordFlyweight record = new MessageRecordFlyweight();
        for (ByteBuffer buffer : result.messages()) {
            if (record.wrap(buffer, buffer.position()).preparedTransactionOffset() == halfOffset) {
                return true;
            }
        }
        return false;
    }
}

package dev.apogee.broker.transaction.branch;

import dev.apogee.broker.message.MessageProperties;
import dev.apogee.broker.message.StoredMessage;
import dev.apogee.broker.topic.TopicValidator;
import dev.apogee.broker.transaction.HalfMessages;
import dev.apogee.broker.transaction.TransactionDecisions;
import dev.apogee.remoting.protocol.body.BranchBody;
import dev.apogee.store.MessageStore;
import dev.apogee.store.MessageToStore;
import dev.apogee.store.PutResult;
import dev.apogee.store.record.PropertiesCodec;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads the half messages a branch names and checks they are what the branch claims: a stored half record of the
 * branch and its producer group, not decided yet. Stateless apart from the store; any thread.
 */
final class HalfLookup {
    private final MessageStore store;
    private final TransactionDecisions decisions;

    HalfLookup(MessageStore store, TransactionDecisions decisions) {
        this.store = store;
        this.decisions = decisions;
    }

    /** Appends a local commit's halves (all in the half queue) contiguously; waits for no flush. */
    PutResult append(List<MessageToStore> halves) {
        return store.putMessagesUnpublished(halves).join(); // the COMMIT record's force writes them
    }

    /**
     * The halves just appended by {@link #append} as the store now holds them, in order: what reading each back
     * would give (the store encodes the body and properties as given; host flags are left to the copies' puts).
     */
    static List<StoredMessage> storedOf(PutResult put, List<MessageToStore> halves) {
        long[] offsets = put.physicalOffsets();
        List<StoredMessage> stored = new ArrayList<>(halves.size());
        for (int i = 0; i < halves.size(); i++) {
            MessageToStore m = halves.get(i);
            ByteBuffer body = m.body().duplicate();
            byte[] bytes = new byte[body.remaining()];
            body.get(bytes);
            stored.add(new StoredMessage(m.topic(), m.queueId(), put.queueOffset() + i, offsets[i], m.flag(),
                    m.sysFlag(), m.bornTimestamp(), m.bornHost(), put.storeTimestamp(), m.reconsumeTimes(), bytes,
                    PropertiesCodec.decode(m.properties())));
        }
        return stored;
    }

    /** The branch's view of halves just appended by {@link #append}, in order. */
    static List<BranchBody.Half> halvesOf(PutResult put, List<MessageToStore> halves) {
        long[] offsets = put.physicalOffsets();
        if (offsets.length != halves.size()) {
            throw new IllegalStateException("the store reported " + offsets.length + " offsets for "
                    + halves.size() + " halves");
        }
        List<BranchBody.Half> stored = new ArrayList<>(offsets.length);
        for (int i = 0; i < offsets.length; i++) {
            stored.add(new BranchBody.Half(offsets[i], null,
                    TransactionDecisions.transactionId(halves.get(i).properties())));
        }
        return stored;
    }

    /** The half stored at {@code commitLogOffset}, or empty when there is no readable record there. */
    Optional<StoredMessage> read(long commitLogOffset) {
        if (commitLogOffset < store.getMinPhyOffset() || commitLogOffset >= store.getMaxPhyOffset()) {
            return Optional.empty();
        }
        try {
            Optional<ByteBuffer> record = store.lookMessageByOffset(commitLogOffset);
            return record.map(StoredMessage::read);
        } catch (RuntimeException e) {
            return Optional.empty(); // an offset inside another record: not a half of anybody's
        }
    }

    /**
     * The halves of a branch about to be prepared, each checked; the first problem is returned as text through
     * {@code problem} (a one-element array) and the result is then null.
     */
    List<StoredMessage> verify(String branchId, String producerGroup, List<BranchBody.Half> halves,
            String[] problem) {
        List<StoredMessage> found = new ArrayList<>(halves.size());
        for (BranchBody.Half h : halves) {
            StoredMessage half = read(h.commitLogOffset()).orElse(null);
            String why = half == null ? "no record at commit-log offset " + h.commitLogOffset()
                    : whyNot(half, branchId, producerGroup, h);
            if (why != null) {
                problem[0] = why;
                return null;
            }
            found.add(half);
        }
        return found;
    }

    /**
     * For a rollback: the first named half that exists but is not a half of {@code branchId}, as text, or null.
     * Missing and already decided halves are fine (nothing to undo).
     */
    String foreign(String branchId, List<BranchBody.Half> halves) {
        for (BranchBody.Half h : halves) {
            StoredMessage half = read(h.commitLogOffset()).orElse(null);
            if (half != null && (!TopicValidator.TRANS_HALF_TOPIC.equals(half.topic())
                    || !branchId.equals(half.property(HalfMessages.BRANCH_ID)))) {
                return "the record at commit-log offset " + h.commitLogOffset() + " is not a half of branch "
                        + branchId;
            }
        }
        return null;
    }

    private String whyNot(StoredMessage half, String branchId, String producerGroup, BranchBody.Half claimed) {
        if (!TopicValidator.TRANS_HALF_TOPIC.equals(half.topic())) {
            return "the record at commit-log offset " + half.physicalOffset() + " is not a half message";
        }
        if (!branchId.equals(half.property(HalfMessages.BRANCH_ID))) {
            return "the half at commit-log offset " + half.physicalOffset() + " belongs to another branch";
        }
        if (producerGroup != null && !producerGroup.equals(half.property(MessageProperties.PGROUP))) {
            return "the half at commit-log offset " + half.physicalOffset() + " was sent by another producer group";
        }
        String id = TransactionDecisions.transactionId(half);
        if (claimed.transactionId() != null && !claimed.transactionId().equals(id)) {
            return "the half at commit-log offset " + half.physicalOffset() + " has transaction id " + id + ", not "
                    + claimed.transactionId();
        }
        if (id != null && decisions.isDecided(id)) {
            return "the half at commit-log offset " + half.physicalOffset() + " was already decided (rolled back)";
        }
        return null;
    }
}

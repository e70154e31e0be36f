package dev.apogee.broker.transaction.branch;

import dev.apogee.broker.message.MessageProperties;
import dev.apogee.broker.message.StoredMessage;
import dev.apogee.broker.topic.TopicValidator;
import dev.apogee.broker.transaction.HalfMessages;
import dev.apogee.broker.transaction.TransactionDecisions;
import dev.apogee.remoting.protocol.body.BranchBody;
import dev.apogee.store.MessageStore;

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

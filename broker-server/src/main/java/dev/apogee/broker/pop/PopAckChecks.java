package dev.apogee.broker.pop;

import dev.apogee.broker.subscription.SubscriptionGroupTable;
import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.remoting.protocol.body.BranchBody;
import dev.apogee.remoting.protocol.body.TopicConfig;
import dev.apogee.remoting.protocol.pop.ReceiptHandle;
import dev.apogee.store.MessageStore;

import java.util.List;

/**
 * The checks a transaction branch's pop acks pass before anything of the branch is stored: a known group that has
 * popped from the queue, a known topic, a queue in range, an offset inside the queue, and a receipt handle that
 * parses and names this broker, that queue and that offset (what ACK_MESSAGE checks, with the branch's wording).
 * Stateless; called on branch request threads.
 */
final class PopAckChecks {
    private final String brokerName;
    private final TopicConfigTable topics;
    private final SubscriptionGroupTable groups;
    private final MessageStore store;
    private final PopLedgers ledgers;

    PopAckChecks(String brokerName, TopicConfigTable topics, SubscriptionGroupTable groups, MessageStore store,
            PopLedgers ledgers) {
        this.brokerName = brokerName;
        this.topics = topics;
        this.groups = groups;
        this.store = store;
        this.ledgers = ledgers;
    }

    /** Why the first unacceptable pop ack of {@code acks} is refused, or null when all are acceptable. */
    String problem(List<BranchBody.PopAck> acks) {
        for (BranchBody.PopAck a : acks) {
            String problem = problem(a);
            if (problem != null) {
                return "pop ack of " + a.topic() + "/" + a.queueId() + " offset " + a.offset() + " for group "
                        + a.group() + ": " + problem;
            }
        }
        return null;
    }

    private String problem(BranchBody.PopAck a) {
        if (a.group() == null || a.group().isEmpty() || groups.get(a.group()) == null) {
            return "unknown consumer group";
        }
        TopicConfig topic = a.topic() == null || a.topic().isEmpty() ? null : topics.get(a.topic());
        if (topic == null) {
            return "unknown topic";
        }
        if (a.queueId() < 0 || a.queueId() >= topic.getReadQueueNums()) {
            return "queue out of range (the topic has " + topic.getReadQueueNums() + " read queues)";
        }
        long min = store.getMinOffsetInQueue(a.topic(), a.queueId());
        long max = store.getMaxOffsetInQueue(a.topic(), a.queueId());
        if (a.offset() < min || a.offset() >= max) {
            return "offset outside the queue [" + min + ", " + max + ")";
        }
        String handleProblem = handleProblem(a);
        if (handleProblem != null) {
            return handleProblem;
        }
        QueueLedger ledger = ledgers.find(new LedgerKey(a.group(), a.topic(), a.queueId()));
        boolean popped;
        if (ledger == null) {
            popped = false;
        } else {
            synchronized (ledger) {
                popped = ledger.cursorInitialised;
            }
        }
        return popped ? null : "the group has popped nothing from this queue";
    }

    private String handleProblem(BranchBody.PopAck a) {
        ReceiptHandle handle;
        try {
            handle = ReceiptHandle.parse(a.receiptHandle());
        } catch (IllegalArgumentException e) {
            return "malformed receipt handle: " + e.getMessage();
        }
        if (!brokerName.equals(handle.brokerName())) {
            return "the receipt handle is of broker " + handle.brokerName() + ", not of " + brokerName;
        }
        if (handle.queueId() != a.queueId()
                || (handle.queueOffset() != ReceiptHandle.UNKNOWN_OFFSET && handle.queueOffset() != a.offset())) {
            return "the receipt handle [" + a.receiptHandle() + "] names queue " + handle.queueId() + " offset "
                    + handle.queueOffset();
        }
        return null;
    }
}

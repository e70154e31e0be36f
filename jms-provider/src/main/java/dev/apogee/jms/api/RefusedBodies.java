package dev.apogee.jms.api;

import dev.apogee.jms.message.ApogeeMessage;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Set;

/**
 * A session's messages that a {@code receiveBody} could not return (AUTO_ACKNOWLEDGE / DUPS_OK_ACKNOWLEDGE, §8.6):
 * they stay deliverable, ahead of the others, to the next receive of any consumer of the same group in the session
 * (a JMSContext's consumers of one queue), so a second consumer does not wait for a message the first holds. Each is
 * kept with its owner, the consumer whose position covers it: the owner acknowledges nothing past it until it is
 * taken.
 *
 * <p>A message lent to another consumer may also reach that consumer from the broker, when rebalance moved the
 * message's queue to it before the owner could acknowledge it (positions are per queue, and only the queue's owner may
 * commit them). The ids of lent messages are remembered (the last {@value #MAX_LENT}) so that such a second copy is
 * skipped as already delivered. Guarded by the session's delivery lock.
 */
final class RefusedBodies {
    private static final int MAX_LENT = 1_000;

    private final Deque<SessionAcknowledgements.Delivered> refused = new ArrayDeque<>();
    /** "group\nJMSMessageID" of messages lent to another consumer of their group, oldest first. */
    private final Deque<String> lentOrder = new ArrayDeque<>();
    private final Set<String> lent = new HashSet<>();

    void refuse(ApogeeMessageConsumer owner, ApogeeMessage message) {
        refused.addFirst(new SessionAcknowledgements.Delivered(owner, message));
    }

    /**
     * A refused message for a receive of {@code consumer}: its own, or one of another consumer of its group (same
     * destination and subscription), or null. A released owner's messages come again from the group instead.
     */
    SessionAcknowledgements.Delivered take(ApogeeMessageConsumer consumer) {
        if (refused.isEmpty()) {
            return null;
        }
        for (Iterator<SessionAcknowledgements.Delivered> it = refused.iterator(); it.hasNext(); ) {
            SessionAcknowledgements.Delivered d = it.next();
            if (d.consumer().isReleased()) {
                it.remove();
            } else if (d.consumer() == consumer || d.consumer().id().group().equals(consumer.id().group())) {
                it.remove();
                if (d.consumer() != consumer) {
                    remember(consumer.id().group(), d.message());
                }
                return d;
            }
        }
        return null;
    }

    boolean holds(ApogeeMessageConsumer owner) {
        for (SessionAcknowledgements.Delivered d : refused) {
            if (d.consumer() == owner) {
                return true;
            }
        }
        return false;
    }

    /** True (once) when {@code pulled} is the broker's copy of a message already lent to a consumer of the group. */
    boolean isLentCopy(ApogeeMessageConsumer consumer, ApogeeMessage pulled) {
        if (lent.isEmpty()) {
            return false;
        }
        String id = pulled.getJMSMessageID();
        return id != null && lent.remove(consumer.id().group() + "\n" + id);
    }

    void clear() {
        refused.clear();
        lent.clear();
        lentOrder.clear();
    }

    private void remember(String group, ApogeeMessage message) {
        String id = message.getJMSMessageID();
        if (id == null) {
            return; // ids disabled by the producer: a second copy cannot be recognized
        }
        String key = group + "\n" + id;
        if (lent.add(key)) {
            lentOrder.addLast(key);
        }
        while (lentOrder.size() > MAX_LENT) {
            lent.remove(lentOrder.pollFirst());
        }
    }
}

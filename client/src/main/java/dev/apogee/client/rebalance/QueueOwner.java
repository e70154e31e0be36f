package dev.apogee.client.rebalance;

import dev.apogee.remoting.protocol.body.MessageQueue;

import java.util.Set;

/** The consumer side of a rebalance: which queues it has, and how it takes or gives one up. */
public interface QueueOwner {
    /** The queues currently owned, of every topic. */
    Set<MessageQueue> ownedQueues();

    /**
     * Starts consuming {@code queue} (start offset, orderly lock, first pull).
     *
     * @return false when it cannot now (offset lookup or lock failed); the next round tries again
     */
    boolean addQueue(MessageQueue queue);

    /** Stops consuming {@code queue}: drop its in-flight messages, commit its offset, release its lock. */
    void removeQueue(MessageQueue queue);
}

package dev.apogee.client.offset;

import dev.apogee.client.MQClientException;
import dev.apogee.remoting.protocol.body.MessageQueue;

import java.util.Map;
import java.util.Set;

/**
 * A consumer group's offsets: "next offset to consume" per queue, in memory, persisted by the implementation.
 * In-memory offsets only move forward unless explicitly reset ({@code increaseOnly=false}, e.g. a seek).
 */
public interface OffsetStore {
    /** No offset known. */
    long NONE = -1;

    /** Loads persisted offsets (local stores); remote stores do nothing. */
    void load() throws MQClientException;

    void updateOffset(MessageQueue queue, long offset, boolean increaseOnly);

    /** The in-memory offset, or {@link #NONE}. */
    long readMemory(MessageQueue queue);

    /** The persisted offset (broker or file), cached in memory when found, or {@link #NONE}. */
    long readStored(MessageQueue queue) throws MQClientException, InterruptedException;

    /** Persists the in-memory offsets of {@code queues} that moved since they were last read or persisted. */
    void persistAll(Set<MessageQueue> queues);

    /**
     * As {@link #persistAll}, returning once each commit is confirmed or has failed (bounded by the request
     * timeout): for a shutdown, after which the connection closes and a commit still in flight could be lost.
     */
    default void persistAllConfirmed(Set<MessageQueue> queues) {
        persistAll(queues);
    }

    /**
     * Persists one queue's offset synchronously if it moved since it was last read or persisted, as before a queue
     * is handed to another consumer.
     */
    void persist(MessageQueue queue) throws MQClientException, InterruptedException;

    /** Persists one queue's offset synchronously whether or not it moved: an explicit commit by the application. */
    default void commit(MessageQueue queue) throws MQClientException, InterruptedException {
        persist(queue);
    }

    /** Forgets a queue (after it was handed over). */
    void removeOffset(MessageQueue queue);

    Map<MessageQueue, Long> snapshot();
}

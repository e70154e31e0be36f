package dev.apogee.client.consumer;

import dev.apogee.remoting.protocol.body.MessageQueue;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A pull consumer's state for one queue. A seek starts a new epoch: pulls and buffered batches of an older epoch
 * are discarded, so no message from before the seek is returned after it.
 */
final class AssignedQueue {
    final MessageQueue queue;
    final AtomicInteger buffered = new AtomicInteger();
    volatile int epoch;
    volatile long nextPullOffset;
    /** One past the last message handed to the application: what a commit stores. */
    volatile long consumedOffset;
    /** Where the latest pull of this epoch left off: everything before it was delivered or filtered out. */
    volatile long scannedOffset;
    volatile boolean dropped;
    volatile boolean paused;
    /**
     * The epoch whose pull chain waits for the application to take buffered messages ({@link LitePullLoop}), or
     * {@link #NOT_PARKED}. Whoever clears it (a take that freed room, or the chain's fallback timer) continues the
     * chain, so it is continued exactly once.
     */
    final AtomicInteger parkedEpoch = new AtomicInteger(NOT_PARKED);
    static final int NOT_PARKED = -1;

    AssignedQueue(MessageQueue queue, long startOffset) {
        this.queue = queue;
        this.nextPullOffset = startOffset;
        this.consumedOffset = startOffset;
        this.scannedOffset = startOffset;
    }

    /** Restarts from {@code offset} in a new epoch; returns it. */
    synchronized int seek(long offset) {
        nextPullOffset = offset;
        consumedOffset = offset;
        scannedOffset = offset;
        return ++epoch;
    }
}

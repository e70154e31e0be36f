package dev.apogee.jms.provider;

import dev.apogee.client.producer.SendResult;

/**
 * What a connection has learnt from its send answers about the brokers: whether they store one connection's
 * pipelined sends to a queue in arrival order ({@link SendResult#orderedBroker()}, an Apogee broker). Unknown until
 * the first answer, and treated as "no" meanwhile; one answer without the signal (an Apache RocketMQ broker in the
 * cluster) makes it "no" for good, so a mixed cluster is handled as the weaker one.
 *
 * <p>What the senders need is kept in fields of its own, written with each transition ({@link #retrySends()},
 * {@link #asyncWindow()}), so that a send reads a value instead of testing the state: a send path compiled while its
 * connection's brokers were known ordered would otherwise meet a new connection's "unknown" as a branch it never
 * took, and the JIT discards every compiled method of the send chain that inlined the test (measured: five of them
 * at once, at the first probe of a new connection's oneway sends).
 *
 * <p>Threads: written from sending threads and the client's callback threads, read by sending threads; a volatile
 * state whose only transitions are UNKNOWN → ORDERED → UNORDERED and UNKNOWN → UNORDERED, so races lose nothing
 * that matters (a "no" always wins).
 */
final class BrokerOrdering {
    private static final int UNKNOWN = 0;
    private static final int ORDERED = 1;
    private static final int UNORDERED = 2;

    private final int orderedAsyncWindow;
    private volatile int state = UNKNOWN;
    private volatile boolean retrySends = true;
    private volatile int asyncWindow = 1;

    /** @param orderedAsyncWindow the asynchronous sends a session may have in flight once the brokers keep order */
    BrokerOrdering(int orderedAsyncWindow) {
        this.orderedAsyncWindow = orderedAsyncWindow;
    }

    void learn(SendResult result) {
        if (result == null || state == UNORDERED) {
            return;
        }
        int next = result.orderedBroker() ? ORDERED : UNORDERED;
        if (state != next) {
            synchronized (this) { // rare: at most two transitions per connection
                if (state != UNORDERED) {
                    boolean ordered = next == ORDERED;
                    retrySends = !ordered;
                    asyncWindow = ordered ? orderedAsyncWindow : 1;
                    state = next;
                }
            }
        }
    }

    /**
     * Whether a failed send may be sent again: not once a broker said it keeps pipelined sends in order (and none
     * said otherwise), since sends are then pipelined and a retry would be stored after the ones behind it.
     */
    boolean retrySends() {
        return retrySends;
    }

    /** Asynchronous sends a session may have in flight: the configured window once ordered, otherwise 1. */
    int asyncWindow() {
        return asyncWindow;
    }
}

package dev.apogee.jms.provider;

import dev.apogee.client.producer.SendResult;

/**
 * What a connection has learnt from its send answers about the brokers: whether they store one connection's
 * pipelined sends to a queue in arrival order ({@link SendResult#orderedBroker()}, an Apogee broker). Unknown until
 * the first answer, and treated as "no" meanwhile; one answer without the signal (an Apache RocketMQ broker in the
 * cluster) makes it "no" for good, so a mixed cluster is handled as the weaker one.
 *
 * <p>Threads: written from sending threads and the client's callback threads, read by sending threads; a volatile
 * state whose only transitions are UNKNOWN → ORDERED → UNORDERED and UNKNOWN → UNORDERED, so races lose nothing
 * that matters (a "no" always wins).
 */
final class BrokerOrdering {
    private static final int UNKNOWN = 0;
    private static final int ORDERED = 1;
    private static final int UNORDERED = 2;

    private volatile int state = UNKNOWN;

    void learn(SendResult result) {
        if (result == null || state == UNORDERED) {
            return;
        }
        int next = result.orderedBroker() ? ORDERED : UNORDERED;
        if (state != next) {
            synchronized (this) { // rare: at most two transitions per connection
                if (state != UNORDERED) {
                    state = next;
                }
            }
        }
    }

    /** True once a broker said it keeps pipelined sends in order, and none said otherwise. */
    boolean ordered() {
        return state == ORDERED;
    }
}

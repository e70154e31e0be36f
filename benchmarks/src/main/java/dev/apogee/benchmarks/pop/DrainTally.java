package dev.apogee.benchmarks.pop;

import org.apache.rocketmq.common.message.MessageExt;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the listener got: deliveries, distinct messages (by queue and offset: a message popped again after its
 * invisible time counts once) and when the first and last arrived. Written by the official client's consume threads.
 */
final class DrainTally {
    private final LongAdder deliveries = new LongAdder();
    private final LongAdder bytes = new LongAdder();
    private final Set<Long> seen = ConcurrentHashMap.newKeySet();
    private final AtomicLong firstNanos = new AtomicLong();
    private final AtomicLong lastNanos = new AtomicLong();

    void record(List<MessageExt> messages) {
        firstNanos.compareAndSet(0, System.nanoTime());
        for (MessageExt m : messages) {
            deliveries.increment();
            bytes.add(m.getBody() == null ? 0 : m.getBody().length);
            // queue id in the top bits: offsets of one queue stay far below 2^48 in a benchmark
            seen.add(((long) m.getQueueId() << 48) | m.getQueueOffset());
        }
        lastNanos.accumulateAndGet(System.nanoTime(), Math::max);
    }

    long deliveries() {
        return deliveries.sum();
    }

    long distinct() {
        return seen.size();
    }

    long bytes() {
        return bytes.sum();
    }

    long firstNanos() {
        return firstNanos.get();
    }

    long lastNanos() {
        return lastNanos.get();
    }
}

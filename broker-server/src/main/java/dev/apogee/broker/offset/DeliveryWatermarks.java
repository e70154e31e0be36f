package dev.apogee.broker.offset;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Per group, topic and queue, the highest queue offset the broker has handed out by pull (the {@code
 * nextBeginOffset} of the last successful pull, maximised). A message pulled again below it was delivered to the
 * group before — the consumer that had it closed or died without committing, or the queue moved by rebalance — so
 * the pull response tells the client ({@code redeliveredBelow}) and Jakarta Messaging reports it with
 * {@code JMSRedelivered=true}. It can over-report: messages a client had prefetched but never handed to the
 * application also count, which §3.5.11 allows ("likely, but not guaranteed").
 *
 * <p>Persisted with the consumer offsets ({@link ConsumerOffsetTable#persist}: periodically and at shutdown), so
 * after a crash it is as old as the last persist and messages handed out since then are not flagged. Entries go
 * with their group or topic ({@link ConsumerOffsetTable#removeGroup}/{@code removeTopic}). Updated by pull threads;
 * each update is one atomic max on the queue's slot (an update racing with a queue-id growth may be lost, which only
 * lowers the watermark: a missed flag, never a false one).
 */
public final class DeliveryWatermarks {
    private static final int INITIAL_QUEUES = 16;

    /** group → topic → slot per queue id (grown on demand). */
    private final Map<String, Map<String, AtomicLongArray>> groups = new ConcurrentHashMap<>();

    /** The watermark of a queue (0 when the group never pulled it here): what the group has been handed out. */
    public long handedOut(String group, String topic, int queueId) {
        Map<String, AtomicLongArray> topics = groups.get(group);
        AtomicLongArray slots = topics == null ? null : topics.get(topic);
        return slots == null || slots.length() <= queueId ? 0 : slots.get(queueId);
    }

    /**
     * Records that a pull handed out everything below {@code nextBeginOffset} and returns the watermark as it was
     * before (0 when the group never pulled the queue here).
     */
    public long advance(String group, String topic, int queueId, long nextBeginOffset) {
        Map<String, AtomicLongArray> topics = groups.get(group);
        if (topics == null) {
            topics = groups.computeIfAbsent(group, g -> new ConcurrentHashMap<>());
        }
        AtomicLongArray slots = topics.get(topic);
        if (slots == null || slots.length() <= queueId) {
            slots = grow(topics, topic, queueId);
        }
        return slots.getAndAccumulate(queueId, nextBeginOffset, Math::max);
    }

    private static AtomicLongArray grow(Map<String, AtomicLongArray> topics, String topic, int queueId) {
        return topics.compute(topic, (t, old) -> {
            if (old != null && old.length() > queueId) {
                return old;
            }
            AtomicLongArray grown = new AtomicLongArray(Math.max(INITIAL_QUEUES, Integer.highestOneBit(queueId) * 2));
            for (int i = 0; old != null && i < old.length(); i++) {
                grown.set(i, old.get(i));
            }
            return grown;
        });
    }

    /** What a persist writes: each group, topic and queue with a watermark above 0. */
    interface Visitor {
        void visit(String group, String topic, Map<Integer, Long> queues);
    }

    void forEach(Visitor visitor) {
        groups.forEach((group, topics) -> topics.forEach((topic, slots) -> {
            Map<Integer, Long> queues = new java.util.TreeMap<>();
            for (int i = 0; i < slots.length(); i++) {
                if (slots.get(i) > 0) {
                    queues.put(i, slots.get(i));
                }
            }
            if (!queues.isEmpty()) {
                visitor.visit(group, topic, queues);
            }
        }));
    }

    void removeGroup(String group) {
        groups.remove(group);
    }

    void removeTopic(String topic) {
        for (Map<String, AtomicLongArray> topics : groups.values()) {
            topics.remove(topic);
        }
    }
}

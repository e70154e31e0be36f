package dev.apogee.client.offset;

import dev.apogee.remoting.protocol.body.MessageQueue;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/** The in-memory offset table both stores share: advances are monotonic unless a reset is asked for. */
final class MemoryOffsets {
    private final Map<MessageQueue, AtomicLong> table = new ConcurrentHashMap<>();

    void update(MessageQueue queue, long offset, boolean increaseOnly) {
        if (offset < 0) {
            return;
        }
        AtomicLong current = table.computeIfAbsent(queue, q -> new AtomicLong(offset));
        if (increaseOnly) {
            current.accumulateAndGet(offset, Math::max);
        } else {
            current.set(offset);
        }
    }

    long read(MessageQueue queue) {
        AtomicLong offset = table.get(queue);
        return offset == null ? OffsetStore.NONE : offset.get();
    }

    void remove(MessageQueue queue) {
        table.remove(queue);
    }

    Map<MessageQueue, Long> snapshot() {
        Map<MessageQueue, Long> copy = new HashMap<>();
        table.forEach((q, o) -> copy.put(q, o.get()));
        return copy;
    }
}

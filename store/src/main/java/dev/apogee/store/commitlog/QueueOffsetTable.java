package dev.apogee.store.commitlog;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Next queue offset per topic and queue id, assigned at append. Keyed by the topic string (its hash is cached by
 * {@code String}, so a lookup allocates nothing) to an array indexed by queue id. Guarded by the commit log's put
 * lock; recovery fills it from the consume queues before the store starts.
 */
public final class QueueOffsetTable {
    private final Map<String, long[]> table = new HashMap<>();

    public long get(String topic, int queueId) {
        long[] offsets = table.get(topic);
        return offsets == null || queueId >= offsets.length ? 0L : offsets[queueId];
    }

    public void set(String topic, int queueId, long nextOffset) {
        long[] offsets = table.get(topic);
        if (offsets == null || queueId >= offsets.length) {
            int size = Math.max(queueId + 1, offsets == null ? 8 : offsets.length * 2);
            offsets = offsets == null ? new long[size] : Arrays.copyOf(offsets, size);
            table.put(topic, offsets);
        }
        offsets[queueId] = nextOffset;
    }

    public void remove(String topic) {
        table.remove(topic);
    }
}

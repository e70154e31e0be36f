package dev.apogee.broker.admin;

import dev.apogee.store.MessageStore;
import dev.apogee.store.record.MessageRecordFlyweight;

/** Store time of a queue entry, for the "last updated" columns of the stats bodies. Stateless. */
final class QueueTimestamps {
    private QueueTimestamps() {
    }

    /** Store timestamp of the message at {@code queueOffset}, or 0 when there is none. */
    static long storeTimeAt(MessageStore store, String topic, int queueId, long queueOffset) {
        if (queueOffset < 0) {
            return 0;
        }
        long commitLogOffset = store.getCommitLogOffsetInQueue(topic, queueId, queueOffset);
        if (commitLogOffset < 0) {
            return 0;
        }
        return store.lookMessageByOffset(commitLogOffset)
                .map(r -> new MessageRecordFlyweight().wrap(r, r.position()).storeTimestamp())
                .orElse(0L);
    }
}

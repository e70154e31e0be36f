package dev.apogee.client.offset;

import dev.apogee.client.MQClientException;
import dev.apogee.remoting.protocol.body.ConsumeFromWhere;
import dev.apogee.remoting.protocol.body.MessageQueue;

/**
 * Where a consumer starts on a queue it just got (section 5.4 step 4): the stored offset when there is one, else by
 * {@link ConsumeFromWhere}: LAST → the queue's max offset (0 for retry topics), FIRST → 0, TIMESTAMP → the first
 * offset stored at or after the timestamp (max offset for retry topics).
 */
public final class StartOffset {
    private StartOffset() {
    }

    /** The broker lookups the rules need (implemented by {@link OffsetApi}). */
    public interface QueueOffsets {
        long maxOffset(MessageQueue queue) throws MQClientException, InterruptedException;

        long searchOffset(MessageQueue queue, long timestamp) throws MQClientException, InterruptedException;
    }

    public static long compute(MessageQueue queue, OffsetStore store, QueueOffsets api, ConsumeFromWhere where,
            long consumeTimestamp) throws MQClientException, InterruptedException {
        long stored = store.readStored(queue);
        if (stored >= 0) {
            return stored;
        }
        boolean retryTopic = queue.topic().startsWith("%RETRY%");
        return switch (where) {
            case CONSUME_FROM_FIRST_OFFSET, CONSUME_FROM_MIN_OFFSET -> 0;
            case CONSUME_FROM_TIMESTAMP -> retryTopic ? api.maxOffset(queue) : api.searchOffset(queue,
                    consumeTimestamp);
            default -> retryTopic ? 0 : api.maxOffset(queue);
        };
    }
}

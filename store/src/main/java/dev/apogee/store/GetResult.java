package dev.apogee.store;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * Result of a pull from one queue.
 *
 * @param status          outcome
 * @param nextBeginOffset queue offset the consumer should pull next
 * @param minOffset       queue min offset
 * @param maxOffset       queue max offset (next offset to be written)
 * @param messages        stored records, each a read-only slice of a mapped commit-log file (zero copy: a pull
 *                        response ships them unchanged, back to back)
 * @param totalBytes      sum of the records' sizes
 */
public record GetResult(GetStatus status, long nextBeginOffset, long minOffset, long maxOffset,
                        List<ByteBuffer> messages, int totalBytes) {

    static GetResult empty(GetStatus status, long nextBeginOffset, long minOffset, long maxOffset) {
        return new GetResult(status, nextBeginOffset, minOffset, maxOffset, List.of(), 0);
    }

    public int messageCount() {
        return messages.size();
    }
}

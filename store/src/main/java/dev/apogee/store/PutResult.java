package dev.apogee.store;

/**
 * Result of {@link MessageStore#putMessage} or {@link MessageStore#putMessages}.
 *
 * @param status           outcome
 * @param wroteOffset      commit-log (physical) offset of the first record, -1 when nothing was appended
 * @param wroteBytes       total bytes appended
 * @param queueOffset      queue offset of the first message
 * @param msgNum           number of messages appended
 * @param storeTimestamp   store timestamp written into the records
 * @param physicalOffsets  physical offset of each message (length {@code msgNum}); used for offset msgIds
 */
public record PutResult(PutStatus status, long wroteOffset, int wroteBytes, long queueOffset, int msgNum,
                        long storeTimestamp, long[] physicalOffsets) {
    private static final long[] NONE = new long[0];

    /** A result for a message that was not appended. */
    public static PutResult failure(PutStatus status) {
        return new PutResult(status, -1L, 0, -1L, 0, 0L, NONE);
    }

    /** Same result with another status (used to turn PUT_OK into FLUSH_DISK_TIMEOUT). */
    public PutResult withStatus(PutStatus newStatus) {
        return new PutResult(newStatus, wroteOffset, wroteBytes, queueOffset, msgNum, storeTimestamp, physicalOffsets);
    }

    public boolean isOk() {
        return status == PutStatus.PUT_OK;
    }

    /** Commit-log offset just past the last appended byte. */
    public long nextOffset() {
        return wroteOffset + wroteBytes;
    }
}

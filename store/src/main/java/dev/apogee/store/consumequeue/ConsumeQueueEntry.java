package dev.apogee.store.consumequeue;

import java.nio.ByteBuffer;

/**
 * Flyweight layout of one consume-queue entry, plus a mutable holder a reader reuses across entries.
 *
 * <pre>
 * offset  width  field
 * 0       8      commit-log offset of the record
 * 8       4      record size (Integer.MAX_VALUE marks a hole: an offset skipped by a gap, never readable)
 * 12      8      tags code (String.hashCode of TAGS, 0 if none)
 * </pre>
 */
public final class ConsumeQueueEntry {
    public static final int PHYSICAL_OFFSET_OFFSET = 0;
    public static final int SIZE_OFFSET = PHYSICAL_OFFSET_OFFSET + 8;
    public static final int TAGS_CODE_OFFSET = SIZE_OFFSET + 4;
    public static final int ENTRY_SIZE = TAGS_CODE_OFFSET + 8;
    public static final int HOLE_SIZE = Integer.MAX_VALUE;

    private long physicalOffset;
    private int size;
    private long tagsCode;

    public long physicalOffset() { return physicalOffset; }
    public int size() { return size; }
    public long tagsCode() { return tagsCode; }

    /** True for a real entry (not a hole, not zeroes). */
    public boolean isValid() {
        return size > 0 && size != HOLE_SIZE && physicalOffset >= 0;
    }

    /** Reads the entry at {@code at} of {@code buffer} (a consume-queue file, index 0 = its start) into this. */
    public void read(ByteBuffer buffer, int at) {
        physicalOffset = buffer.getLong(at + PHYSICAL_OFFSET_OFFSET);
        size = buffer.getInt(at + SIZE_OFFSET);
        tagsCode = buffer.getLong(at + TAGS_CODE_OFFSET);
    }

    static void write(ByteBuffer buffer, int at, long physicalOffset, int size, long tagsCode) {
        buffer.putLong(at + PHYSICAL_OFFSET_OFFSET, physicalOffset);
        buffer.putInt(at + SIZE_OFFSET, size);
        buffer.putLong(at + TAGS_CODE_OFFSET, tagsCode);
    }
}

package dev.apogee.store.index;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;

import dev.apogee.store.file.MappedFile;

/**
 * One index file: a header, a table of hash slots, and a linked list of entries per slot (newest first).
 *
 * <pre>
 * header (40 bytes)
 * offset  width  field
 * 0       8      begin timestamp (store time of the first entry, ms)
 * 8       8      end timestamp (store time of the last entry, ms)
 * 16      8      begin physical offset
 * 24      8      end physical offset (of the last indexed message)
 * 32      4      hash slot count
 * 36      4      entry count
 * slots: slotCount x int32, the number (1-based) of the newest entry of the slot, 0 = empty
 * entries (20 bytes each, entry n at entriesBase + (n-1) * 20)
 * 0       4      key hash (String.hashCode &amp; 0x7FFFFFFF)
 * 4       8      physical offset
 * 12      4      seconds since the begin timestamp
 * 16      4      number of the previous entry of the same slot, 0 = none
 * </pre>
 *
 * Written by the dispatch thread; readers first read the volatile entry count and follow only entries below it.
 */
public final class IndexFile {
    public static final int BEGIN_TIMESTAMP_OFFSET = 0;
    public static final int END_TIMESTAMP_OFFSET = BEGIN_TIMESTAMP_OFFSET + 8;
    public static final int BEGIN_PHY_OFFSET_OFFSET = END_TIMESTAMP_OFFSET + 8;
    public static final int END_PHY_OFFSET_OFFSET = BEGIN_PHY_OFFSET_OFFSET + 8;
    public static final int SLOT_COUNT_OFFSET = END_PHY_OFFSET_OFFSET + 8;
    public static final int ENTRY_COUNT_OFFSET = SLOT_COUNT_OFFSET + 4;
    public static final int HEADER_SIZE = ENTRY_COUNT_OFFSET + 4;
    public static final int SLOT_SIZE = 4;
    public static final int ENTRY_KEY_HASH_OFFSET = 0;
    public static final int ENTRY_PHY_OFFSET_OFFSET = ENTRY_KEY_HASH_OFFSET + 4;
    public static final int ENTRY_TIME_DIFF_OFFSET = ENTRY_PHY_OFFSET_OFFSET + 8;
    public static final int ENTRY_PREV_OFFSET = ENTRY_TIME_DIFF_OFFSET + 4;
    public static final int ENTRY_SIZE = ENTRY_PREV_OFFSET + 4;

    private final MappedFile file;
    private final ByteBuffer buf;
    private final int slotCount;
    private final int maxEntries;
    private final int entriesBase;
    private volatile int entryCount;
    private volatile long beginTimestamp;
    private volatile long endTimestamp;
    private volatile long endPhyOffset;

    private IndexFile(MappedFile file, int slotCount, int maxEntries) {
        this.file = file;
        this.buf = file.mappedBuffer();
        this.slotCount = slotCount;
        this.maxEntries = maxEntries;
        this.entriesBase = HEADER_SIZE + slotCount * SLOT_SIZE;
        this.entryCount = buf.getInt(ENTRY_COUNT_OFFSET);
        this.beginTimestamp = buf.getLong(BEGIN_TIMESTAMP_OFFSET);
        this.endTimestamp = buf.getLong(END_TIMESTAMP_OFFSET);
        this.endPhyOffset = buf.getLong(END_PHY_OFFSET_OFFSET);
    }

    public static int fileSize(int slotCount, int maxEntries) {
        return HEADER_SIZE + slotCount * SLOT_SIZE + maxEntries * ENTRY_SIZE;
    }

    /** A new empty file named by the physical offset of its first message. */
    public static IndexFile create(Path dir, long firstPhyOffset, int slotCount, int maxEntries) throws IOException {
        MappedFile f = MappedFile.create(dir, firstPhyOffset, fileSize(slotCount, maxEntries), MappedFile.Warmup.NONE, null);
        try {
            f.reserve(0, HEADER_SIZE + slotCount * SLOT_SIZE); // the slots are written anywhere, so all at once
        } catch (IOException e) {
            f.destroy();
            throw e;
        }
        f.mappedBuffer().putInt(SLOT_COUNT_OFFSET, slotCount);
        f.mappedBuffer().putLong(BEGIN_PHY_OFFSET_OFFSET, firstPhyOffset);
        return new IndexFile(f, slotCount, maxEntries);
    }

    /** Opens a file; returns null when its header is not self-consistent (then it is deleted by the caller). */
    public static IndexFile open(Path p, int slotCount, int maxEntries) throws IOException {
        MappedFile f = MappedFile.open(p, fileSize(slotCount, maxEntries));
        int count = f.mappedBuffer().getInt(ENTRY_COUNT_OFFSET);
        if (f.mappedBuffer().getInt(SLOT_COUNT_OFFSET) != slotCount || count < 0 || count > maxEntries) {
            f.destroy();
            return null;
        }
        return new IndexFile(f, slotCount, maxEntries);
    }

    public MappedFile mappedFile() { return file; }
    public int entryCount() { return entryCount; }
    public boolean isFull() { return entryCount >= maxEntries; }
    public long beginTimestamp() { return beginTimestamp; }
    public long endTimestamp() { return endTimestamp; }
    public long beginPhyOffset() { return file.fileFromOffset(); }
    public long endPhyOffset() { return endPhyOffset; }

    /**
     * Adds {@code key} -> {@code phyOffset}; false when the file is full. Dispatch thread only. Throws when the
     * disk has no block for the entry (ENOSPC): nothing was written, the caller retries later.
     */
    public boolean put(String key, long phyOffset, long storeTimestamp) throws IOException {
        int n = entryCount;
        if (n >= maxEntries) {
            return false;
        }
        int at = entriesBase + n * ENTRY_SIZE;
        file.reserve(at, at + ENTRY_SIZE);
        if (n == 0) {
            beginTimestamp = storeTimestamp;
            buf.putLong(BEGIN_TIMESTAMP_OFFSET, storeTimestamp);
        }
        int hash = hash(key);
        int slotPos = HEADER_SIZE + (hash % slotCount) * SLOT_SIZE;
        int prev = buf.getInt(slotPos);
        if (prev < 0 || prev > n) {
            prev = 0;
        }
        long diff = Math.max(0, (storeTimestamp - beginTimestamp) / 1000);
        buf.putInt(at + ENTRY_KEY_HASH_OFFSET, hash);
        buf.putLong(at + ENTRY_PHY_OFFSET_OFFSET, phyOffset);
        buf.putInt(at + ENTRY_TIME_DIFF_OFFSET, (int) Math.min(Integer.MAX_VALUE, diff));
        buf.putInt(at + ENTRY_PREV_OFFSET, prev);
        buf.putInt(slotPos, n + 1);
        buf.putLong(END_TIMESTAMP_OFFSET, storeTimestamp);
        buf.putLong(END_PHY_OFFSET_OFFSET, phyOffset);
        buf.putInt(ENTRY_COUNT_OFFSET, n + 1);
        endTimestamp = storeTimestamp;
        endPhyOffset = phyOffset;
        entryCount = n + 1;
        return true;
    }

    /** Adds to {@code out} the offsets of entries for {@code key} stored within [begin, end] (second precision). */
    public void query(String key, long begin, long end, int maxNum, List<Long> out) {
        int count = entryCount;
        if (count == 0) {
            return;
        }
        int hash = hash(key);
        int n = buf.getInt(HEADER_SIZE + (hash % slotCount) * SLOT_SIZE);
        long base = beginTimestamp;
        while (n > 0 && n <= count && out.size() < maxNum) {
            int at = entriesBase + (n - 1) * ENTRY_SIZE;
            long ts = base + buf.getInt(at + ENTRY_TIME_DIFF_OFFSET) * 1000L;
            if (buf.getInt(at + ENTRY_KEY_HASH_OFFSET) == hash && ts <= end && ts + 999 >= begin) {
                out.add(buf.getLong(at + ENTRY_PHY_OFFSET_OFFSET));
            }
            int prev = buf.getInt(at + ENTRY_PREV_OFFSET);
            if (prev >= n) {
                break;
            }
            n = prev;
        }
    }

    private static int hash(String key) {
        return key.hashCode() & 0x7FFFFFFF;
    }

    public void flush() throws IOException {
        file.setWrotePosition(entriesBase + entryCount * ENTRY_SIZE, 0);
        file.flush(0);
    }

    public void close() {
        file.close();
    }

    public void destroy() {
        file.destroy();
    }
}

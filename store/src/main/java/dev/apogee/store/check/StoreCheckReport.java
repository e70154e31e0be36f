package dev.apogee.store.check;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What a store check counted and found. Filled by the checking thread only; read once {@link StoreCheck#run} has
 * returned. Defects are counted by kind without limit; the first {@value #MAX_LISTED} are kept with their file and
 * position (a store torn everywhere would otherwise fill the heap with them).
 */
public final class StoreCheckReport {
    /** How many defects are kept with their location. */
    public static final int MAX_LISTED = 1000;

    private final Map<DefectKind, Long> counts = new EnumMap<>(DefectKind.class);
    private final List<StoreDefect> listed = new ArrayList<>();
    private long defects;
    private boolean uncleanShutdown;
    private int commitLogFiles;
    private long commitLogMinOffset;
    private long commitLogEndOffset;
    private long records;
    private long recordBytes;
    private long skippedBytes;
    private int consumeQueues;
    private long consumeQueueEntries;
    private long holes;
    private long expiredEntries;

    void defect(DefectKind kind, String file, long position, String detail) {
        counts.merge(kind, 1L, Long::sum);
        defects++;
        if (listed.size() < MAX_LISTED) {
            listed.add(new StoreDefect(kind, file, position, detail));
        }
    }

    void uncleanShutdown(boolean unclean) {
        this.uncleanShutdown = unclean;
    }

    void commitLog(int files, long minOffset, long endOffset) {
        this.commitLogFiles = files;
        this.commitLogMinOffset = minOffset;
        this.commitLogEndOffset = endOffset;
    }

    void record(int size) {
        records++;
        recordBytes += size;
    }

    void skipped(long bytes) {
        skippedBytes += bytes;
    }

    void consumeQueue() {
        consumeQueues++;
    }

    void entry() {
        consumeQueueEntries++;
    }

    void hole() {
        holes++;
    }

    void expired() {
        expiredEntries++;
    }

    /** True when no defect was found. */
    public boolean clean() {
        return defects == 0;
    }

    /** Defects found, of every kind. */
    public long defects() {
        return defects;
    }

    /** Defects by kind (kinds not found are absent). */
    public Map<DefectKind, Long> defectsByKind() {
        return Collections.unmodifiableMap(counts);
    }

    /** The first {@value #MAX_LISTED} defects with their file and position, in the order found. */
    public List<StoreDefect> listedDefects() {
        return Collections.unmodifiableList(listed);
    }

    /** The store's abort marker was present: the broker that last had it did not shut down cleanly. */
    public boolean uncleanShutdown() {
        return uncleanShutdown;
    }

    public int commitLogFiles() {
        return commitLogFiles;
    }

    /** Log offset of the first commit-log file (older files were deleted by retention). */
    public long commitLogMinOffset() {
        return commitLogMinOffset;
    }

    /** Log offset just past the last whole record found. */
    public long commitLogEndOffset() {
        return commitLogEndOffset;
    }

    /** Whole message records checked. */
    public long records() {
        return records;
    }

    /** Bytes of those records. */
    public long recordBytes() {
        return recordBytes;
    }

    /** Bytes passed over while looking for the next record after a defect that hid where it starts. */
    public long skippedBytes() {
        return skippedBytes;
    }

    /** Consume queues (topic, queue id) checked. */
    public int consumeQueues() {
        return consumeQueues;
    }

    /** Consume-queue entries checked against the commit log. */
    public long consumeQueueEntries() {
        return consumeQueueEntries;
    }

    /** Hole entries (queue offsets skipped by a gap, never readable): not defects. */
    public long holes() {
        return holes;
    }

    /** Entries pointing below the first commit-log file (retention deleted their records): not defects. */
    public long expiredEntries() {
        return expiredEntries;
    }
}

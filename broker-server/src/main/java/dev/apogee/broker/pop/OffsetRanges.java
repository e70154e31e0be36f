package dev.apogee.broker.pop;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;

/**
 * A set of queue offsets kept as disjoint half-open ranges {@code [start, end)}, so that contiguous offsets cost one
 * entry whatever their number. Not thread-safe: owned by its {@link QueueLedger} and used under its monitor.
 */
final class OffsetRanges {
    private final TreeMap<Long, Long> ranges = new TreeMap<>();

    boolean contains(long offset) {
        Map.Entry<Long, Long> e = ranges.floorEntry(offset);
        return e != null && offset < e.getValue();
    }

    /** The first offset at or after {@code offset} that is not in the set. */
    long nextNotContained(long offset) {
        Map.Entry<Long, Long> e = ranges.floorEntry(offset);
        return e != null && offset < e.getValue() ? e.getValue() : offset;
    }

    void add(long offset) {
        if (contains(offset)) {
            return;
        }
        long start = offset;
        long end = offset + 1;
        Map.Entry<Long, Long> below = ranges.floorEntry(offset);
        if (below != null && below.getValue() == offset) {
            start = below.getKey();
            ranges.remove(start);
        }
        Long aboveEnd = ranges.remove(end);
        if (aboveEnd != null) {
            end = aboveEnd;
        }
        ranges.put(start, end);
    }

    void remove(long offset) {
        Map.Entry<Long, Long> e = ranges.floorEntry(offset);
        if (e == null || offset >= e.getValue()) {
            return;
        }
        long start = e.getKey();
        long end = e.getValue();
        ranges.remove(start);
        if (start < offset) {
            ranges.put(start, offset);
        }
        if (offset + 1 < end) {
            ranges.put(offset + 1, end);
        }
    }

    /** Forgets every offset below {@code limit}. */
    void removeBelow(long limit) {
        while (!ranges.isEmpty() && ranges.firstKey() < limit) {
            Map.Entry<Long, Long> first = ranges.pollFirstEntry();
            if (first.getValue() > limit) {
                ranges.put(limit, first.getValue());
                return;
            }
        }
    }

    int rangeCount() {
        return ranges.size();
    }

    void writeTo(DataOutputStream out) throws IOException {
        out.writeInt(ranges.size());
        for (Map.Entry<Long, Long> e : ranges.entrySet()) {
            out.writeLong(e.getKey());
            out.writeLong(e.getValue());
        }
    }

    void readFrom(DataInputStream in) throws IOException {
        int n = in.readInt();
        for (int i = 0; i < n; i++) {
            long start = in.readLong();
            ranges.put(start, in.readLong());
        }
    }
}

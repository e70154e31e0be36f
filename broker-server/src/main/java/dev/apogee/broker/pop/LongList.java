package dev.apogee.broker.pop;

import java.util.Arrays;

/** Offsets and reconsume counts collected by one pop, as primitive arrays (no boxing per message). */
final class LongList {
    private long[] offsets = new long[16];
    private int[] counts = new int[16];
    private int size;
    /** Set by a scan that stopped at its limit before the end of the queue: a pop finding nothing looks again. */
    boolean moreToScan;

    void add(long offset, int count) {
        if (size == offsets.length) {
            offsets = Arrays.copyOf(offsets, size * 2);
            counts = Arrays.copyOf(counts, size * 2);
        }
        offsets[size] = offset;
        counts[size] = count;
        size++;
    }

    int size() {
        return size;
    }

    /** Empties the list for the next queue; {@link #moreToScan} stays set once any queue's scan was cut short. */
    void clear() {
        size = 0;
    }

    long[] offsets() {
        return Arrays.copyOf(offsets, size);
    }

    int[] counts() {
        return Arrays.copyOf(counts, size);
    }
}

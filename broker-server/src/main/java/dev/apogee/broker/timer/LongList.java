package dev.apogee.broker.timer;

import java.util.Arrays;

/** A growable list of primitive longs: pending timers cost 16 bytes each (due time + queue offset), not objects. */
final class LongList {
    private long[] values = new long[8];
    private int size;

    void add(long value) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = value;
    }

    long get(int index) {
        return values[index];
    }

    int size() {
        return size;
    }
}

package dev.apogee.broker.stats;

/**
 * Samples of a growing counter (its amount and its number of increments) taken at a fixed interval, the newest
 * {@code capacity} of them in a ring. Written by the stats thread, read by admin threads: methods synchronize on the
 * ring (a handful of reads per admin request and one write per interval).
 */
final class CounterHistory {
    private final long[] times;
    private final long[] counts;
    private final long[] events;
    private int newest = -1;
    private int size;

    CounterHistory(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity " + capacity + " < 1");
        }
        times = new long[capacity];
        counts = new long[capacity];
        events = new long[capacity];
    }

    synchronized void add(long time, long count, long eventCount) {
        newest = (newest + 1) % times.length;
        times[newest] = time;
        counts[newest] = count;
        events[newest] = eventCount;
        size = Math.min(size + 1, times.length);
    }

    /**
     * The growth from the oldest sample taken within {@code spanMillis} before {@code now} (or, when none is that
     * recent, the newest one) up to the live values {@code count} / {@code eventCount} at {@code now}.
     */
    synchronized Growth since(long now, long count, long eventCount, long spanMillis) {
        if (size == 0) {
            return Growth.NONE;
        }
        int pick = newest;
        for (int i = 1; i < size; i++) {
            int older = Math.floorMod(newest - i, times.length);
            if (times[older] < now - spanMillis) {
                break;
            }
            pick = older;
        }
        return new Growth(count - counts[pick], eventCount - events[pick], Math.max(0, now - times[pick]));
    }
}

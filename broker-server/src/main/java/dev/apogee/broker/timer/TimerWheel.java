package dev.apogee.broker.timer;

import java.util.Map;
import java.util.TreeMap;

/**
 * Pending timers by due time: a near wheel of {@value #SLOTS} slots of {@value #TICK_MILLIS} ms (one minute) for
 * what is due soon, and an overflow map keyed by minute for the rest; each minute the next minute's timers move
 * into the wheel. Adding and expiring are O(1) per timer, never a scan of everything pending. Each timer is a
 * (due time, queue offset) pair in primitive lists. Owned by the timer thread: not thread-safe.
 */
final class TimerWheel {
    static final long TICK_MILLIS = 10;
    static final int SLOTS = 6000;
    private static final long SPAN_MILLIS = TICK_MILLIS * SLOTS;

    /** Receives due timers. */
    interface DueTimers {
        void due(long dueMillis, long queueOffset);
    }

    private final LongList[] slots = new LongList[SLOTS];
    private final TreeMap<Long, LongList> overflow = new TreeMap<>();
    /** Start of the minute covered by the wheel. */
    private long wheelStart;
    /** The next tick to expire. */
    private long cursor;
    private long size;

    TimerWheel(long nowMillis) {
        wheelStart = minuteOf(nowMillis);
        cursor = tickOf(nowMillis);
    }

    void add(long dueMillis, long queueOffset) {
        size++;
        long tick = tickOf(dueMillis);
        if (tick < cursor) {
            tick = cursor;
        }
        if (tick * TICK_MILLIS < wheelStart + SPAN_MILLIS) {
            int slot = (int) (tick % SLOTS);
            if (slots[slot] == null) {
                slots[slot] = new LongList();
            }
            slots[slot].add(dueMillis);
            slots[slot].add(queueOffset);
            return;
        }
        LongList later = overflow.computeIfAbsent(minuteOf(dueMillis), m -> new LongList());
        later.add(dueMillis);
        later.add(queueOffset);
    }

    /**
     * Hands every timer of every tick that has fully passed by {@code nowMillis} to {@code sink}, in tick order: a
     * timer is never early and at most one tick late.
     */
    void expire(long nowMillis, DueTimers sink) {
        long lastTick = tickOf(nowMillis - (TICK_MILLIS - 1));
        while (cursor <= lastTick) {
            if (cursor * TICK_MILLIS >= wheelStart + SPAN_MILLIS) {
                advanceMinute();
            }
            int slot = (int) (cursor % SLOTS);
            LongList due = slots[slot];
            if (due != null) {
                slots[slot] = null;
                for (int i = 0; i < due.size(); i += 2) {
                    size--;
                    sink.due(due.get(i), due.get(i + 1));
                }
            }
            cursor++;
        }
    }

    private void advanceMinute() {
        wheelStart += SPAN_MILLIS;
        Map.Entry<Long, LongList> next;
        while ((next = overflow.firstEntry()) != null && next.getKey() < wheelStart + SPAN_MILLIS) {
            overflow.pollFirstEntry();
            LongList timers = next.getValue();
            for (int i = 0; i < timers.size(); i += 2) {
                size--;
                add(timers.get(i), timers.get(i + 1));
            }
        }
    }

    long size() {
        return size;
    }

    private static long tickOf(long millis) {
        return Math.floorDiv(millis, TICK_MILLIS);
    }

    private static long minuteOf(long millis) {
        return Math.floorDiv(millis, SPAN_MILLIS) * SPAN_MILLIS;
    }
}

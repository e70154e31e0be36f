package dev.apogee.broker.stats;

import dev.apogee.remoting.protocol.body.BrokerStatsData;
import dev.apogee.remoting.protocol.body.BrokerStatsItem;

import java.util.concurrent.atomic.LongAdder;

/**
 * One counted statistic (the puts of a topic, the gets of a group on a topic) with its minute, hour and day windows.
 * {@link #add} is called on the traffic threads (lock-free); the {@code sample*} methods on the stats thread.
 */
final class StatItem {
    static final long MINUTE_STEP_MILLIS = 10_000;
    static final long HOUR_STEP_MILLIS = 600_000;
    static final long DAY_STEP_MILLIS = 3_600_000;
    private static final long MINUTE = 60_000;
    private static final long HOUR = 3_600_000;
    private static final long DAY = 86_400_000;

    private final LongAdder count = new LongAdder();
    private final LongAdder events = new LongAdder();
    /** Every 10 s: 7 samples cover the last minute. */
    private final CounterHistory minute = new CounterHistory(7);
    /** Every 10 min: 7 samples cover the last hour. */
    private final CounterHistory hour = new CounterHistory(7);
    /** Every hour: 25 samples cover the last day. */
    private final CounterHistory day = new CounterHistory(25);

    /** A new item starts from zero at {@code now}, so its first rates count from its creation. */
    StatItem(long now) {
        minute.add(now, 0, 0);
        hour.add(now, 0, 0);
        day.add(now, 0, 0);
    }

    void add(long amount) {
        count.add(amount);
        events.increment();
    }

    long total() {
        return count.sum();
    }

    void sampleMinute(long now) {
        minute.add(now, count.sum(), events.sum());
    }

    void sampleHour(long now) {
        hour.add(now, count.sum(), events.sum());
    }

    void sampleDay(long now) {
        day.add(now, count.sum(), events.sum());
    }

    /** Messages per second over the last minute. */
    double tpsInMinute(long now) {
        return minute.since(now, count.sum(), events.sum(), MINUTE).perSecond();
    }

    BrokerStatsData view(long now) {
        long c = count.sum();
        long e = events.sum();
        return new BrokerStatsData(item(minute.since(now, c, e, MINUTE)), item(hour.since(now, c, e, HOUR)),
                item(day.since(now, c, e, DAY)));
    }

    private static BrokerStatsItem item(Growth growth) {
        return new BrokerStatsItem(growth.count(), growth.perSecond(), growth.perEvent());
    }
}

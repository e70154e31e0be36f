package dev.apogee.broker.stats;

import dev.apogee.remoting.protocol.body.BrokerStatsData;
import dev.apogee.store.DispatchListener;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * The broker's traffic statistics (see the package doc): per-topic puts counted as the store dispatches them (a
 * {@link DispatchListener}, so the send path pays nothing), per-group gets counted by the pull and pop processors,
 * and the store's put / get totals sampled every second for the runtime info's TPS. {@link #tick} is called once a
 * second by {@link BrokerStatsService}; everything else from any thread.
 */
public final class BrokerStats implements DispatchListener {
    /** The official statistic names mqadmin statsAll asks VIEW_BROKER_STATS_DATA for. */
    public static final String TOPIC_PUT_NUMS = "TOPIC_PUT_NUMS";
    public static final String GROUP_GET_NUMS = "GROUP_GET_NUMS";
    private static final int MINUTE_TICKS = (int) (StatItem.MINUTE_STEP_MILLIS / 1000);
    private static final int HOUR_TICKS = (int) (StatItem.HOUR_STEP_MILLIS / 1000);
    private static final int DAY_TICKS = (int) (StatItem.DAY_STEP_MILLIS / 1000);

    private final Map<String, StatItem> topicPuts = new ConcurrentHashMap<>();
    /** Topic → group → item (the official key is {@code topic@group}; two levels spare a key string per pull). */
    private final Map<String, Map<String, StatItem>> groupGets = new ConcurrentHashMap<>();
    /** Store totals every second for 10 minutes: the 10 s / 1 min / 10 min TPS of the runtime info. */
    private final CounterHistory putsPerSecond = new CounterHistory(601);
    private final CounterHistory getsPerSecond = new CounterHistory(601);
    private final LongSupplier clock;
    private final LongSupplier putTotal;
    private final LongSupplier getTotal;
    private final ZoneId zone;
    /** Stats thread only. */
    private long ticks;
    private LocalDate today;
    /** Written by the stats thread, read by admin threads. */
    private volatile DayMarks marks = new DayMarks(0, 0, 0, 0);

    /** Totals at the start of today and of yesterday (0 before the broker's first midnight: counted since boot). */
    public record DayMarks(long putTodayMorning, long getTodayMorning, long putYesterdayMorning,
            long getYesterdayMorning) {
    }

    /**
     * @param putTotal messages the store has appended since it opened
     * @param getTotal messages the store has handed out since it opened
     */
    public BrokerStats(LongSupplier clock, LongSupplier putTotal, LongSupplier getTotal, ZoneId zone) {
        this.clock = clock;
        this.putTotal = putTotal;
        this.getTotal = getTotal;
        this.zone = zone;
        long now = clock.getAsLong();
        this.today = LocalDate.ofInstant(Instant.ofEpochMilli(now), zone);
        putsPerSecond.add(now, putTotal.getAsLong(), 0);
        getsPerSecond.add(now, getTotal.getAsLong(), 0);
    }

    @Override
    public void onDispatched(String topic, int queueId, long queueOffsetNext, long tagsCode, long storeTimestamp) {
        item(topicPuts, topic).add(1);
    }

    /** {@code count} messages of {@code topic} were handed to {@code group} (a pull or pop that found some). */
    public void delivered(String topic, String group, int count) {
        if (count > 0) {
            Map<String, StatItem> groups = groupGets.get(topic);
            if (groups == null) {
                groups = groupGets.computeIfAbsent(topic, t -> new ConcurrentHashMap<>());
            }
            item(groups, group).add(count);
        }
    }

    private StatItem item(Map<String, StatItem> items, String key) {
        StatItem item = items.get(key); // no lambda allocated on the common path
        return item != null ? item : items.computeIfAbsent(key, k -> new StatItem(clock.getAsLong()));
    }

    /** One second passed: samples the totals, and the per-key items when their step is due. Stats thread. */
    void tick() {
        long now = clock.getAsLong();
        long puts = putTotal.getAsLong();
        long gets = getTotal.getAsLong();
        putsPerSecond.add(now, puts, 0);
        getsPerSecond.add(now, gets, 0);
        ticks++;
        if (ticks % MINUTE_TICKS == 0) {
            sample(now, StatItem::sampleMinute);
        }
        if (ticks % HOUR_TICKS == 0) {
            sample(now, StatItem::sampleHour);
        }
        if (ticks % DAY_TICKS == 0) {
            sample(now, StatItem::sampleDay);
        }
        LocalDate date = LocalDate.ofInstant(Instant.ofEpochMilli(now), zone);
        if (!date.equals(today)) {
            DayMarks before = marks;
            marks = new DayMarks(puts, gets, before.putTodayMorning(), before.getTodayMorning());
            today = date;
        }
    }

    private interface Sampler {
        void sample(StatItem item, long now);
    }

    private void sample(long now, Sampler sampler) {
        topicPuts.values().forEach(item -> sampler.sample(item, now));
        groupGets.values().forEach(groups -> groups.values().forEach(item -> sampler.sample(item, now)));
    }

    /** VIEW_BROKER_STATS_DATA: the windows of one statistic, or null when it is unknown or has never counted. */
    public BrokerStatsData view(String statsName, String statsKey) {
        StatItem item = switch (statsName) {
            case TOPIC_PUT_NUMS -> topicPuts.get(statsKey);
            case GROUP_GET_NUMS -> groupGet(statsKey);
            default -> null;
        };
        return item == null ? null : item.view(clock.getAsLong());
    }

    /** The item of a {@code topic@group} key (names contain no '@'), or null. */
    private StatItem groupGet(String topicAtGroup) {
        int at = topicAtGroup.indexOf('@');
        if (at < 0) {
            return null;
        }
        Map<String, StatItem> groups = groupGets.get(topicAtGroup.substring(0, at));
        return groups == null ? null : groups.get(topicAtGroup.substring(at + 1));
    }

    /** Messages put to {@code topic} per second over the last minute (mqadmin topicStatus "Topic Put TPS"). */
    public double topicPutTps(String topic) {
        StatItem item = topicPuts.get(topic);
        return item == null ? 0 : item.tpsInMinute(clock.getAsLong());
    }

    /** Messages of {@code topic} handed to {@code group} per second over the last minute (consumerProgress TPS). */
    public double groupGetTps(String topic, String group) {
        Map<String, StatItem> groups = groupGets.get(topic);
        StatItem item = groups == null ? null : groups.get(group);
        return item == null ? 0 : item.tpsInMinute(clock.getAsLong());
    }

    /** The runtime info's {@code putTps}: messages stored per second over 10 s, 1 min and 10 min. */
    public String putTps() {
        return windows(putsPerSecond, putTotal.getAsLong());
    }

    /** The runtime info's {@code getTransferedTps}: messages handed out per second over 10 s, 1 min and 10 min. */
    public String getTps() {
        return windows(getsPerSecond, getTotal.getAsLong());
    }

    private String windows(CounterHistory history, long current) {
        long now = clock.getAsLong();
        return String.format(Locale.ROOT, "%.2f %.2f %.2f", history.since(now, current, 0, 10_000).perSecond(),
                history.since(now, current, 0, 60_000).perSecond(),
                history.since(now, current, 0, 600_000).perSecond());
    }

    public DayMarks dayMarks() {
        return marks;
    }
}

package dev.apogee.broker.stats;

import dev.apogee.remoting.protocol.body.BrokerStatsData;
import org.junit.jupiter.api.Test;

import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Sliding windows of {@link BrokerStats} under a hand-driven clock and ticks. */
class BrokerStatsTest {
    private final AtomicLong now = new AtomicLong(1_000_000);
    private final AtomicLong puts = new AtomicLong();
    private final AtomicLong gets = new AtomicLong();
    private final BrokerStats stats = new BrokerStats(now::get, puts::get, gets::get, ZoneOffset.UTC);

    /** Advances the clock second by second, ticking like the stats thread. */
    private void seconds(int n) {
        for (int i = 0; i < n; i++) {
            now.addAndGet(1_000);
            stats.tick();
        }
    }

    @Test
    void topicPutRateCoversTheLastMinuteOnly() {
        seconds(5);
        for (int i = 0; i < 50; i++) {
            stats.onDispatched("T", 0, i + 1, 0, now.get());
        }
        seconds(5); // 50 messages in the 5 s since the item was created
        assertEquals(10.0, stats.topicPutTps("T"), 1e-9);
        seconds(120); // two quiet minutes: the minute window no longer holds them
        assertEquals(0.0, stats.topicPutTps("T"), 1e-9);
        BrokerStatsData data = stats.view(BrokerStats.TOPIC_PUT_NUMS, "T");
        assertEquals(0, data.statsMinute().sum());
        assertEquals(50, data.statsHour().sum());
        assertEquals(50, data.statsDay().sum());
        assertEquals(1.0, data.statsDay().avgpt(), 1e-9);
    }

    @Test
    void groupGetsAreKeyedTopicAtGroup() {
        stats.delivered("T", "g", 8);
        stats.delivered("T", "g", 2);
        stats.delivered("T", "other", 0);
        seconds(10);
        BrokerStatsData data = stats.view(BrokerStats.GROUP_GET_NUMS, "T@g");
        assertEquals(10, data.statsMinute().sum());
        assertEquals(1.0, data.statsMinute().tps(), 1e-9);
        assertEquals(5.0, data.statsMinute().avgpt(), 1e-9);
        assertEquals(1.0, stats.groupGetTps("T", "g"), 1e-9);
        assertNull(stats.view(BrokerStats.GROUP_GET_NUMS, "T@other"), "nothing counted, no item");
        assertNull(stats.view("NO_SUCH_STATS", "T"));
    }

    @Test
    void runtimeTpsWindowsAreTenSecondsOneMinuteTenMinutes() {
        seconds(600);
        puts.addAndGet(600); // 600 puts in the last 10 s
        seconds(10);
        assertEquals("60.00 10.00 1.00", stats.putTps());
        assertEquals("0.00 0.00 0.00", stats.getTps());
    }

    @Test
    void midnightMovesTheDayMarks() {
        long midnight = 86_400_000L * 20_000;
        now.set(midnight - 2_500);
        BrokerStats daily = new BrokerStats(now::get, puts::get, gets::get, ZoneOffset.UTC);
        puts.set(7);
        gets.set(3);
        now.addAndGet(1_000);
        daily.tick();
        assertEquals(new BrokerStats.DayMarks(0, 0, 0, 0), daily.dayMarks());
        now.addAndGet(2_000);
        daily.tick();
        assertEquals(new BrokerStats.DayMarks(7, 3, 0, 0), daily.dayMarks());
    }
}

package dev.apogee.broker.timer;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TimerWheelTest {
    @Test
    void expiresInDueOrderAcrossMinutesWithoutEarlyDelivery() {
        long start = 1_000_000_000_000L;
        TimerWheel wheel = new TimerWheel(start);
        long[] dues = {start + 5, start + 59_999, start + 60_000, start + 3_600_000, start - 10, start + 125_000};
        for (int i = 0; i < dues.length; i++) {
            wheel.add(dues[i], i);
        }
        assertEquals(dues.length, wheel.size());
        List<long[]> fired = new ArrayList<>();
        for (long now = start; now <= start + 3_700_000; now += 1_000) {
            long at = now;
            wheel.expire(now, (due, offset) -> {
                assertTrue(due <= at, "never early");
                assertTrue(at - Math.max(due, start) < 1_000 + TimerWheel.TICK_MILLIS, "late by at most one step");
                fired.add(new long[] {due, offset});
            });
        }
        assertEquals(dues.length, fired.size());
        assertEquals(0, wheel.size());
        for (int i = 1; i < fired.size(); i++) {
            long previousTick = Math.max(fired.get(i - 1)[0], start) / TimerWheel.TICK_MILLIS;
            long tick = Math.max(fired.get(i)[0], start) / TimerWheel.TICK_MILLIS;
            assertTrue(previousTick <= tick, "tick order (order within one tick is not defined)");
        }
    }

    @Test
    void holdsAMillionTimers() {
        long start = 2_000_000_000_000L;
        TimerWheel wheel = new TimerWheel(start);
        for (int i = 0; i < 1_000_000; i++) {
            wheel.add(start + (i * 7919L) % 259_200_000L, i);
        }
        assertEquals(1_000_000, wheel.size());
        long[] count = {0};
        wheel.expire(start + 60_000, (due, offset) -> count[0]++);
        assertTrue(count[0] > 0 && count[0] < 1_000_000);
        assertEquals(1_000_000 - count[0], wheel.size());
    }
}

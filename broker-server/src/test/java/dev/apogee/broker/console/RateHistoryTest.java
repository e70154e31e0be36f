package dev.apogee.broker.console;

import dev.apogee.store.StoreStats;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The rate ring: rates between readings, oldest first, bounded to its capacity. */
class RateHistoryTest {
    private final AtomicLong clock = new AtomicLong(1_000_000);
    private final AtomicLong in = new AtomicLong();
    private final AtomicLong out = new AtomicLong();
    private final RateHistory rates = new RateHistory(
            () -> new StoreStats.Snapshot(in.get(), 0, Map.of(), 0, out.get(), 0, 0), clock::get, 5_000, 3);

    @Test
    void theFirstReadingIsTheBaseline() {
        in.set(500);
        rates.sample();
        assertEquals(List.of(), rates.json().get("samples"));
        assertEquals(500L, rates.json().get("totalIn"));
    }

    @Test
    void ratesAreTheCountsSinceThePreviousReadingPerSecondAndTheRingKeepsTheLast() {
        rates.sample();
        for (int i = 1; i <= 5; i++) {
            clock.addAndGet(5_000);
            in.addAndGet(50L * i); // 10 * i per second
            out.addAndGet(5L * i);
            rates.sample();
        }
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> samples = (List<Map<String, Object>>) rates.json().get("samples");
        assertEquals(3, samples.size(), "capacity 3");
        for (int i = 0; i < 3; i++) {
            int reading = i + 3;
            assertEquals(10.0 * reading, samples.get(i).get("in"));
            assertEquals(1.0 * reading, samples.get(i).get("out"));
            assertEquals(1_000_000L + 5_000L * reading, samples.get(i).get("t"));
        }
    }

    @Test
    void aClockThatDidNotAdvanceAddsNoSample() {
        rates.sample();
        in.set(10);
        rates.sample();
        assertEquals(List.of(), rates.json().get("samples"));
    }
}

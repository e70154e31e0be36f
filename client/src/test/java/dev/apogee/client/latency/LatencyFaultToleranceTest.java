package dev.apogee.client.latency;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LatencyFaultToleranceTest {
    @Test
    void defaultTableMapsLatencyToBackoff() {
        long[][] table = {{0, 0}, {49, 0}, {100, 0}, {549, 0}, {550, 3_000}, {999, 3_000}, {1_000, 60_000},
            {2_000, 120_000}, {3_000, 180_000}, {15_000, 600_000}, {30_000, 600_000}};
        for (long[] row : table) {
            assertEquals(row[1], BackoffTable.DEFAULT.backoffMillis(row[0]), "latency " + row[0]);
        }
    }

    @Test
    void slowBrokerIsAvoidedForItsBackoffThenAvailableAgain() {
        AtomicLong now = new AtomicLong(1_000_000);
        LatencyFaultTolerance faults = new LatencyFaultTolerance(BackoffTable.DEFAULT, now::get);
        faults.record("a", 600, false);
        assertFalse(faults.isAvailable("a"));
        assertTrue(faults.isAvailable("b"));
        assertEquals(3_000, faults.remainingBackoff("a"));
        now.addAndGet(2_999);
        assertFalse(faults.isAvailable("a"));
        now.addAndGet(1);
        assertTrue(faults.isAvailable("a"));
        faults.record("a", 10, true);
        assertEquals(600_000, faults.remainingBackoff("a"), "a failure counts as the failure latency");
        faults.record("a", 10, false);
        assertTrue(faults.isAvailable("a"), "a fast success clears the back-off");
    }

    @Test
    void configurableTableIsValidated() {
        BackoffTable custom = new BackoffTable(new long[] {100, 500}, new long[] {1_000, 5_000});
        assertEquals(0, custom.backoffMillis(99));
        assertEquals(1_000, custom.backoffMillis(100));
        assertEquals(5_000, custom.backoffMillis(10_000));
        assertThrows(IllegalArgumentException.class, () -> new BackoffTable(new long[] {5, 1}, new long[] {1, 2}));
        assertThrows(IllegalArgumentException.class, () -> new BackoffTable(new long[] {1}, new long[] {1, 2}));
    }
}

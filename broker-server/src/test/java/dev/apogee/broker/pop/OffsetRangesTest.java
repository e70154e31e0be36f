package dev.apogee.broker.pop;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OffsetRangesTest {
    @Test
    void contiguousOffsetsMergeIntoOneRange() {
        OffsetRanges r = new OffsetRanges();
        for (long o : new long[] {5, 7, 6, 3, 4, 10}) {
            r.add(o);
        }
        assertEquals(2, r.rangeCount()); // [3,8) and [10,11)
        assertTrue(r.contains(3) && r.contains(7) && r.contains(10));
        assertFalse(r.contains(8) || r.contains(2) || r.contains(11));
        assertEquals(8, r.nextNotContained(3));
        assertEquals(9, r.nextNotContained(9));
    }

    @Test
    void removeSplitsAndRemoveBelowTrims() {
        OffsetRanges r = new OffsetRanges();
        for (long o = 0; o < 10; o++) {
            r.add(o);
        }
        r.remove(4);
        assertEquals(2, r.rangeCount());
        assertFalse(r.contains(4));
        r.removeBelow(6);
        assertEquals(1, r.rangeCount());
        assertFalse(r.contains(5));
        assertTrue(r.contains(6) && r.contains(9));
        r.removeBelow(100);
        assertEquals(0, r.rangeCount());
    }
}

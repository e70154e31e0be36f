package dev.apogee.store.consumequeue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.*;

class ConsumeQueueUnitTest {
    @TempDir
    Path dir;

    @Test
    void skipsDuplicatesFillsGapsWithHolesAndTruncates() throws Exception {
        ConsumeQueue q = new ConsumeQueue("T", 0, dir, 10);
        q.put(0, 100, 1, 0);
        q.put(100, 100, 2, 1);
        q.put(100, 100, 2, 1); // re-dispatch after recovery: skipped
        assertEquals(2, q.maxOffset());
        q.put(300, 100, 3, 4); // gap: offsets 2 and 3 become holes
        assertEquals(5, q.maxOffset());
        ConsumeQueueEntry e = new ConsumeQueueEntry();
        assertTrue(q.read(2, e));
        assertFalse(e.isValid());
        assertTrue(q.read(4, e));
        assertEquals(300, e.physicalOffset());
        assertEquals(3, e.tagsCode());
        for (int i = 5; i < 25; i++) {
            q.put(i * 100L, 100, 0, i);
        }
        assertEquals(25, q.maxOffset());
        assertEquals(3, q.files().files().size(), "10 entries per file");

        q.truncateBeyond(1550); // entries whose record ends past 1550 go
        assertEquals(15, q.maxOffset());
        assertEquals(1500, q.maxPhysicOffset());
        q.correctMinOffset(1000);
        assertEquals(10, q.minOffset());
        assertEquals(1, q.deleteExpiredFiles(1000), "the first file only points below 1000");
        assertEquals(10, q.minOffset());
    }

    @Test
    void recoverFindsTheEndOfEachFile() throws Exception {
        ConsumeQueue q = new ConsumeQueue("T", 0, dir, 10);
        for (int i = 0; i < 13; i++) {
            q.put(i * 100L, 100, 0, i);
        }
        q.close();
        ConsumeQueue r = new ConsumeQueue("T", 0, dir, 10);
        r.files().load();
        r.recover(true);
        assertEquals(13, r.maxOffset());
        assertEquals(1300, r.maxPhysicOffset());
    }

    @Test
    void truncateCutsATornLastEntryPointingBelowItsPredecessor() throws Exception {
        ConsumeQueue q = new ConsumeQueue("T", 0, dir, 10);
        for (int i = 0; i < 3; i++) {
            q.put(i * 100L, 100, 7, i);
        }
        // a power cut kept the high bytes of the last entry's offset only: it now points into an earlier record
        ConsumeQueueEntry.write(q.files().files().get(0).mappedBuffer(), 2 * ConsumeQueueEntry.ENTRY_SIZE, 0L, 100, 7);
        q.truncateBeyond(Long.MAX_VALUE);
        assertEquals(2, q.maxOffset());
        assertEquals(200, q.maxPhysicOffset());
    }
}

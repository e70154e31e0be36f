package dev.apogee.store.index;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.*;

class IndexFileTest {
    @TempDir
    Path dir;

    @Test
    void chainsCollidingKeysAndFiltersByHashAndTime() throws Exception {
        IndexFile f = IndexFile.create(dir, 1000, 1, 10); // one slot: every key collides
        assertTrue(f.put("T#a", 1000, 10_000));
        assertTrue(f.put("T#b", 1100, 11_000));
        assertTrue(f.put("T#a", 1200, 15_000));
        List<Long> out = new ArrayList<>();
        f.query("T#a", 0, Long.MAX_VALUE, 10, out);
        assertEquals(List.of(1200L, 1000L), out, "newest first, other keys skipped");
        out.clear();
        f.query("T#a", 12_000, 20_000, 10, out);
        assertEquals(List.of(1200L), out);
        out.clear();
        f.query("T#a", 0, Long.MAX_VALUE, 1, out);
        assertEquals(1, out.size());
        assertEquals(1000, f.beginPhyOffset());
        assertEquals(1200, f.endPhyOffset());
        assertEquals(15_000, f.endTimestamp());
    }

    @Test
    void refusesWhenFullAndReopensFromItsHeader() throws Exception {
        IndexFile f = IndexFile.create(dir, 0, 4, 2);
        assertTrue(f.put("k1", 0, 1_000));
        assertTrue(f.put("k2", 10, 2_000));
        assertFalse(f.put("k3", 20, 3_000));
        assertTrue(f.isFull());
        f.flush();
        f.close();
        IndexFile g = IndexFile.open(f.mappedFile().path(), 4, 2);
        assertNotNull(g);
        assertEquals(2, g.entryCount());
        List<Long> out = new ArrayList<>();
        g.query("k2", 0, Long.MAX_VALUE, 5, out);
        assertEquals(List.of(10L), out);
        g.close();
        assertNull(IndexFile.open(f.mappedFile().path(), 8, 2), "a file written with other dimensions is rejected");
    }
}

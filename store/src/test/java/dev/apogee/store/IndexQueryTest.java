package dev.apogee.store;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static dev.apogee.store.StoreTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

class IndexQueryTest {
    @TempDir
    Path dir;

    @Test
    void queriesByKeyAndUniqKeyWithinTimeRange() throws Exception {
        MutableClock clock = new MutableClock(10_000_000L);
        try (MessageStore store = openStarted(smallConfig(dir).clock(clock).build())) {
            PutResult a = put(store, tagged("I", 0, "a", null, "order-1 customer-7", "UNIQ-A"));
            clock.advance(60_000);
            PutResult b = put(store, tagged("I", 1, "b", null, "order-2 customer-7", "UNIQ-B"));
            put(store, tagged("Other", 0, "c", null, "customer-7", "UNIQ-C"));
            awaitDispatched(store);

            QueryResult byKey = store.queryMessage("I", "customer-7", 10, 0, Long.MAX_VALUE);
            assertEquals(Set.of(a.wroteOffset(), b.wroteOffset()), new HashSet<>(byKey.physicalOffsets()));
            assertEquals(2, byKey.messages().size());

            QueryResult early = store.queryMessage("I", "customer-7", 10, 0, 10_000_000L + 30_000);
            assertEquals(java.util.List.of(a.wroteOffset()), early.physicalOffsets());
            QueryResult late = store.queryMessage("I", "customer-7", 10, 10_000_000L + 30_000, Long.MAX_VALUE);
            assertEquals(java.util.List.of(b.wroteOffset()), late.physicalOffsets());

            QueryResult uniq = store.queryMessage("I", "UNIQ-B", 10, 0, Long.MAX_VALUE);
            assertEquals(1, uniq.messages().size());
            assertEquals("b", body(uniq.messages().get(0)));
            assertTrue(store.queryMessage("I", "UNIQ-C", 10, 0, Long.MAX_VALUE).messages().isEmpty(),
                    "keys are per topic");
            assertTrue(store.queryMessage("I", "missing", 10, 0, Long.MAX_VALUE).messages().isEmpty());
            assertEquals(1, store.queryMessage("I", "customer-7", 1, 0, Long.MAX_VALUE).messages().size());
        }
    }

    @Test
    void rollsOverIndexFilesAndSurvivesRestart() throws Exception {
        int n = 500; // maxIndexNum 400 per file, 2 keys per message
        try (MessageStore store = openStarted(smallConfig(dir).build())) {
            for (int i = 0; i < n; i++) {
                put(store, tagged("IX", 0, "m" + i, null, "k" + i, "U" + i));
            }
            awaitDispatched(store);
        }
        try (MessageStore store = openStarted(smallConfig(dir).build())) {
            for (int i : new int[] {0, 199, 200, 399, 499}) {
                QueryResult q = store.queryMessage("IX", "k" + i, 5, 0, Long.MAX_VALUE);
                assertEquals(1, q.messages().size(), "k" + i);
                assertEquals("m" + i, body(q.messages().get(0)));
                assertEquals(1, store.queryMessage("IX", "U" + i, 5, 0, Long.MAX_VALUE).messages().size());
            }
            assertTrue(java.nio.file.Files.list(dir.resolve("index")).count() >= 3);
        }
    }
}

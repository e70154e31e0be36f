package dev.apogee.store;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static dev.apogee.store.StoreTestSupport.*;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.*;

class ConsumeQueueTest {
    @TempDir
    Path dir;

    @Test
    void rollsOverConsumeQueueFilesAndKeepsRandomAccess() throws Exception {
        try (MessageStore store = openStarted(smallConfig(dir).build())) {
            List<PutResult> results = new ArrayList<>();
            for (int i = 0; i < 250; i++) {
                results.add(put(store, message("CQ", 2, "m" + i)));
            }
            awaitDispatched(store);
            assertEquals(250, store.getMaxOffsetInQueue("CQ", 2));
            assertEquals(0, store.getMinOffsetInQueue("CQ", 2));
            Path qdir = dir.resolve("consumequeue").resolve("CQ").resolve("2");
            assertTrue(Files.exists(qdir.resolve("00000000000000002000")), "second file at 100 entries x 20 bytes");
            assertTrue(Files.exists(qdir.resolve("00000000000000004000")));
            for (int i : new int[] {0, 99, 100, 101, 199, 200, 249}) {
                assertEquals(results.get(i).wroteOffset(), store.getCommitLogOffsetInQueue("CQ", 2, i));
                GetResult g = store.getMessages("CQ", 2, i, 1, 1 << 20, null);
                assertEquals("m" + i, body(g.messages().get(0)));
            }
            assertEquals(-1, store.getCommitLogOffsetInQueue("CQ", 2, 250));
        }
    }

    @Test
    void offsetByTimeLowerAndUpperAndEarliestTime() throws Exception {
        MutableClock clock = new MutableClock(1_000_000L);
        try (MessageStore store = openStarted(smallConfig(dir).clock(clock).build())) {
            // offsets 0..9 at t=1000s, 10..19 at t=2000s, 20..29 at t=3000s
            for (int i = 0; i < 30; i++) {
                if (i % 10 == 0 && i > 0) {
                    clock.advance(1_000_000L);
                }
                put(store, message("Time", 0, "m" + i));
            }
            awaitDispatched(store);
            assertEquals(0, store.getOffsetInQueueByTime("Time", 0, 0, BoundaryType.LOWER));
            assertEquals(10, store.getOffsetInQueueByTime("Time", 0, 1_500_000L, BoundaryType.LOWER));
            assertEquals(10, store.getOffsetInQueueByTime("Time", 0, 2_000_000L, BoundaryType.LOWER));
            assertEquals(19, store.getOffsetInQueueByTime("Time", 0, 2_000_000L, BoundaryType.UPPER));
            assertEquals(9, store.getOffsetInQueueByTime("Time", 0, 1_999_999L, BoundaryType.UPPER));
            assertEquals(29, store.getOffsetInQueueByTime("Time", 0, 9_000_000L, BoundaryType.UPPER));
            assertEquals(30, store.getOffsetInQueueByTime("Time", 0, 9_000_000L, BoundaryType.LOWER));
            assertEquals(0, store.getOffsetInQueueByTime("Time", 0, 1L, BoundaryType.UPPER));
            assertEquals(1_000_000L, store.getEarliestMessageTime("Time", 0));
            assertEquals(-1, store.getEarliestMessageTime("Time", 7));
            assertEquals(0, store.getOffsetInQueueByTime("Nope", 0, 5, BoundaryType.LOWER));
        }
    }

    @Test
    void dispatchListenerSeesEveryEntryAfterItIsReadable() throws Exception {
        try (MessageStore store = openStarted(smallConfig(dir).build())) {
            List<String> seen = new CopyOnWriteArrayList<>();
            List<Boolean> readable = new CopyOnWriteArrayList<>();
            store.addDispatchListener((topic, queueId, next, tagsCode, ts) -> {
                seen.add(topic + "/" + queueId + "/" + next + "/" + tagsCode);
                readable.add(store.getMaxOffsetInQueue(topic, queueId) >= next);
            });
            put(store, tagged("L", 1, "a", "TagA", null, null));
            put(store, tagged("L", 1, "b", null, null, null));
            await().atMost(5, TimeUnit.SECONDS).until(() -> seen.size() == 2);
            assertEquals(List.of("L/1/1/" + "TagA".hashCode(), "L/1/2/0"), seen);
            assertEquals(List.of(true, true), readable);
        }
    }

    @Test
    void deleteTopicsRemovesQueuesAndRestartsOffsets() throws Exception {
        try (MessageStore store = openStarted(smallConfig(dir).build())) {
            put(store, message("D", 0, "a"));
            put(store, message("D", 0, "b"));
            awaitDispatched(store);
            store.deleteTopics(java.util.Set.of("D"));
            assertEquals(0, store.getMaxOffsetInQueue("D", 0));
            assertEquals(GetStatus.NO_MATCHED_LOGIC_QUEUE, store.getMessages("D", 0, 0, 1, 1 << 20, null).status());
            assertFalse(Files.exists(dir.resolve("consumequeue").resolve("D")));
            assertEquals(0, put(store, message("D", 0, "c")).queueOffset());
        }
    }
}

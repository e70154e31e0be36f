package dev.apogee.store;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static dev.apogee.store.StoreTestSupport.*;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.*;

class FlushTest {
    @TempDir
    Path dir;

    @Test
    void asyncFlushMakesEverythingDurableEventually() throws Exception {
        try (MessageStore store = openStarted(smallConfig(dir).flushMinDirtyPages(4).build())) {
            PutResult last = null;
            for (int i = 0; i < 100; i++) {
                last = put(store, message("A", 0, repeat('a', 900)));
            }
            long end = last.nextOffset();
            assertEquals(PutStatus.PUT_OK, last.status());
            await().atMost(5, TimeUnit.SECONDS).until(() -> store.getFlushedPhyOffset() >= end);
        }
    }

    @Test
    void syncFlushCompletesOnlyWhenDurable() throws Exception {
        StoreConfig config = smallConfig(dir).flushMode(FlushMode.SYNC_FLUSH).build();
        try (MessageStore store = openStarted(config)) {
            for (int i = 0; i < 50; i++) {
                PutResult r = put(store, message("S", 0, "sync-" + i));
                assertEquals(PutStatus.PUT_OK, r.status());
                assertTrue(store.getFlushedPhyOffset() >= r.nextOffset(), "durable before acknowledged");
            }
        }
    }

    @Test
    void syncFlushWithWaitFalseDoesNotWait() throws Exception {
        StoreConfig config = smallConfig(dir).flushMode(FlushMode.SYNC_FLUSH).build();
        try (MessageStore store = openStarted(config)) {
            CompletableFuture<PutResult> f = store.putMessage(message("S", 0, "nowait", Map.of("WAIT", "false")));
            assertTrue(f.isDone(), "completed in the calling thread");
            assertEquals(PutStatus.PUT_OK, f.get().status());
            long end = f.get().nextOffset();
            await().atMost(5, TimeUnit.SECONDS).until(() -> store.getFlushedPhyOffset() >= end);
        }
    }

    @Test
    void syncFlushForAMessageNobodyWaitsForDoesNotWaitWhateverItsWaitProperty() throws Exception {
        StoreConfig config = smallConfig(dir).flushMode(FlushMode.SYNC_FLUSH).build();
        try (MessageStore store = openStarted(config)) {
            int returnedUnflushed = 0;
            long end = 0;
            for (int i = 0; i < 100; i++) {
                MessageToStore m = message("S", 0, "oneway-" + i, Map.of("WAIT", "true")).nobodyWaits();
                assertFalse(m.waitStoreMsgOK());
                CompletableFuture<PutResult> f = store.putMessage(m);
                assertTrue(f.isDone(), "completed in the calling thread");
                end = f.get().nextOffset();
                if (store.getFlushedPhyOffset() < end) {
                    returnedUnflushed++;
                }
            }
            // a waiting put is never answered before its force (syncFlushCompletesOnlyWhenDurable); these were
            assertTrue(returnedUnflushed > 0, "puts nobody waits for did not wait for a force");
            long last = end;
            await().atMost(5, TimeUnit.SECONDS).until(() -> store.getFlushedPhyOffset() >= last);
        }
    }

    @Test
    void groupCommitSharesForcesAmongManyWriters() throws Exception {
        StoreConfig config = smallConfig(dir).flushMode(FlushMode.SYNC_FLUSH).commitLogFileSize(1 << 20).build();
        int threads = 32;
        int perThread = 40;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try (MessageStore store = openStarted(config)) {
            List<Future<List<PutResult>>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int id = t;
                futures.add(pool.submit(() -> {
                    List<PutResult> out = new ArrayList<>();
                    for (int i = 0; i < perThread; i++) {
                        PutResult r = store.putMessage(message("GC", id % 4, "t" + id + "-" + i)).get();
                        assertTrue(store.getFlushedPhyOffset() >= r.nextOffset());
                        out.add(r);
                    }
                    return out;
                }));
            }
            int ok = 0;
            for (Future<List<PutResult>> f : futures) {
                for (PutResult r : f.get(60, TimeUnit.SECONDS)) {
                    assertEquals(PutStatus.PUT_OK, r.status());
                    ok++;
                }
            }
            assertEquals(threads * perThread, ok);
            long forces = store.stats().groupCommitForces();
            assertTrue(forces < ok / 2, "one force covers many writers: " + forces + " forces for " + ok);
            assertEquals(ok, store.stats().putMessages());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void transientStorePoolCommitsInTheBackground() throws Exception {
        StoreConfig config = smallConfig(dir).transientStorePoolEnable(true).transientStorePoolSize(2)
                .commitIntervalMs(20).commitMinDirtyPages(0).build();
        List<PutResult> results = new ArrayList<>();
        try (MessageStore store = openStarted(config)) {
            for (int i = 0; i < 300; i++) {
                results.add(put(store, message("TP", 0, repeat('p', 500) + i)));
            }
            awaitDispatched(store);
            assertEquals(300, store.getMaxOffsetInQueue("TP", 0));
            GetResult g = store.getMessages("TP", 0, 299, 1, 1 << 20, null);
            assertEquals(repeat('p', 500) + 299, body(g.messages().get(0)));
        }
        try (MessageStore store = openStarted(smallConfig(dir).build())) {
            assertEquals(300, store.getMaxOffsetInQueue("TP", 0));
            assertEquals(results.get(299).nextOffset(), store.getMaxPhyOffset());
        }
    }

    @Test
    void syncFlushWithTheTransientPoolAcknowledgesOnlyDurableAndReadableMessages() throws Exception {
        StoreConfig config = smallConfig(dir).flushMode(FlushMode.SYNC_FLUSH).transientStorePoolEnable(true)
                .transientStorePoolSize(2).build();
        int threads = 8;
        int perThread = 60;
        ExecutorService writers = Executors.newFixedThreadPool(threads);
        List<Future<List<PutResult>>> futures = new ArrayList<>();
        long flushedAtLastAck;
        try (MessageStore store = openStarted(config)) {
            for (int t = 0; t < threads; t++) {
                int writer = t;
                futures.add(writers.submit(() -> {
                    List<PutResult> mine = new ArrayList<>();
                    for (int i = 0; i < perThread; i++) {
                        PutResult r = put(store, message("SP", 0, "w" + writer + "-" + i + repeat('s', 300)));
                        assertEquals(PutStatus.PUT_OK, r.status());
                        // acknowledged means durable: the flushed position covers the record
                        assertTrue(store.getFlushedPhyOffset() >= r.nextOffset());
                        mine.add(r);
                    }
                    return mine;
                }));
            }
            for (Future<List<PutResult>> f : futures) {
                f.get(60, TimeUnit.SECONDS);
            }
            awaitDispatched(store);
            assertEquals(threads * perThread, store.getMaxOffsetInQueue("SP", 0));
            flushedAtLastAck = store.getFlushedPhyOffset();
        } finally {
            writers.shutdownNow();
        }
        try (MessageStore store = openStarted(smallConfig(dir).build())) {
            assertEquals(threads * perThread, store.getMaxOffsetInQueue("SP", 0));
            assertEquals(flushedAtLastAck, store.getMaxPhyOffset());
        }
    }
}

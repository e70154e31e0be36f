package dev.apogee.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static dev.apogee.store.StoreTestSupport.message;
import static dev.apogee.store.StoreTestSupport.openStarted;
import static dev.apogee.store.StoreTestSupport.put;
import static dev.apogee.store.StoreTestSupport.smallConfig;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link MessageStore#makeDurable}: a record is on disk when the future completes, in either flush mode; and
 * {@link MessageStore#makeReadableDurable} forces every readable record.
 */
class MakeDurableTest {
    @TempDir
    Path dir;

    @Test
    void asyncFlushForcesTheRecordAtOnce() throws Exception {
        // periodic flushes far apart and needing many dirty pages: only makeDurable can flush this record in time
        StoreConfig config = smallConfig(dir).flushIntervalMs(60_000).flushMinDirtyPages(1_000)
                .flushThoroughIntervalMs(600_000).build();
        try (MessageStore store = openStarted(config)) {
            PutResult put = put(store, message("D", 0, "must-be-durable"));
            assertTrue(store.getFlushedPhyOffset() < put.nextOffset(), "flushed before asked");
            PutResult durable = store.makeDurable(put).get(10, TimeUnit.SECONDS);
            assertEquals(PutStatus.PUT_OK, durable.status());
            assertTrue(store.getFlushedPhyOffset() >= put.nextOffset());
        }
    }

    @Test
    void syncFlushCompletesForAnAlreadyFlushedRecord() throws Exception {
        try (MessageStore store = openStarted(smallConfig(dir).flushMode(FlushMode.SYNC_FLUSH).build())) {
            PutResult put = put(store, message("D", 0, "sync"));
            assertEquals(PutStatus.PUT_OK, store.makeDurable(put).get(10, TimeUnit.SECONDS).status());
            assertTrue(store.getFlushedPhyOffset() >= put.nextOffset());
        }
    }

    @Test
    void makeReadableDurableForcesEverythingReadable() throws Exception {
        StoreConfig config = smallConfig(dir).flushIntervalMs(60_000).flushMinDirtyPages(1_000)
                .flushThoroughIntervalMs(600_000).build();
        try (MessageStore store = openStarted(config)) {
            put(store, message("D", 0, "first"));
            PutResult last = put(store, message("D", 1, "second"));
            assertTrue(store.getFlushedPhyOffset() < last.nextOffset(), "flushed before asked");
            assertTrue(store.makeReadableDurable());
            assertTrue(store.getFlushedPhyOffset() >= last.nextOffset());
        }
    }
}

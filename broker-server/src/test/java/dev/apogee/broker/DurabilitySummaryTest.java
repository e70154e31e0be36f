package dev.apogee.broker;

import dev.apogee.store.FlushMode;
import dev.apogee.store.StoreConfig;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The start line's durability part is read from the store's effective config, in {@code broker.conf} words. */
class DurabilitySummaryTest {
    private final Path store = Path.of("/var/lib/apogee/store");

    @Test
    void syncFlushStatesItsTimeout() {
        StoreConfig config = StoreConfig.builder(store).flushMode(FlushMode.SYNC_FLUSH).syncFlushTimeoutMs(3_000)
                .build();
        assertEquals("flushDiskType SYNC_FLUSH (syncFlushTimeoutMillis 3000), transientStorePoolEnable false, "
                + "store /var/lib/apogee/store", DurabilitySummary.of(config));
    }

    @Test
    void asyncFlushStatesWhenItForces() {
        StoreConfig config = StoreConfig.builder(store).flushMode(FlushMode.ASYNC_FLUSH).flushIntervalMs(200)
                .flushMinDirtyPages(8).flushThoroughIntervalMs(5_000).transientStorePoolEnable(true).build();
        assertEquals("flushDiskType ASYNC_FLUSH (flushIntervalCommitLog 200, flushCommitLogLeastPages 8, "
                + "flushCommitLogThoroughInterval 5000), transientStorePoolEnable true, store /var/lib/apogee/store",
                DurabilitySummary.of(config));
    }
}

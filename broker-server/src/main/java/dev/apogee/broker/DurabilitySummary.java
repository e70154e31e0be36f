package dev.apogee.broker;

import dev.apogee.store.FlushMode;
import dev.apogee.store.StoreConfig;

/**
 * The durability settings a store actually runs with, in the words of {@code broker.conf}, for the start lines an
 * operator reads ({@code BROKER-STARTED}, {@code STANDALONE-STARTED}). Built from the store's own
 * {@link StoreConfig} rather than from the text of the config file, so the line can never show a mode the store
 * does not use.
 */
public final class DurabilitySummary {
    private DurabilitySummary() {
    }

    /**
     * E.g. {@code flushDiskType SYNC_FLUSH (syncFlushTimeoutMillis 5000), transientStorePoolEnable false,
     * store /var/lib/apogee/store}.
     */
    public static String of(StoreConfig store) {
        StringBuilder line = new StringBuilder("flushDiskType ").append(store.flushMode());
        if (store.flushMode() == FlushMode.SYNC_FLUSH) {
            line.append(" (syncFlushTimeoutMillis ").append(store.syncFlushTimeoutMs()).append(')');
        } else {
            line.append(" (flushIntervalCommitLog ").append(store.flushIntervalMs())
                    .append(", flushCommitLogLeastPages ").append(store.flushMinDirtyPages())
                    .append(", flushCommitLogThoroughInterval ").append(store.flushThoroughIntervalMs()).append(')');
        }
        return line.append(", transientStorePoolEnable ").append(store.transientStorePoolEnable())
                .append(", store ").append(store.storePath().toAbsolutePath()).toString();
    }
}

package dev.apogee.store;

/** When a put is acknowledged relative to the disk. */
public enum FlushMode {
    /** Acknowledge once written to the page cache; a background service flushes at an interval. */
    ASYNC_FLUSH,
    /** Acknowledge only once durable; concurrent writers share one {@code force} (group commit). */
    SYNC_FLUSH
}

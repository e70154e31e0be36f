package dev.apogee.store;

/** Outcome of a put. Only {@link #PUT_OK} and {@link #FLUSH_DISK_TIMEOUT} mean the message was appended. */
public enum PutStatus {
    PUT_OK,
    /** Appended, but not known durable within {@code syncFlushTimeoutMs} (SYNC_FLUSH only). */
    FLUSH_DISK_TIMEOUT,
    /** Record over {@code maxMessageSize}, topic too long, batch mixing queues, or a record larger than a file. */
    MESSAGE_ILLEGAL,
    /** Properties longer than 32767 bytes. */
    PROPERTIES_SIZE_EXCEEDED,
    /** Store shut down, not started, or read-only. */
    SERVICE_NOT_AVAILABLE,
    /** The put lock has been held for longer than {@code osPageCacheBusyTimeoutMs}: the disk is stalling. */
    OS_PAGE_CACHE_BUSY,
    /** Free space is below the configured ratio or file creation failed for lack of space. */
    DISK_FULL,
    /**
     * An fsync of the store failed earlier (logged with id STORE-FSYNC-FAILED): the store is fail-stopped and refuses
     * every write until it is restarted, since data it could not make durable may be lost.
     */
    FSYNC_FAILED,
    /** An I/O failure other than a full disk; logged with id STORE-IO. */
    UNKNOWN_ERROR;

    /** True when the bytes are in the commit log. */
    public boolean isAppended() {
        return this == PUT_OK || this == FLUSH_DISK_TIMEOUT;
    }
}

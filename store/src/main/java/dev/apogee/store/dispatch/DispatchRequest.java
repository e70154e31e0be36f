package dev.apogee.store.dispatch;

/**
 * What the dispatcher learned from one commit-log record; one instance is reused for every record by the dispatch
 * thread, so consumers must copy what they keep.
 */
public final class DispatchRequest {
    public String topic;
    public int queueId;
    public long physicalOffset;
    public int size;
    public long tagsCode;
    public long storeTimestamp;
    public long queueOffset;
    public int sysFlag;
    /** KEYS property (space-separated), or null. */
    public String keys;
    /** UNIQ_KEY property, or null. */
    public String uniqKey;
}

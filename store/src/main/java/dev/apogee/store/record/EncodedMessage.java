package dev.apogee.store.record;

import java.nio.ByteBuffer;

/**
 * One message prepared for appending: the variable-length parts already turned into bytes and the body CRC already
 * computed, so that the work left under the commit log's put lock is copying bytes. Filled once by the putting thread
 * before it takes the lock (see {@code commitlog.MessagePreparer}), then read by {@link MessageRecordEncoder}; not
 * shared afterwards.
 */
public final class EncodedMessage {
    public String topicName;
    public byte[] topic;
    public int queueId;
    public int flag;
    public ByteBuffer body;
    public int bodyCrc;
    public byte[] properties;
    /** Whether the record ends with a {@link RecordCrc} property after {@link #properties}. */
    public boolean recordCrc;
    public int sysFlag;
    public long bornTimestamp;
    public byte[] bornHost;
    public int bornPort;
    public byte[] storeHost;
    public int storePort;
    public int reconsumeTimes;
    public long preparedTransactionOffset;
    /** Derived: total record size, v2 magic needed, TAGS hash. */
    public int recordSize;
    public boolean v2;
    public long tagsCode;
}

package dev.apogee.store.record;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * A read view over one stored message record (protocol doc section 4.1) at an absolute position of a buffer.
 * Big-endian, as RocketMQ writes it. Nothing is copied: accessors read the buffer on demand.
 *
 * <pre>
 * offset            width      field
 * 0                 4          TOTALSIZE           whole record, including this field
 * 4                 4          MAGICCODE           0xDAA320A7 v1 / 0xDAA320AB v2 / 0xCBD43194 end-of-file blank
 * 8                 4          BODYCRC             CRC-32 of the body &amp; 0x7FFFFFFF
 * 12                4          QUEUEID
 * 16                4          FLAG
 * 20                8          QUEUEOFFSET
 * 28                8          PHYSICALOFFSET
 * 36                4          SYSFLAG             0x10 born host IPv6, 0x20 store host IPv6
 * 40                8          BORNTIMESTAMP
 * 48                8 | 20     BORNHOST            IPv4 (4) or IPv6 (16) address + int32 port
 * b = 48 + bh       8          STORETIMESTAMP
 * b + 8             8 | 20     STOREHOST
 * s = b + 8 + sh    4          RECONSUMETIMES
 * s + 4             8          PREPAREDTRANSACTIONOFFSET
 * s + 12            4 + n      BODYLENGTH + BODY
 * ...               1|2 + t    TOPICLENGTH (1 byte v1, 2 bytes v2) + TOPIC
 * ...               2 + p      PROPERTIESLENGTH (int16) + PROPERTIES
 * </pre>
 *
 * The end-of-file blank record is only TOTALSIZE (= bytes left in the file) and MAGICCODE; the rest of the file
 * after it is undefined.
 */
public final class MessageRecordFlyweight {
    public static final int MAGIC_V1 = 0xDAA320A7;
    public static final int MAGIC_V2 = 0xDAA320AB;
    public static final int MAGIC_BLANK = 0xCBD43194;

    public static final int TOTAL_SIZE_OFFSET = 0;
    public static final int MAGIC_OFFSET = TOTAL_SIZE_OFFSET + 4;
    public static final int BODY_CRC_OFFSET = MAGIC_OFFSET + 4;
    public static final int QUEUE_ID_OFFSET = BODY_CRC_OFFSET + 4;
    public static final int FLAG_OFFSET = QUEUE_ID_OFFSET + 4;
    public static final int QUEUE_OFFSET_OFFSET = FLAG_OFFSET + 4;
    public static final int PHYSICAL_OFFSET_OFFSET = QUEUE_OFFSET_OFFSET + 8;
    public static final int SYS_FLAG_OFFSET = PHYSICAL_OFFSET_OFFSET + 8;
    public static final int BORN_TIMESTAMP_OFFSET = SYS_FLAG_OFFSET + 4;
    public static final int BORN_HOST_OFFSET = BORN_TIMESTAMP_OFFSET + 8;
    /** Size of the end-of-file blank header: TOTALSIZE + MAGICCODE. A file always keeps room for it. */
    public static final int BLANK_HEADER_LENGTH = MAGIC_OFFSET + 4;
    /** Smallest possible message record: IPv4 hosts, empty body, 1-byte topic, no properties. */
    public static final int MIN_RECORD_SIZE = recordSize(0, 0, 1, 0, false);

    private ByteBuffer buffer;
    private int base;

    /** Points this view at the record starting at {@code offset} of {@code buffer}; returns this. */
    public MessageRecordFlyweight wrap(ByteBuffer buffer, int offset) {
        this.buffer = buffer;
        this.base = offset;
        return this;
    }

    public ByteBuffer buffer() {
        return buffer;
    }

    public int base() {
        return base;
    }

    /** Size of a record with these field lengths (v2 uses a 2-byte topic length). */
    public static int recordSize(int sysFlag, int bodyLength, int topicLength, int propertiesLength, boolean v2) {
        return BORN_HOST_OFFSET + SysFlag.bornHostLength(sysFlag) + 8 + SysFlag.storeHostLength(sysFlag)
                + 4 + 8 + 4 + bodyLength + (v2 ? 2 : 1) + topicLength + 2 + propertiesLength;
    }

    public int totalSize() {
        return buffer.getInt(base + TOTAL_SIZE_OFFSET);
    }

    public int magic() {
        return buffer.getInt(base + MAGIC_OFFSET);
    }

    public boolean isBlank() {
        return magic() == MAGIC_BLANK;
    }

    public int bodyCrc() {
        return buffer.getInt(base + BODY_CRC_OFFSET);
    }

    public int queueId() {
        return buffer.getInt(base + QUEUE_ID_OFFSET);
    }

    public int flag() {
        return buffer.getInt(base + FLAG_OFFSET);
    }

    public long queueOffset() {
        return buffer.getLong(base + QUEUE_OFFSET_OFFSET);
    }

    public long physicalOffset() {
        return buffer.getLong(base + PHYSICAL_OFFSET_OFFSET);
    }

    public int sysFlag() {
        return buffer.getInt(base + SYS_FLAG_OFFSET);
    }

    public long bornTimestamp() {
        return buffer.getLong(base + BORN_TIMESTAMP_OFFSET);
    }

    /** Relative offset of STORETIMESTAMP. */
    public int storeTimestampOffset() {
        return BORN_HOST_OFFSET + SysFlag.bornHostLength(sysFlag());
    }

    public long storeTimestamp() {
        return buffer.getLong(base + storeTimestampOffset());
    }

    public int storeHostOffset() {
        return storeTimestampOffset() + 8;
    }

    public int reconsumeTimesOffset() {
        return storeHostOffset() + SysFlag.storeHostLength(sysFlag());
    }

    public int reconsumeTimes() {
        return buffer.getInt(base + reconsumeTimesOffset());
    }

    public long preparedTransactionOffset() {
        return buffer.getLong(base + reconsumeTimesOffset() + 4);
    }

    public int bodyLengthOffset() {
        return reconsumeTimesOffset() + 12;
    }

    public int bodyLength() {
        return buffer.getInt(base + bodyLengthOffset());
    }

    /** Relative offset of the first body byte. */
    public int bodyOffset() {
        return bodyLengthOffset() + 4;
    }

    public boolean isV2() {
        return magic() == MAGIC_V2;
    }

    public int topicLengthOffset() {
        return bodyOffset() + bodyLength();
    }

    public int topicLength() {
        int at = base + topicLengthOffset();
        return isV2() ? buffer.getShort(at) & 0xFFFF : buffer.get(at) & 0xFF;
    }

    public int topicOffset() {
        return topicLengthOffset() + (isV2() ? 2 : 1);
    }

    public String topic() {
        return string(topicOffset(), topicLength());
    }

    /** True when the topic bytes equal {@code utf8} (lets a reader reuse a decoded topic string). */
    public boolean topicEquals(byte[] utf8) {
        int len = topicLength();
        if (utf8 == null || len != utf8.length) {
            return false;
        }
        int at = base + topicOffset();
        for (int i = 0; i < len; i++) {
            if (buffer.get(at + i) != utf8[i]) {
                return false;
            }
        }
        return true;
    }

    public int propertiesLengthOffset() {
        return topicOffset() + topicLength();
    }

    public int propertiesLength() {
        return buffer.getShort(base + propertiesLengthOffset()) & 0xFFFF;
    }

    public String properties() {
        return string(propertiesLengthOffset() + 2, propertiesLength());
    }

    /** Copies the body (tests, recovery checks); forwarding code should slice the buffer instead. */
    public byte[] body() {
        byte[] b = new byte[bodyLength()];
        buffer.get(base + bodyOffset(), b);
        return b;
    }

    private String string(int relativeOffset, int length) {
        if (length == 0) {
            return "";
        }
        byte[] b = new byte[length];
        buffer.get(base + relativeOffset, b);
        return new String(b, StandardCharsets.UTF_8);
    }
}

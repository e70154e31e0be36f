package dev.apogee.store.record;

import java.nio.ByteBuffer;

import static dev.apogee.store.record.MessageRecordFlyweight.BODY_CRC_OFFSET;
import static dev.apogee.store.record.MessageRecordFlyweight.BORN_HOST_OFFSET;
import static dev.apogee.store.record.MessageRecordFlyweight.BORN_TIMESTAMP_OFFSET;
import static dev.apogee.store.record.MessageRecordFlyweight.FLAG_OFFSET;
import static dev.apogee.store.record.MessageRecordFlyweight.MAGIC_OFFSET;
import static dev.apogee.store.record.MessageRecordFlyweight.PHYSICAL_OFFSET_OFFSET;
import static dev.apogee.store.record.MessageRecordFlyweight.QUEUE_ID_OFFSET;
import static dev.apogee.store.record.MessageRecordFlyweight.QUEUE_OFFSET_OFFSET;
import static dev.apogee.store.record.MessageRecordFlyweight.SYS_FLAG_OFFSET;
import static dev.apogee.store.record.MessageRecordFlyweight.TOTAL_SIZE_OFFSET;

/**
 * Writes records in the layout of {@link MessageRecordFlyweight} directly into a target buffer (the mapped commit-log
 * file) with absolute puts: no intermediate copy, no allocation. Stateless.
 */
public final class MessageRecordEncoder {
    private MessageRecordEncoder() {
    }

    /**
     * Writes {@code m} at {@code at}; the store-assigned fields are passed in. With {@code m.recordCrc} the record
     * ends with the CRC of everything before it, so the CRC is computed here, after the store-assigned fields.
     * Returns the record size.
     */
    public static int encode(ByteBuffer target, int at, EncodedMessage m, long queueOffset, long physicalOffset,
                             long storeTimestamp) {
        target.putInt(at + TOTAL_SIZE_OFFSET, m.recordSize);
        target.putInt(at + MAGIC_OFFSET, m.v2 ? MessageRecordFlyweight.MAGIC_V2 : MessageRecordFlyweight.MAGIC_V1);
        target.putInt(at + BODY_CRC_OFFSET, m.bodyCrc);
        target.putInt(at + QUEUE_ID_OFFSET, m.queueId);
        target.putInt(at + FLAG_OFFSET, m.flag);
        target.putLong(at + QUEUE_OFFSET_OFFSET, queueOffset);
        target.putLong(at + PHYSICAL_OFFSET_OFFSET, physicalOffset);
        target.putInt(at + SYS_FLAG_OFFSET, m.sysFlag);
        target.putLong(at + BORN_TIMESTAMP_OFFSET, m.bornTimestamp);
        int p = putHost(target, at + BORN_HOST_OFFSET, m.bornHost, m.bornPort);
        target.putLong(p, storeTimestamp);
        p = putHost(target, p + 8, m.storeHost, m.storePort);
        target.putInt(p, m.reconsumeTimes);
        target.putLong(p + 4, m.preparedTransactionOffset);
        int bodyLength = m.body.remaining();
        target.putInt(p + 12, bodyLength);
        p += 16;
        target.put(p, m.body, m.body.position(), bodyLength);
        p += bodyLength;
        if (m.v2) {
            target.putShort(p, (short) m.topic.length);
            p += 2;
        } else {
            target.put(p, (byte) m.topic.length);
            p += 1;
        }
        target.put(p, m.topic);
        p += m.topic.length;
        target.putShort(p, (short) (m.properties.length + (m.recordCrc ? RecordCrc.RESERVED_LENGTH : 0)));
        p += 2;
        if (m.properties.length > 0) {
            target.put(p, m.properties);
        }
        if (m.recordCrc) {
            RecordCrc.seal(target, at, m.recordSize);
        }
        return m.recordSize;
    }

    /** Writes the end-of-file blank record covering the {@code remaining} bytes from {@code at}. */
    public static void encodeBlank(ByteBuffer target, int at, int remaining) {
        target.putInt(at + TOTAL_SIZE_OFFSET, remaining);
        target.putInt(at + MAGIC_OFFSET, MessageRecordFlyweight.MAGIC_BLANK);
    }

    private static int putHost(ByteBuffer target, int at, byte[] address, int port) {
        target.put(at, address);
        target.putInt(at + address.length, port);
        return at + address.length + 4;
    }
}

package dev.apogee.store.record;

import java.nio.ByteBuffer;
import java.util.zip.CRC32;

/**
 * Checks one commit-log record for recovery and for the dispatcher: magic code, size bounds against the bytes left
 * in the file, field lengths adding up to TOTALSIZE, the PHYSICALOFFSET field matching the record's position, and
 * (optionally) the body CRC and the whole-record CRC ({@link RecordCrc}) when the record has one. Confined to one
 * thread (holds a reusable {@link CRC32} and flyweight).
 */
public final class RecordValidator {
    /** Outcome of {@link #check}. */
    public enum Outcome {
        /** A whole, consistent message record. */
        MESSAGE,
        /** The end-of-file blank record: continue at the next file. */
        BLANK,
        /** Zeroes: the written end of the log. */
        END,
        /** Anything else: a torn or corrupted record; the log ends before it. */
        CORRUPT
    }

    private final CRC32 crc = new CRC32();
    private final MessageRecordFlyweight record = new MessageRecordFlyweight();

    /** The view positioned on the last checked record. */
    public MessageRecordFlyweight record() {
        return record;
    }

    /**
     * Checks the record at {@code position} of {@code file} (a buffer whose index 0 is the file start) whose file
     * starts at commit-log offset {@code fileFromOffset}; {@code limit} is the number of readable bytes of the file.
     */
    public Outcome check(ByteBuffer file, int position, int limit, long fileFromOffset, boolean checkCrc) {
        int remaining = limit - position;
        if (remaining < MessageRecordFlyweight.BLANK_HEADER_LENGTH) {
            return remaining == 0 || allZero(file, position, limit) ? Outcome.END : Outcome.CORRUPT;
        }
        record.wrap(file, position);
        int size = record.totalSize();
        int magic = record.magic();
        if (magic == MessageRecordFlyweight.MAGIC_BLANK) {
            return size == remaining ? Outcome.BLANK : Outcome.CORRUPT;
        }
        if (magic != MessageRecordFlyweight.MAGIC_V1 && magic != MessageRecordFlyweight.MAGIC_V2) {
            return size == 0 && magic == 0 ? Outcome.END : Outcome.CORRUPT;
        }
        if (size < MessageRecordFlyweight.MIN_RECORD_SIZE || size > remaining) {
            return Outcome.CORRUPT;
        }
        return checkFields(size, fileFromOffset + position, checkCrc) ? Outcome.MESSAGE : Outcome.CORRUPT;
    }

    private boolean checkFields(int size, long expectedPhysicalOffset, boolean checkCrc) {
        if (record.physicalOffset() != expectedPhysicalOffset || record.bodyOffset() > size) {
            return false;
        }
        int bodyLength = record.bodyLength();
        if (bodyLength < 0 || record.bodyOffset() + (long) bodyLength > size - 3) {
            return false;
        }
        if (record.topicOffset() > size) {
            return false;
        }
        int topicEnd = record.topicOffset() + record.topicLength();
        if (topicEnd + 2 > size || topicEnd + 2 + record.propertiesLength() != size) {
            return false;
        }
        if (!checkCrc) {
            return true;
        }
        ByteBuffer body = record.buffer().duplicate();
        int from = record.base() + record.bodyOffset();
        body.limit(from + bodyLength).position(from);
        crc.reset();
        crc.update(body);
        return ((int) crc.getValue() & 0x7FFFFFFF) == record.bodyCrc()
                && RecordCrc.verify(record.buffer(), record.base(), size, record.propertiesLength())
                != RecordCrc.Check.MISMATCH;
    }

    private static boolean allZero(ByteBuffer file, int from, int to) {
        for (int i = from; i < to; i++) {
            if (file.get(i) != 0) {
                return false;
            }
        }
        return true;
    }
}

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

    /** Why the last {@link #check} answered {@link Outcome#CORRUPT} (store-check reports it; recovery needs none). */
    public enum Defect {
        /** Fewer bytes than a record header left in the file, and not all zeroes. */
        TRUNCATED_HEADER,
        /** MAGICCODE is none of the record magics. */
        BAD_MAGIC,
        /** TOTALSIZE below the smallest record, beyond the file, or a blank record not filling the file. */
        BAD_SIZE,
        /** PHYSICALOFFSET differs from the record's position in the log. */
        PHYSICAL_OFFSET_MISMATCH,
        /** Body, topic and properties lengths do not add up to TOTALSIZE. */
        BAD_FIELD_LENGTHS,
        /** The body's CRC differs from BODYCRC. */
        BODY_CRC_MISMATCH,
        /** The whole-record CRC property does not match the record's bytes. */
        RECORD_CRC_MISMATCH
    }

    private final CRC32 crc = new CRC32();
    private final MessageRecordFlyweight record = new MessageRecordFlyweight();
    private Defect defect;

    /** The view positioned on the last checked record. */
    public MessageRecordFlyweight record() {
        return record;
    }

    /** Why the last check found the record corrupt; null after any other outcome. */
    public Defect defect() {
        return defect;
    }

    /**
     * Checks the record at {@code position} of {@code file} (a buffer whose index 0 is the file start) whose file
     * starts at commit-log offset {@code fileFromOffset}; {@code limit} is the number of readable bytes of the file.
     */
    public Outcome check(ByteBuffer file, int position, int limit, long fileFromOffset, boolean checkCrc) {
        defect = null;
        int remaining = limit - position;
        if (remaining < MessageRecordFlyweight.BLANK_HEADER_LENGTH) {
            return remaining == 0 || allZero(file, position, limit) ? Outcome.END : corrupt(Defect.TRUNCATED_HEADER);
        }
        record.wrap(file, position);
        int size = record.totalSize();
        int magic = record.magic();
        if (magic == MessageRecordFlyweight.MAGIC_BLANK) {
            return size == remaining ? Outcome.BLANK : corrupt(Defect.BAD_SIZE);
        }
        if (magic != MessageRecordFlyweight.MAGIC_V1 && magic != MessageRecordFlyweight.MAGIC_V2) {
            return size == 0 && magic == 0 ? Outcome.END : corrupt(Defect.BAD_MAGIC);
        }
        if (size < MessageRecordFlyweight.MIN_RECORD_SIZE || size > remaining) {
            return corrupt(Defect.BAD_SIZE);
        }
        defect = checkFields(size, fileFromOffset + position, checkCrc);
        return defect == null ? Outcome.MESSAGE : Outcome.CORRUPT;
    }

    private Outcome corrupt(Defect found) {
        defect = found;
        return Outcome.CORRUPT;
    }

    /** The first defect of the record's fields, or null when it is whole. */
    private Defect checkFields(int size, long expectedPhysicalOffset, boolean checkCrc) {
        if (record.physicalOffset() != expectedPhysicalOffset) {
            return Defect.PHYSICAL_OFFSET_MISMATCH;
        }
        if (record.bodyOffset() > size) {
            return Defect.BAD_FIELD_LENGTHS;
        }
        int bodyLength = record.bodyLength();
        if (bodyLength < 0 || record.bodyOffset() + (long) bodyLength > size - 3) {
            return Defect.BAD_FIELD_LENGTHS;
        }
        if (record.topicOffset() > size) {
            return Defect.BAD_FIELD_LENGTHS;
        }
        int topicEnd = record.topicOffset() + record.topicLength();
        if (topicEnd + 2 > size || topicEnd + 2 + record.propertiesLength() != size) {
            return Defect.BAD_FIELD_LENGTHS;
        }
        if (!checkCrc) {
            return null;
        }
        ByteBuffer body = record.buffer().duplicate();
        int from = record.base() + record.bodyOffset();
        body.limit(from + bodyLength).position(from);
        crc.reset();
        crc.update(body);
        if (((int) crc.getValue() & 0x7FFFFFFF) != record.bodyCrc()) {
            return Defect.BODY_CRC_MISMATCH;
        }
        return RecordCrc.verify(record.buffer(), record.base(), size, record.propertiesLength())
                == RecordCrc.Check.MISMATCH ? Defect.RECORD_CRC_MISMATCH : null;
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

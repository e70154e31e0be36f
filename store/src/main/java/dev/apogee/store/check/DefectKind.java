package dev.apogee.store.check;

import dev.apogee.store.record.RecordValidator;

/** What store-check found wrong, by kind: commit-log record defects first, then consume-queue entry defects. */
public enum DefectKind {
    /** Fewer bytes than a record header left in a file, and not all zeroes. */
    RECORD_TRUNCATED_HEADER,
    /** A record whose magic code is none of the record magics. */
    RECORD_BAD_MAGIC,
    /** A record whose total size is impossible (too small, beyond its file, a blank record not filling its file). */
    RECORD_BAD_SIZE,
    /** A record whose PHYSICALOFFSET field is not its position in the log. */
    RECORD_OFFSET_MISMATCH,
    /** A record whose body, topic and properties lengths do not add up to its total size. */
    RECORD_BAD_FIELD_LENGTHS,
    /** A record whose body does not match its body CRC. */
    RECORD_BODY_CRC,
    /** A record whose bytes do not match its whole-record CRC property. */
    RECORD_CRC,
    /** A commit-log file that is not the last one but ends in zeroes without its end-of-file record. */
    COMMITLOG_MISSING_END,
    /** A consume-queue entry pointing past the end of the commit log. */
    CQ_BEYOND_LOG,
    /** A consume-queue entry pointing where no whole record starts. */
    CQ_NO_RECORD,
    /** A consume-queue entry whose size differs from the record's. */
    CQ_SIZE_MISMATCH,
    /** A consume-queue entry whose record belongs to another topic, queue or queue offset. */
    CQ_POSITION_MISMATCH,
    /** A consume-queue entry whose tags code differs from the one the record's properties give. */
    CQ_TAGS_CODE_MISMATCH,
    /** A consume-queue file whose size is not a whole number of entries. */
    CQ_PARTIAL_FILE;

    /** The kind for a record the validator found corrupt. */
    static DefectKind of(RecordValidator.Defect defect) {
        return switch (defect) {
            case TRUNCATED_HEADER -> RECORD_TRUNCATED_HEADER;
            case BAD_MAGIC -> RECORD_BAD_MAGIC;
            case BAD_SIZE -> RECORD_BAD_SIZE;
            case PHYSICAL_OFFSET_MISMATCH -> RECORD_OFFSET_MISMATCH;
            case BAD_FIELD_LENGTHS -> RECORD_BAD_FIELD_LENGTHS;
            case BODY_CRC_MISMATCH -> RECORD_BODY_CRC;
            case RECORD_CRC_MISMATCH -> RECORD_CRC;
        };
    }
}

package dev.apogee.store.check;

import dev.apogee.store.record.RecordValidator;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * Phase 1: walks every commit-log file from its start with the store's {@link RecordValidator} (CRCs included), as
 * recovery does, but on past a defect: a record whose structure holds (only a CRC differs) is stepped over by its
 * size; otherwise the next position where a whole record starts is searched byte by byte, and the bytes passed over
 * are counted. Confined to the checking thread.
 */
final class CommitLogCheck {
    private static final long PROGRESS_STEP = 1 << 20;

    private final CommitLogFiles log;
    private final StoreCheckReport report;
    private final StoreCheckProgress progress;
    private final RecordValidator validator = new RecordValidator();
    private final long total;
    private long done;
    private long lastReported;

    CommitLogCheck(CommitLogFiles log, StoreCheckReport report, StoreCheckProgress progress) {
        this.log = log;
        this.report = report;
        this.progress = progress;
        this.total = log.totalBytes();
    }

    /** Checks every file; returns the log offset just past the last whole record. */
    long run() {
        List<CommitLogFiles.LogFile> files = log.inOrder();
        int lastWithData = files.size() - 1;
        while (lastWithData > 0 && isEmpty(files.get(lastWithData))) {
            lastWithData--; // files created ahead of the writer (allocation service): nothing written yet
        }
        long end = log.minOffset();
        for (int i = 0; i < files.size(); i++) {
            CommitLogFiles.LogFile f = files.get(i);
            int stop = i > lastWithData ? -1 : checkFile(f, i == lastWithData);
            if (stop >= 0) {
                end = f.fromOffset() + stop;
            }
            done += f.size();
            lastReported = done;
            progress.progress("commitlog", done, total);
        }
        report.commitLog(files.size(), log.minOffset(), end);
        return end;
    }

    private boolean isEmpty(CommitLogFiles.LogFile f) {
        return validator.check(f.buffer(), 0, f.size(), f.fromOffset(), false) == RecordValidator.Outcome.END;
    }

    /** Checks one file; returns the position just past its last whole record, or -1 when it holds none. */
    private int checkFile(CommitLogFiles.LogFile f, boolean last) {
        ByteBuffer buffer = f.buffer();
        int size = f.size();
        int pos = 0;
        int lastEnd = -1;
        while (pos < size) {
            reportAt(f, pos);
            RecordValidator.Outcome outcome = validator.check(buffer, pos, size, f.fromOffset(), true);
            switch (outcome) {
                case MESSAGE -> {
                    int recordSize = validator.record().totalSize();
                    report.record(recordSize);
                    pos += recordSize;
                    lastEnd = pos;
                }
                case BLANK -> {
                    return lastEnd;
                }
                case END -> {
                    if (!last) {
                        report.defect(DefectKind.COMMITLOG_MISSING_END, name(f), pos, "zeroes from here to the"
                                + " end of a file that is not the last one; an end-of-file record was expected");
                    }
                    return lastEnd;
                }
                default -> pos = afterDefect(f, pos);
            }
        }
        return lastEnd;
    }

    /** Reports the corrupt record at {@code pos}; returns where checking goes on. */
    private int afterDefect(CommitLogFiles.LogFile f, int pos) {
        RecordValidator.Defect defect = validator.defect();
        // a truncated header was never wrapped: its size field is not there to read
        int recordSize = defect == RecordValidator.Defect.TRUNCATED_HEADER ? 0 : validator.record().totalSize();
        report.defect(DefectKind.of(defect), name(f), pos, describe(defect, f.fromOffset() + pos, recordSize));
        if (defect == RecordValidator.Defect.BODY_CRC_MISMATCH
                || defect == RecordValidator.Defect.RECORD_CRC_MISMATCH) {
            return pos + recordSize; // the structure holds: the next record starts right after this one
        }
        int next = resync(f, pos + 1);
        report.skipped(next - pos);
        return next;
    }

    /** The next position from {@code from} where a whole record (or the end-of-file record) starts; else the end. */
    private int resync(CommitLogFiles.LogFile f, int from) {
        for (int p = from; p < f.size(); p++) {
            RecordValidator.Outcome o = validator.check(f.buffer(), p, f.size(), f.fromOffset(), true);
            if (o == RecordValidator.Outcome.MESSAGE || o == RecordValidator.Outcome.BLANK) {
                return p;
            }
        }
        return f.size();
    }

    private static String describe(RecordValidator.Defect defect, long logOffset, int size) {
        return switch (defect) {
            case BODY_CRC_MISMATCH -> "record at log offset " + logOffset + " (" + size
                    + " bytes): its body does not match its body CRC";
            case RECORD_CRC_MISMATCH -> "record at log offset " + logOffset + " (" + size
                    + " bytes): its bytes do not match its whole-record CRC";
            case PHYSICAL_OFFSET_MISMATCH -> "record at log offset " + logOffset
                    + ": its PHYSICALOFFSET field names another position";
            case BAD_MAGIC -> "no record magic code at log offset " + logOffset;
            case BAD_SIZE -> "impossible record size " + size + " at log offset " + logOffset;
            case BAD_FIELD_LENGTHS -> "record at log offset " + logOffset + " (" + size
                    + " bytes): field lengths do not add up to its size";
            case TRUNCATED_HEADER -> "a partial record header at log offset " + logOffset;
        };
    }

    private void reportAt(CommitLogFiles.LogFile f, int pos) {
        long at = done + pos;
        if (at - lastReported >= PROGRESS_STEP) {
            lastReported = at;
            progress.progress("commitlog", at, total);
        }
    }

    static String name(CommitLogFiles.LogFile f) {
        return "commitlog/" + f.path().getFileName();
    }
}

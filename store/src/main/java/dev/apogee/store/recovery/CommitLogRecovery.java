package dev.apogee.store.recovery;

import java.util.List;

import dev.apogee.store.file.MappedFile;
import dev.apogee.store.file.MappedFileQueue;
import dev.apogee.store.record.MessageRecordFlyweight;
import dev.apogee.store.record.RecordValidator;
import dev.apogee.store.record.SysFlag;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Finds the valid end of the commit log by scanning and checking records (see package doc). Opening thread. */
public final class CommitLogRecovery {
    private static final Logger LOG = LoggerFactory.getLogger(CommitLogRecovery.class);

    private final RecordValidator validator = new RecordValidator();

    /**
     * The outcome of a scan: where the log ends, what was read, and whether the scan stopped at zeroes (the written
     * end) rather than at a bad record.
     */
    public record Scan(long from, long end, long records, long bytes, boolean endedAtZeroes) {
    }

    /**
     * Scans from {@code from}, which must be a record boundary (a file start, or an offset the store flushed: appends
     * are published, and therefore flushed, whole); returns the offset just past the last valid record (or past the
     * last blank-terminated file). Records file positions and last store timestamps of the files it reads.
     */
    public Scan findEnd(MappedFileQueue queue, long from) {
        List<MappedFile> files = queue.files();
        if (files.isEmpty()) {
            return new Scan(0, 0, 0, 0, true);
        }
        int i = fileIndexOf(queue, from);
        MappedFile first = files.get(i);
        if (from < first.fileFromOffset() || from > first.fileFromOffset() + first.fileSize()) {
            throw new IllegalArgumentException("scan start " + from + " is outside the commit-log files");
        }
        long end = from;
        int pos = (int) (from - first.fileFromOffset());
        long records = 0;
        long groupStart = -1; // the header of the last atomic group seen, and where that group ends
        long groupEnd = -1;
        RecordValidator.Outcome o = RecordValidator.Outcome.END;
        for (; i < files.size(); i++, pos = 0) {
            MappedFile f = files.get(i);
            if (f.fileFromOffset() + pos != end) {
                LOG.warn("STORE-RECOVER-GAP file {} does not start at {}", f.path(), end);
                o = RecordValidator.Outcome.END;
                break;
            }
            if (pos == f.fileSize()) {
                continue; // the scan starts at the end of a full file
            }
            while (true) {
                o = validator.check(f.mappedBuffer(), pos, f.fileSize(), f.fileFromOffset(), true);
                if (o != RecordValidator.Outcome.MESSAGE) {
                    break;
                }
                MessageRecordFlyweight record = validator.record();
                f.setLastStoreTimestamp(record.storeTimestamp());
                if (SysFlag.isAtomicGroupHeader(record.sysFlag())) {
                    groupStart = f.fileFromOffset() + pos;
                    groupEnd = groupStart + record.totalSize() + record.preparedTransactionOffset();
                }
                pos += record.totalSize();
                records++;
            }
            if (o == RecordValidator.Outcome.BLANK) {
                end = f.fileFromOffset() + f.fileSize();
                continue;
            }
            end = f.fileFromOffset() + pos;
            if (o == RecordValidator.Outcome.CORRUPT) {
                LOG.warn("STORE-RECOVER-TORN bad record at offset {} in {}; the log ends there", end, f.path());
            }
            break;
        }
        long scannedTo = end;
        end = beforePartialGroup(end, groupStart, groupEnd);
        LOG.info("STORE-RECOVER-CL scanned {} records ({} bytes) from {}, commit log ends at {}", records,
                scannedTo - from, from, end);
        return new Scan(from, end, records, scannedTo - from,
                o != RecordValidator.Outcome.CORRUPT && end == scannedTo);
    }

    /** The end, moved back before the last atomic group when the end cuts that group short. */
    private static long beforePartialGroup(long end, long groupStart, long groupEnd) {
        if (groupStart >= 0 && groupStart < end && groupEnd > end) {
            // a group is all or nothing: its records are in one file, so only the last one can be cut short
            LOG.warn("STORE-RECOVER-PARTIAL-GROUP the atomic group at {} ends at {}, past the valid end {}; the log "
                    + "ends before the group", groupStart, groupEnd, end);
            return groupStart;
        }
        return end;
    }

    /** Index of the file holding {@code offset}, clamped to the files present. */
    public static int fileIndexOf(MappedFileQueue queue, long offset) {
        List<MappedFile> files = queue.files();
        for (int i = files.size() - 1; i >= 0; i--) {
            if (files.get(i).fileFromOffset() <= offset) {
                return i;
            }
        }
        return 0;
    }
}

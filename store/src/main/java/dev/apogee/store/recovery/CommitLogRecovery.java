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
     * Scans from the start of file {@code startIndex}; returns the offset just past the last valid record (or past
     * the last blank-terminated file). Records file positions and last store timestamps as it goes.
     */
    public long findEnd(MappedFileQueue queue, int startIndex) {
        List<MappedFile> files = queue.files();
        if (files.isEmpty()) {
            return 0;
        }
        int i = Math.max(0, Math.min(startIndex, files.size() - 1));
        long end = files.get(i).fileFromOffset();
        long records = 0;
        long groupStart = -1; // the header of the last atomic group seen, and where that group ends
        long groupEnd = -1;
        for (; i < files.size(); i++) {
            MappedFile f = files.get(i);
            if (f.fileFromOffset() != end) {
                LOG.warn("STORE-RECOVER-GAP file {} does not start at {}", f.path(), end);
                break;
            }
            int pos = 0;
            RecordValidator.Outcome o;
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
        if (groupStart >= 0 && groupStart < end && groupEnd > end) {
            // a group is all or nothing: its records are in one file, so only the last one can be cut short
            LOG.warn("STORE-RECOVER-PARTIAL-GROUP the atomic group at {} ends at {}, past the valid end {}; the log "
                    + "ends before the group", groupStart, groupEnd, end);
            end = groupStart;
        }
        LOG.info("STORE-RECOVER-CL scanned {} records, commit log ends at {}", records, end);
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

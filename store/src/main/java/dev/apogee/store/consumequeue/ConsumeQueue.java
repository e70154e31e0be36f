package dev.apogee.store.consumequeue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.apogee.store.file.MappedFile;
import dev.apogee.store.file.MappedFileQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import static dev.apogee.store.consumequeue.ConsumeQueueEntry.ENTRY_SIZE;

/** One topic-queue's consume queue (see package doc for threads and recovery). */
public final class ConsumeQueue {
    private static final Logger LOG = LoggerFactory.getLogger(ConsumeQueue.class);

    private final String topic;
    private final int queueId;
    private final MappedFileQueue files;
    private final ConsumeQueueEntry scratch = new ConsumeQueueEntry();
    private volatile long maxPhysicOffset;
    private volatile long minLogicOffset;

    public ConsumeQueue(String topic, int queueId, Path dir, int entriesPerFile) {
        this.topic = topic;
        this.queueId = queueId;
        this.files = MappedFileQueue.direct(dir, entriesPerFile * ENTRY_SIZE);
    }

    public String topic() { return topic; }
    public int queueId() { return queueId; }
    public MappedFileQueue files() { return files; }
    /** Commit-log offset just past the last dispatched record of this queue. */
    public long maxPhysicOffset() { return maxPhysicOffset; }

    /** Next queue offset to be written (= number of entries ever written). */
    public long maxOffset() {
        return files.maxWrittenOffset() / ENTRY_SIZE;
    }

    /** Smallest queue offset whose message may still exist. */
    public long minOffset() {
        long firstFile = files.minOffset() / ENTRY_SIZE;
        return Math.max(firstFile, minLogicOffset);
    }

    /** Reads entry {@code index} into {@code out}; false when outside [first file, max). Any thread. */
    public boolean read(long index, ConsumeQueueEntry out) {
        long at = index * ENTRY_SIZE;
        MappedFile f = files.findByOffset(at);
        if (f == null) {
            return false;
        }
        int pos = (int) (at - f.fileFromOffset());
        if (pos + ENTRY_SIZE > f.wrotePosition()) {
            return false;
        }
        out.read(f.mappedBuffer(), pos);
        return true;
    }

    /**
     * Dispatch thread: writes the entry for queue offset {@code queueOffset}. Entries already present (re-dispatch
     * after recovery) are skipped; a gap is filled with holes and logged.
     */
    public void put(long physicalOffset, int size, long tagsCode, long queueOffset) throws IOException {
        if (physicalOffset + size <= maxPhysicOffset) {
            return;
        }
        long target = queueOffset * ENTRY_SIZE;
        long current = files.maxWrittenOffset();
        if (files.isEmpty()) {
            current = target - target % files.fileSize();
        }
        if (target < current) {
            maxPhysicOffset = physicalOffset + size;
            return;
        }
        if (target > current) {
            LOG.warn("STORE-CQ-GAP {}/{}: entry for queue offset {} but queue ends at {}; filling holes",
                    topic, queueId, queueOffset, current / ENTRY_SIZE);
            for (long i = current; i < target; i += ENTRY_SIZE) {
                append(i, 0L, ConsumeQueueEntry.HOLE_SIZE, 0L);
            }
        }
        append(target, physicalOffset, size, tagsCode);
        maxPhysicOffset = physicalOffset + size;
    }

    private void append(long at, long physicalOffset, int size, long tagsCode) throws IOException {
        MappedFile f = files.lastFileForAppend(at);
        int pos = (int) (at - f.fileFromOffset());
        f.reserve(pos, pos + ENTRY_SIZE); // ENOSPC here, not a SIGBUS in the write below; the dispatch retries
        ConsumeQueueEntry.write(f.mappedBuffer(), pos, physicalOffset, size, tagsCode);
        f.setWrotePosition(pos + ENTRY_SIZE, 0);
    }

    /**
     * Recovery: finds the end of the queue (first empty entry) scanning the last three files, like RocketMQ; earlier
     * files are full by construction. {@code zeroTail}: zero what follows the end (after a crash); after a clean
     * shutdown it holds only zeroes, and zeroing reads it (measured: most of a clean open's time with 8 queues).
     */
    public void recover(boolean zeroTail) {
        List<MappedFile> all = files.files();
        long lastEnd = -1;
        int first = Math.max(0, all.size() - 3);
        for (int i = 0; i < first; i++) {
            all.get(i).setAllPositions(all.get(i).fileSize());
        }
        for (MappedFile f : all.subList(first, all.size())) {
            ByteBuffer b = f.mappedBuffer();
            int pos = 0;
            for (; pos + ENTRY_SIZE <= f.fileSize(); pos += ENTRY_SIZE) {
                scratch.read(b, pos);
                if (scratch.size() <= 0 || scratch.physicalOffset() < 0) {
                    break;
                }
                if (scratch.isValid()) {
                    lastEnd = scratch.physicalOffset() + scratch.size();
                }
            }
            f.setAllPositions(pos);
            if (pos < f.fileSize()) {
                files.truncateTo(f.fileFromOffset() + pos, zeroTail);
                break;
            }
        }
        maxPhysicOffset = Math.max(lastEnd, 0);
        files.setFlushedWhere(files.maxWrittenOffset());
    }

    /**
     * Recovery: cuts entries pointing past {@code commitLogEnd} (they would point at missing or not yet re-dispatched
     * bytes), and a last kept entry pointing below its predecessor's record: entries follow the commit log, so that
     * one is torn (a cut kept the high bytes of its offset only).
     */
    public void truncateBeyond(long commitLogEnd) {
        long end = maxOffset();
        long min = files.minOffset() / ENTRY_SIZE;
        long keep = end;
        ConsumeQueueEntry before = new ConsumeQueueEntry();
        while (keep > min && read(keep - 1, scratch)
                && (!scratch.isValid() || scratch.physicalOffset() + scratch.size() > commitLogEnd
                || keep - 1 > min && read(keep - 2, before) && before.isValid()
                && scratch.physicalOffset() < before.physicalOffset() + before.size())) {
            keep--;
        }
        if (keep < end) {
            LOG.warn("STORE-CQ-TRUNCATE {}/{}: cut entries [{}, {}) past commit-log end {}",
                    topic, queueId, keep, end, commitLogEnd);
            files.truncateTo(keep * ENTRY_SIZE);
            maxPhysicOffset = keep > min && read(keep - 1, scratch) ? scratch.physicalOffset() + scratch.size() : 0;
        }
    }

    /** Moves the min offset to the first entry whose message is still in the commit log. */
    public void correctMinOffset(long commitLogMinOffset) {
        long lo = minOffset();
        long hi = maxOffset();
        ConsumeQueueEntry e = new ConsumeQueueEntry();
        while (lo < hi) {
            long mid = (lo + hi) >>> 1;
            if (read(mid, e) && e.isValid() && e.physicalOffset() >= commitLogMinOffset) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        if (lo > minLogicOffset) {
            minLogicOffset = lo;
        }
    }

    /** Deletes head files all of whose entries point below {@code commitLogMinOffset}; never the last file. */
    public int deleteExpiredFiles(long commitLogMinOffset) {
        List<MappedFile> victims = new ArrayList<>();
        List<MappedFile> all = files.files();
        ConsumeQueueEntry e = new ConsumeQueueEntry();
        for (int i = 0; i < all.size() - 1; i++) {
            MappedFile f = all.get(i);
            e.read(f.mappedBuffer(), f.fileSize() - ENTRY_SIZE);
            if (e.physicalOffset() + e.size() > commitLogMinOffset && e.isValid()) {
                break;
            }
            victims.add(f);
        }
        files.deleteFiles(victims);
        correctMinOffset(commitLogMinOffset);
        return victims.size();
    }

    public boolean flush(int minPages) throws IOException {
        return files.flush(minPages);
    }

    public void close() {
        files.close();
    }

    public void destroy() {
        files.destroy();
    }
}

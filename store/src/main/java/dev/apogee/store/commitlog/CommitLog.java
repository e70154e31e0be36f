package dev.apogee.store.commitlog;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;

import dev.apogee.store.PutResult;
import dev.apogee.store.PutStatus;
import dev.apogee.store.file.MappedFile;
import dev.apogee.store.file.MappedFileQueue;
import dev.apogee.store.file.NoSpace;
import dev.apogee.store.record.EncodedMessage;
import dev.apogee.store.record.MessageRecordEncoder;
import dev.apogee.store.record.MessageRecordFlyweight;
import dev.apogee.store.record.SysFlag;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Appends prepared messages to the commit-log file queue under the put lock (see package doc) and serves reads of
 * whole records by physical offset.
 *
 * <p>A record that does not fit the rest of the current file (keeping room for the 8-byte blank header) goes to
 * the next file; the rest of the current file is covered by an end-of-file blank record. A batch is written
 * contiguously into one file. Prepared (half) and rollback transactional records get queue offset 0 and do not
 * advance the queue counter, like RocketMQ, because they never get a consume-queue entry.
 */
public final class CommitLog {
    private static final Logger LOG = LoggerFactory.getLogger(CommitLog.class);

    private static final int SPIN_TRIES = 64;

    private final MappedFileQueue queue;
    private final QueueOffsetTable offsets = new QueueOffsetTable();
    private final ReentrantLock putLock = new ReentrantLock();
    private final Clock clock;
    private final long busyTimeoutNanos;
    private final Runnable onAppend;
    private final BooleanSupplier diskFullNow;
    /** Put-lock holder only. */
    private final AppendArea area;
    /** Null unless appends are staged. */
    private final StagingRing ring;
    /** Put-lock holder only: the last {@link #fileWithRoom} failed waiting for staged bytes to be written. */
    private boolean rollBusy;
    private volatile long lockedSinceNanos;
    private volatile boolean diskFull;

    /**
     * @param onAppend    called after every successful append, outside the lock (wakes the dispatcher)
     * @param diskFullNow probed before a new file is started: a full disk refuses the roll-over with DISK_FULL
     *                    instead of mapping a file whose pages might then find no space (SIGBUS)
     */
    public CommitLog(MappedFileQueue queue, Clock clock, long osPageCacheBusyTimeoutMs, Runnable onAppend,
                     BooleanSupplier diskFullNow) {
        this(queue, clock, osPageCacheBusyTimeoutMs, onAppend, diskFullNow, false);
    }

    /** @param writeThrough see {@link dev.apogee.store.StoreConfig#commitLogWriteThrough()} */
    public CommitLog(MappedFileQueue queue, Clock clock, long osPageCacheBusyTimeoutMs, Runnable onAppend,
                     BooleanSupplier diskFullNow, boolean writeThrough) {
        this(queue, clock, osPageCacheBusyTimeoutMs, onAppend, diskFullNow, writeThrough, 0, () -> { });
    }

    /**
     * @param stagingBytes  capacity of the staging ring ({@link dev.apogee.store.StoreConfig#commitLogStagingBytes()}),
     *                      0 for none; only with write-through, and then {@link #commitStaged()} must be called
     *                      regularly (the group-commit thread does, before each force)
     * @param wakeCommitter asks the thread calling {@link #commitStaged()} for a round (an appender waits for room)
     */
    public CommitLog(MappedFileQueue queue, Clock clock, long osPageCacheBusyTimeoutMs, Runnable onAppend,
                     BooleanSupplier diskFullNow, boolean writeThrough, int stagingBytes, Runnable wakeCommitter) {
        if (stagingBytes > 0 && !writeThrough) {
            throw new IllegalArgumentException("a staging ring needs write-through");
        }
        this.ring = stagingBytes > 0
                ? new StagingRing(stagingBytes, osPageCacheBusyTimeoutMs * 1_000_000L, wakeCommitter) : null;
        this.area = new AppendArea(writeThrough, ring);
        this.queue = queue;
        this.clock = clock;
        this.busyTimeoutNanos = osPageCacheBusyTimeoutMs * 1_000_000L;
        this.onAppend = onAppend;
        this.diskFullNow = diskFullNow;
    }

    /**
     * Writes the staged appends to the file (no-op without a staging ring); true when something was written.
     * Group-commit thread only (or the thread shutting the store down once that one stopped).
     */
    public boolean commitStaged() throws IOException {
        return ring != null && ring.commit();
    }

    /**
     * Any thread: writes the staged appends now unless the group-commit thread is writing them; true when nothing
     * staged before the call is left unwritten by it (or there is no ring), false when that thread was busy.
     */
    public boolean tryCommitStaged() throws IOException {
        return ring == null || ring.tryCommit();
    }

    public MappedFileQueue fileQueue() {
        return queue;
    }

    public QueueOffsetTable offsetTable() {
        return offsets;
    }

    public ReentrantLock putLock() {
        return putLock;
    }

    /**
     * Set by the disk check of the clean service (used ratio over {@code diskFullRatio}, cleared below it) and by an
     * append that met ENOSPC; makes appends return DISK_FULL. The disk check clearing it is what resumes writing.
     */
    public void setDiskFull(boolean full) {
        if (full != diskFull) {
            LOG.warn("STORE-DISK-FULL disk full flag now {}", full);
        }
        diskFull = full;
    }

    public boolean isDiskFull() {
        return diskFull;
    }

    /** True when the current lock holder has been inside the append region longer than the busy timeout. */
    public boolean isOsPageCacheBusy() {
        long since = lockedSinceNanos;
        return since != 0 && System.nanoTime() - since > busyTimeoutNanos;
    }

    /** Appends one message. Never throws for expected outcomes. */
    public PutResult append(EncodedMessage m) {
        if (queue.fsyncFailure() != null) {
            return PutResult.failure(PutStatus.FSYNC_FAILED);
        }
        if (diskFull) {
            return PutResult.failure(PutStatus.DISK_FULL);
        }
        if (isOsPageCacheBusy()) {
            return PutResult.failure(PutStatus.OS_PAGE_CACHE_BUSY);
        }
        PutResult result;
        acquire();
        try {
            lockedSinceNanos = System.nanoTime();
            result = appendLocked(m);
        } finally {
            lockedSinceNanos = 0;
            putLock.unlock();
        }
        if (result.status() == PutStatus.PUT_OK) {
            onAppend.run();
        }
        return result;
    }

    /**
     * Takes the put lock, spinning briefly first: the append region is a short memory copy, so a holder running on
     * another core is usually out before a park/unpark round trip would complete.
     */
    private void acquire() {
        for (int i = 0; i < SPIN_TRIES; i++) {
            if (putLock.tryLock()) {
                return;
            }
            Thread.onSpinWait();
        }
        putLock.lock();
    }

    private PutResult appendLocked(EncodedMessage m) {
        long now = clock.millis();
        MappedFile f = fileWithRoom(m.recordSize);
        if (f == null) {
            return PutResult.failure(queue.fsyncFailure() != null ? PutStatus.FSYNC_FAILED : diskFull ? PutStatus.DISK_FULL
                    : rollBusy ? PutStatus.OS_PAGE_CACHE_BUSY : PutStatus.UNKNOWN_ERROR);
        }
        boolean consumable = SysFlag.isConsumable(m.sysFlag);
        long queueOffset = consumable ? offsets.get(m.topicName, m.queueId) : 0L;
        int pos = f.wrotePosition();
        long phys = f.fileFromOffset() + pos;
        if (!area.open(f, pos, m.recordSize, false)) {
            return PutResult.failure(PutStatus.OS_PAGE_CACHE_BUSY);
        }
        MessageRecordEncoder.encode(area.buffer(), area.index(pos), m, queueOffset, phys, now);
        if (!publish(f, pos, pos + m.recordSize, now)) {
            return PutResult.failure(diskFull ? PutStatus.DISK_FULL : PutStatus.UNKNOWN_ERROR);
        }
        if (consumable) {
            offsets.set(m.topicName, m.queueId, queueOffset + 1);
        }
        return new PutResult(PutStatus.PUT_OK, phys, m.recordSize, queueOffset, 1, now, new long[] {phys});
    }

    /** Appends messages of one topic and queue contiguously into one file. */
    public PutResult appendBatch(List<EncodedMessage> batch) {
        return appendContiguously(batch);
    }

    /**
     * Appends records of any topics and queues contiguously into one file, each taking the next offset of its own
     * queue: an atomic group (see {@link SysFlag#ATOMIC_GROUP_HEADER}), whose first record names the bytes after it.
     */
    public PutResult appendGroup(List<EncodedMessage> group) {
        return appendContiguously(group);
    }

    private PutResult appendContiguously(List<EncodedMessage> batch) {
        if (queue.fsyncFailure() != null) {
            return PutResult.failure(PutStatus.FSYNC_FAILED);
        }
        if (diskFull) {
            return PutResult.failure(PutStatus.DISK_FULL);
        }
        if (isOsPageCacheBusy()) {
            return PutResult.failure(PutStatus.OS_PAGE_CACHE_BUSY);
        }
        int total = 0;
        for (int i = 0; i < batch.size(); i++) {
            total += batch.get(i).recordSize;
        }
        if (total + MessageRecordFlyweight.BLANK_HEADER_LENGTH > queue.fileSize()) {
            return PutResult.failure(PutStatus.MESSAGE_ILLEGAL);
        }
        PutResult result;
        acquire();
        try {
            lockedSinceNanos = System.nanoTime();
            result = appendBatchLocked(batch, total);
        } finally {
            lockedSinceNanos = 0;
            putLock.unlock();
        }
        if (result.status() == PutStatus.PUT_OK) {
            onAppend.run();
        }
        return result;
    }

    /**
     * Each record takes its queue's next offset, so a batch of one queue gets consecutive offsets and a group's
     * records each get their own queue's. Queue counters move only once the whole append is published.
     */
    private PutResult appendBatchLocked(List<EncodedMessage> batch, int total) {
        long now = clock.millis();
        MappedFile f = fileWithRoom(total);
        if (f == null) {
            return PutResult.failure(queue.fsyncFailure() != null ? PutStatus.FSYNC_FAILED : diskFull ? PutStatus.DISK_FULL
                    : rollBusy ? PutStatus.OS_PAGE_CACHE_BUSY : PutStatus.UNKNOWN_ERROR);
        }
        int start = f.wrotePosition();
        int pos = start;
        long firstPhys = f.fileFromOffset() + pos;
        long[] physicalOffsets = new long[batch.size()];
        long[] queueOffsets = new long[batch.size()];
        if (!area.open(f, start, total, false)) {
            return PutResult.failure(PutStatus.OS_PAGE_CACHE_BUSY);
        }
        ByteBuffer target = area.buffer();
        EncodedMessage previous = null;
        long next = 0;
        for (int i = 0; i < batch.size(); i++) {
            EncodedMessage m = batch.get(i);
            boolean consumable = SysFlag.isConsumable(m.sysFlag);
            if (consumable) {
                next = previous != null && sameQueue(previous, m) ? next : offsets.get(m.topicName, m.queueId);
                previous = m;
            }
            long queueOffset = consumable ? next : 0L;
            queueOffsets[i] = queueOffset;
            long phys = f.fileFromOffset() + pos;
            physicalOffsets[i] = phys;
            MessageRecordEncoder.encode(target, area.index(pos), m, queueOffset, phys, now);
            pos += m.recordSize;
            if (consumable) {
                next++;
                offsets.set(m.topicName, m.queueId, next); // undone below if the write-through fails
            }
        }
        if (!publish(f, start, pos, now)) {
            for (int i = batch.size() - 1; i >= 0; i--) { // back to each queue's offset before this append
                EncodedMessage m = batch.get(i);
                if (SysFlag.isConsumable(m.sysFlag)) {
                    offsets.set(m.topicName, m.queueId, queueOffsets[i]);
                }
            }
            return PutResult.failure(diskFull ? PutStatus.DISK_FULL : PutStatus.UNKNOWN_ERROR);
        }
        return new PutResult(PutStatus.PUT_OK, firstPhys, total, queueOffsets[0], batch.size(), now,
                physicalOffsets);
    }

    private static boolean sameQueue(EncodedMessage a, EncodedMessage b) {
        return a.queueId == b.queueId && a.topicName.equals(b.topicName);
    }

    /** Current file if {@code size} plus a blank header fits, else closes it with a blank and returns the next. */
    private MappedFile fileWithRoom(int size) {
        rollBusy = false;
        try {
            MappedFile last = queue.lastFile();
            boolean fits = last != null && last.remaining() >= size + MessageRecordFlyweight.BLANK_HEADER_LENGTH;
            if (!fits && diskFullNow.getAsBoolean()) {
                setDiskFull(true);
                return null;
            }
            MappedFile f = queue.lastFileForAppend(0);
            if (f.remaining() >= size + MessageRecordFlyweight.BLANK_HEADER_LENGTH) {
                f.reserve(f.wrotePosition(), f.wrotePosition() + size);
                return f;
            }
            int pos = f.wrotePosition();
            f.reserve(pos, pos + MessageRecordFlyweight.BLANK_HEADER_LENGTH);
            if (!area.open(f, pos, MessageRecordFlyweight.BLANK_HEADER_LENGTH, true)) {
                LOG.warn("STORE-BUSY staged appends of {} not written in time; the roll-over waits", f);
                rollBusy = true;
                return null;
            }
            MessageRecordEncoder.encodeBlank(area.buffer(), area.index(pos), f.remaining());
            area.publish(f, pos, MessageRecordFlyweight.BLANK_HEADER_LENGTH, f.fileSize(), 0);
            MappedFile next = queue.lastFileForAppend(0);
            next.reserve(next.wrotePosition(), next.wrotePosition() + size);
            return next;
        } catch (IOException e) {
            if (NoSpace.is(e)) {
                setDiskFull(true);
                LOG.error("STORE-DISK-FULL no space for {} more bytes of the commit log: appends are refused with "
                        + "DISK_FULL until the disk check finds space again: {}", size, e.toString());
            } else {
                LOG.error("STORE-IO cannot create or allocate a commit-log file", e);
            }
            return null;
        }
    }

    /**
     * Publishes an encoded append; false when writing it through to the file failed, in which case nothing was
     * published (the wrote position stays, the next append overwrites the bytes) and no queue offset is used.
     */
    private boolean publish(MappedFile f, int start, int end, long now) {
        try {
            area.publish(f, start, end - start, end, now);
            return true;
        } catch (IOException e) {
            if (NoSpace.is(e)) {
                setDiskFull(true);
            }
            LOG.error("STORE-IO cannot write to {}", f, e);
            return false;
        }
    }

    /** Removes a topic's queue counters (topic deletion). */
    public void removeTopic(String topic) {
        putLock.lock();
        try {
            offsets.remove(topic);
        } finally {
            putLock.unlock();
        }
    }

    /** One whole record at {@code offset} as a read-only slice, or null when out of range or not a message. */
    public ByteBuffer readRecord(long offset) {
        MappedFile f = queue.findByOffset(offset);
        if (f == null) {
            return null;
        }
        int pos = (int) (offset - f.fileFromOffset());
        int readable = f.readablePosition();
        if (pos + MessageRecordFlyweight.BLANK_HEADER_LENGTH > readable) {
            return null;
        }
        ByteBuffer mapped = f.mappedBuffer();
        int size = mapped.getInt(pos);
        int magic = mapped.getInt(pos + MessageRecordFlyweight.MAGIC_OFFSET);
        if ((magic != MessageRecordFlyweight.MAGIC_V1 && magic != MessageRecordFlyweight.MAGIC_V2)
                || size < MessageRecordFlyweight.MIN_RECORD_SIZE || pos + size > readable) {
            return null;
        }
        return f.slice(pos, size);
    }

    /** A record of known size (from a consume-queue entry); null when its file is gone or not yet readable. */
    public ByteBuffer readRecord(long offset, int size) {
        MappedFile f = queue.findByOffset(offset);
        if (f == null) {
            return null;
        }
        int pos = (int) (offset - f.fileFromOffset());
        return pos + size <= f.readablePosition() ? f.slice(pos, size) : null;
    }

    /** Store timestamp of the record at {@code offset}, or -1. */
    public long storeTimestampAt(long offset) {
        ByteBuffer r = readRecord(offset);
        return r == null ? -1 : new MessageRecordFlyweight().wrap(r, 0).storeTimestamp();
    }

    public long minOffset() {
        return queue.minOffset();
    }

    public long maxReadableOffset() {
        return queue.maxReadableOffset();
    }
}

package dev.apogee.store.dispatch;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;

import dev.apogee.store.DispatchListener;
import dev.apogee.store.commitlog.CommitLog;
import dev.apogee.store.consumequeue.ConsumeQueueTable;
import dev.apogee.store.file.MappedFile;
import dev.apogee.store.file.MappedFileQueue;
import dev.apogee.store.file.NoSpace;
import dev.apogee.store.index.IndexService;
import dev.apogee.store.record.MessageRecordFlyweight;
import dev.apogee.store.record.StoredPropertiesReader;
import dev.apogee.store.record.RecordValidator;
import dev.apogee.store.record.SysFlag;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds consume queues and indexes by following the commit log (thread {@code apogee-store-reput}; woken by every
 * append, and every few milliseconds regardless). An atomic group is dispatched only once durable.
 * {@link #dispatchedOffset()} is the commit-log offset up to which everything has been dispatched; it is read by the
 * checkpoint and retention threads.
 *
 * <p>Two passes: the consume queues (and the listeners, held pulls waiting for a queue) follow the log up to
 * {@link #reputFromOffset}; the index follows behind up to {@link #indexedOffset}, in the service's rounds only. An
 * index write here costs a page fault most of the time (a random hash slot of a mapped file whose pages the periodic
 * flush keeps write-protecting: a third of a request/reply broker's event-loop time when it ran inline), which a
 * consumer waiting for the message should not wait behind. {@link #dispatchedOffset()} is the lower of the two.
 *
 * <p>Threads: the dispatch state (the reused request and readers, the last topic, both offsets' writes) is guarded by
 * {@link #dispatching}, held by the service's rounds and by an appending thread that dispatches its own record to
 * the consume queues right away ({@link #dispatchNowOrWake}).
 */
public final class ReputService extends dev.apogee.store.service.ServiceThread {
    private static final Logger LOG = LoggerFactory.getLogger(ReputService.class);
    private static final long SPACE_RETRY_NANOS = 100_000_000L;
    /**
     * Unindexed bytes behind the consume queues at which an appending thread wakes the service to index them; below
     * that the service's next round (every {@link #intervalMs()} ms) does. Waking it for every record cost a park
     * and an unpark per message (four futex calls on the reput thread per request/reply round trip, measured) for an
     * index that only queries by key read.
     */
    static final long INDEX_WAKE_BACKLOG_BYTES = 64 * 1024;

    private final CommitLog commitLog;
    private final ConsumeQueueTable consumeQueues;
    private final IndexService index;
    private final LongSupplier durableOffset;
    private final List<DispatchListener> listeners = new CopyOnWriteArrayList<>();
    private final RecordValidator validator = new RecordValidator();

    private final DispatchRequest request = new DispatchRequest();
    private final StoredPropertiesReader properties = new StoredPropertiesReader();
    private final LongAdder listenerErrors = new LongAdder();
    private final ReentrantLock dispatching = new ReentrantLock();
    private volatile long reputFromOffset;
    /** Everything below is in the index (when there is one); at most {@link #reputFromOffset}. */
    private volatile long indexedOffset;
    private long lastCorruptOffset = -1;
    /** Reput thread only: a round found no space for a consume-queue or index entry (logged once per episode). */
    private boolean waitingForSpace;
    /** Reput thread only: while waiting for space, rounds before this {@code System.nanoTime()} are skipped. */
    private long spaceRetryAtNanos;
    /** The previous record's topic, reused while consecutive records share it (no decode per message). */
    private String lastTopic;
    private byte[] lastTopicBytes;

    /** @param index null when message indexing is disabled */
    public ReputService(CommitLog commitLog, ConsumeQueueTable consumeQueues, IndexService index) {
        this(commitLog, consumeQueues, index, () -> Long.MAX_VALUE);
    }

    /**
     * @param durableOffset the commit-log offset known durable: dispatch stops at the header of an atomic group
     *     ({@link SysFlag#ATOMIC_GROUP_HEADER}) that does not lie wholly below it, until a later wake-up finds it does
     */
    public ReputService(CommitLog commitLog, ConsumeQueueTable consumeQueues, IndexService index,
            LongSupplier durableOffset) {
        this.commitLog = commitLog;
        this.consumeQueues = consumeQueues;
        this.index = index;
        this.durableOffset = durableOffset;
    }

    @Override
    public String name() {
        return "apogee-store-reput";
    }

    @Override
    protected long intervalMs() {
        return 5;
    }

    public void addListener(DispatchListener l) {
        listeners.add(l);
    }

    /** Everything below is in its consume queue and in the index. */
    public long dispatchedOffset() {
        return index == null ? reputFromOffset : Math.min(reputFromOffset, indexedOffset);
    }

    public long listenerErrors() {
        return listenerErrors.sum();
    }

    /** Recovery only, before the thread starts. */
    public void setReputFromOffset(long offset) {
        reputFromOffset = offset;
        indexedOffset = offset;
    }

    @Override
    protected void onWakeup() throws IOException {
        if (waitingForSpace && System.nanoTime() - spaceRetryAtNanos < 0) {
            return; // not a 5 ms spin on a full disk
        }
        reputOrWaitForSpace();
    }

    /**
     * Opening thread: dispatches everything recovered. Fails when the disk has no room for the consume-queue entries
     * of messages stored before it filled up: the store takes its queue counters from the consume queues, and opened
     * behind the commit log its next appends would reuse queue offsets of stored messages.
     */
    public void catchUpAtOpen() throws IOException {
        if (!reputOrWaitForSpace()) {
            throw new IOException("STORE-DISK-FULL No space left on device for the consume queues of the messages "
                    + "stored before the disk filled up: the store cannot open until space is freed");
        }
    }

    /**
     * {@link #doReput()}, except that a full disk (no block for a consume-queue or index entry) is an expected wait,
     * not a failure: logged once, and the record stays undispatched for the service's next round. False when it
     * stopped for space.
     */
    public boolean reputOrWaitForSpace() throws IOException {
        try {
            doReput();
        } catch (IOException e) {
            if (!NoSpace.is(e)) {
                throw e;
            }
            // the record stays undispatched (reputFromOffset did not pass it) and a round 100 ms on retries it
            spaceRetryAtNanos = System.nanoTime() + SPACE_RETRY_NANOS;
            if (!waitingForSpace) {
                waitingForSpace = true;
                LOG.warn("STORE-DISK-FULL no space for consume-queue or index entries at commit-log offset {}: "
                        + "dispatch waits for space (messages stored are safe, consumers see them once it resumes): {}",
                        reputFromOffset, e.toString());
            }
            return false;
        }
        if (waitingForSpace) {
            waitingForSpace = false;
            LOG.warn("STORE-DISK-FULL dispatch resumed at commit-log offset {}", reputFromOffset);
        }
        return true;
    }

    @Override
    protected void onShutdown() throws IOException {
        doReput();
    }

    /**
     * Dispatches what is readable now on the calling thread, unless a round (or another caller) is dispatching:
     * then wakes the service, whose next round covers it. For a record a consumer may be waiting for (a held pull),
     * written by a thread that is done with it otherwise: handing it to the service costs a thread wake-up (tens of
     * microseconds on a busy two-core machine) on every message's way from producer to consumer, dispatching it
     * costs a consume-queue entry. The index entry is left to the service: its next round, or at once for a large backlog.
     */
    public void dispatchNowOrWake() {
        if (isStarted() && !isStopped() && dispatching.tryLock()) {
            try {
                dispatchReadable();
                if (index != null && reputFromOffset - indexedOffset >= INDEX_WAKE_BACKLOG_BYTES) {
                    wakeup(); // the index follows in the service's round, woken early for a large backlog only
                }
                return;
            } catch (IOException | RuntimeException e) {
                LOG.warn("STORE-REPUT dispatch on the appending thread failed, left to the service: {}",
                        e.toString());
            } finally {
                dispatching.unlock();
            }
        }
        // a record readable after our pass (its writer found the lock taken) is covered: that writer woke the service
        wakeup();
    }

    /** Dispatches everything readable now: reput thread, or the opening (closing) thread before start (after stop). */
    public void doReput() throws IOException {
        dispatching.lock();
        try {
            dispatchReadable();
            catchUpIndex();
        } finally {
            dispatching.unlock();
        }
    }

    /** Indexes the records already in their consume queues, from {@link #indexedOffset} to {@link #reputFromOffset}. */
    private void catchUpIndex() throws IOException {
        if (index == null) {
            return;
        }
        MappedFileQueue queue = commitLog.fileQueue();
        long end = reputFromOffset;
        while (indexedOffset < end) {
            long from = Math.max(indexedOffset, queue.minOffset());
            MappedFile f = from >= end ? null : queue.findByOffset(from);
            if (f == null) {
                indexedOffset = end; // nothing (left) to index below the end: retention removed it
                return;
            }
            long base = f.fileFromOffset();
            int pos = (int) (from - base);
            int limit = (int) Math.min(f.readablePosition(), end - base);
            while (pos < limit) {
                RecordValidator.Outcome o = validator.check(f.mappedBuffer(), pos, limit, base, false);
                if (o == RecordValidator.Outcome.MESSAGE) {
                    index.build(describe(validator.record(), base + pos));
                    pos += validator.record().totalSize();
                } else if (o == RecordValidator.Outcome.BLANK) {
                    pos = f.fileSize();
                } else {
                    LOG.error("STORE-REPUT-CORRUPT {} record at offset {} while indexing below {}; left unindexed",
                            o, base + pos, end);
                    indexedOffset = end;
                    return;
                }
                indexedOffset = base + pos;
            }
            if (indexedOffset <= from) {
                LOG.error("STORE-REPUT index stuck at {} below {}; left unindexed", from, end);
                indexedOffset = end; // never loop on a file that yields nothing
                return;
            }
        }
    }

    private void dispatchReadable() throws IOException {
        MappedFileQueue queue = commitLog.fileQueue();
        while (true) {
            long from = Math.max(reputFromOffset, queue.minOffset());
            if (from >= queue.maxReadableOffset()) {
                reputFromOffset = from;
                return;
            }
            MappedFile f = queue.findByOffset(from);
            if (f == null) {
                return;
            }
            if (!dispatchFile(f, (int) (from - f.fileFromOffset()))) {
                return;
            }
        }
    }

    /**
     * Dispatches the readable records of one file from {@code pos}; false when stuck on a bad record or held at an
     * atomic group not yet durable.
     */
    private boolean dispatchFile(MappedFile f, int pos) throws IOException {
        int readable = f.readablePosition();
        long base = f.fileFromOffset();
        while (pos < readable) {
            RecordValidator.Outcome o = validator.check(f.mappedBuffer(), pos, readable, base, false);
            if (o == RecordValidator.Outcome.MESSAGE) {
                MessageRecordFlyweight rec = validator.record();
                if (SysFlag.isAtomicGroupHeader(rec.sysFlag())
                        && base + pos + rec.totalSize() + rec.preparedTransactionOffset() > durableOffset.getAsLong()) {
                    return false; // the group's owner wakes us once it is durable
                }
                dispatch(rec, base + pos);
                pos += validator.record().totalSize();
                reputFromOffset = base + pos;
            } else if (o == RecordValidator.Outcome.BLANK) {
                reputFromOffset = base + f.fileSize();
                return true;
            } else {
                if (lastCorruptOffset != base + pos) {
                    lastCorruptOffset = base + pos;
                    LOG.error("STORE-REPUT-CORRUPT {} record at readable offset {}; dispatch stalls", o, base + pos);
                }
                return false;
            }
        }
        return true;
    }

    private void dispatch(MessageRecordFlyweight rec, long physicalOffset) throws IOException {
        DispatchRequest r = describe(rec, physicalOffset);
        if (SysFlag.isConsumable(r.sysFlag)) {
            consumeQueues.findOrCreate(r.topic, r.queueId).put(r.physicalOffset, r.size, r.tagsCode, r.queueOffset);
            notifyListeners(r);
        }
    }

    /** The reused request, filled from {@code rec}. */
    private DispatchRequest describe(MessageRecordFlyweight rec, long physicalOffset) {
        DispatchRequest r = request;
        if (!rec.topicEquals(lastTopicBytes)) {
            lastTopic = rec.topic();
            lastTopicBytes = lastTopic.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        }
        r.topic = lastTopic;
        r.queueId = rec.queueId();
        r.physicalOffset = physicalOffset;
        r.size = rec.totalSize();
        r.storeTimestamp = rec.storeTimestamp();
        r.queueOffset = rec.queueOffset();
        r.sysFlag = rec.sysFlag();
        StoredPropertiesReader props = properties.wrap(rec.buffer(), rec.base() + rec.propertiesLengthOffset() + 2,
                rec.propertiesLength());
        r.tagsCode = props.tagsCode();
        r.keys = index == null ? null : props.keys();
        r.uniqKey = index == null ? null : props.uniqKey();
        return r;
    }

    private void notifyListeners(DispatchRequest r) {
        for (int i = 0; i < listeners.size(); i++) {
            try {
                listeners.get(i).onDispatched(r.topic, r.queueId, r.queueOffset + 1, r.tagsCode, r.storeTimestamp);
            } catch (RuntimeException e) {
                listenerErrors.increment();
                LOG.warn("STORE-LISTENER-ERR dispatch listener failed", e);
            }
        }
    }
}

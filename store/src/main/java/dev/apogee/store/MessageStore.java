package dev.apogee.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

import dev.apogee.store.commitlog.CommitLog;
import dev.apogee.store.commitlog.FirstCommitLogFile;
import dev.apogee.store.commitlog.MessagePreparer;
import dev.apogee.store.consumequeue.ConsumeQueue;
import dev.apogee.store.consumequeue.ConsumeQueueTable;
import dev.apogee.store.dispatch.ReputService;
import dev.apogee.store.file.AllocateMappedFileService;
import dev.apogee.store.file.DirectorySync;
import dev.apogee.store.file.FsyncFailedException;
import dev.apogee.store.file.MappedFileQueue;
import dev.apogee.store.file.TransientStorePool;
import dev.apogee.store.flush.AsyncFlushService;
import dev.apogee.store.flush.CommitService;
import dev.apogee.store.flush.FlushConsumeQueueService;
import dev.apogee.store.flush.GroupCommitListener;
import dev.apogee.store.flush.GroupCommitService;
import dev.apogee.store.index.IndexService;
import dev.apogee.store.record.SysFlag;
import dev.apogee.store.recovery.RecoveryReport;
import dev.apogee.store.recovery.StoreCheckpoint;
import dev.apogee.store.recovery.StoreLock;
import dev.apogee.store.recovery.StoreRecovery;
import dev.apogee.store.retention.Retention;
import dev.apogee.store.service.ServiceThread;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The message store facade: a commit log, consume queues and indexes on memory-mapped files.
 *
 * <p>Life cycle: {@link #open} locks the directory and recovers (on the calling thread); {@link #start} starts the
 * background services and accepts puts; {@link #shutdown} (or {@link #close}) refuses new puts, flushes everything,
 * writes the checkpoint and removes the abort marker. Reads work between open and shutdown.
 *
 * <p>Threads: puts run on the caller's thread up to the append (under the commit log's put lock); with SYNC_FLUSH
 * their futures complete on the group-commit thread, which with a staging ring also writes the appended bytes to the
 * file (see {@link StoreConfig#commitLogStagingBytes()}). Two other threads may write staged bytes and force, each
 * under the lock that serializes them with the group-commit thread: a put nobody waits to be durable writes the ring
 * itself when no round is writing ({@link PutPath}), and a blocking {@link #awaitDurable} caller
 * commits and forces itself when no round is running. Reads run on the caller's thread without locks.
 */
public final class MessageStore implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(MessageStore.class);
    private static final long SERVICE_STOP_TIMEOUT_MS = 30_000;

    private final StoreConfig config;
    private final StoreLock lock;
    private final StoreCheckpoint checkpoint;
    private final AllocateMappedFileService allocator;
    private final CommitLog commitLog;
    private final ConsumeQueueTable consumeQueues;
    private final IndexService index;
    private final ReputService reput;
    private final ServiceThread flushService;
    private final GroupCommitService groupCommit;
    private final CommitService commitService;
    private final FlushConsumeQueueService flushConsumeQueues;
    private final Retention retention;
    private final MessageReader reader;
    private final MessageQuery query;
    private final PutPath puts;
    private final StoreStats stats = new StoreStats();
    private final boolean transientPool;
    private volatile boolean running;
    private volatile boolean shutdown;
    private volatile boolean readOnly;
    /** Set once by {@link #open} before the store is handed out. */
    private RecoveryReport recoveryReport;

    private MessageStore(StoreConfig config, StoreLock lock, StoreCheckpoint checkpoint) {
        this.config = config;
        this.lock = lock;
        this.checkpoint = checkpoint;
        this.transientPool = config.transientStorePoolEnable();
        TransientStorePool pool = transientPool
                ? new TransientStorePool(config.transientStorePoolSize(), config.commitLogFileSize()) : null;
        this.allocator = new AllocateMappedFileService(config.commitLogPath(), config.commitLogFileSize(),
                config.warmMappedFiles(), !config.commitLogWriteThrough(), pool);
        MappedFileQueue clQueue = new MappedFileQueue(config.commitLogPath(), config.commitLogFileSize(), allocator);
        allocator.onFsyncFailure(clQueue::failStop);
        Runnable[] onAppend = new Runnable[1];
        Runnable[] wakeCommitter = new Runnable[1];
        // appends go through the commit log's staging ring (see StoreConfig#commitLogStagingBytes())
        boolean staged = config.commitLogStaged();
        this.commitLog = new CommitLog(clQueue, config.clock(), config.osPageCacheBusyTimeoutMs(),
                () -> onAppend[0].run(),
                () -> config.diskUsageProbe().usedRatio(config.storePath()) > config.diskFullRatio(),
                config.commitLogWriteThrough(), staged ? config.commitLogStagingBytes() : 0,
                () -> wakeCommitter[0].run());
        MessagePreparer preparer = new MessagePreparer(config.maxMessageSize(), config.commitLogFileSize(), config.recordCrc());
        this.consumeQueues = new ConsumeQueueTable(config.consumeQueuePath(), config.consumeQueueEntriesPerFile());
        this.index = config.messageIndexEnable()
                ? new IndexService(config.indexPath(), config.maxHashSlotNum(), config.maxIndexNum()) : null;
        this.reput = new ReputService(commitLog, consumeQueues, index, this::getFlushedPhyOffset);
        if (config.flushMode() == FlushMode.SYNC_FLUSH) {
            // pooled or staged bytes are written by the group-commit thread right before each force
            GroupCommitService.Committer committer = transientPool ? () -> clQueue.commit(0)
                    : staged ? commitLog::commitStaged : null;
            this.groupCommit = new GroupCommitService(clQueue, config.syncFlushTimeoutMs(), committer,
                    () -> reput.wakeup());
            this.flushService = groupCommit;
            wakeCommitter[0] = groupCommit::wakeup;
        } else {
            this.groupCommit = null;
            this.flushService = new AsyncFlushService(clQueue, config.flushIntervalMs(), config.flushMinDirtyPages(),
                    config.flushThoroughIntervalMs());
            wakeCommitter[0] = () -> { };
        }
        // appends readable at once wake the dispatcher; staged and pooled ones become readable when the group-commit
        // thread writes them (it wakes the dispatcher then), which every put waiting for the disk asks for anyway
        // (see afterAppend for the others)
        onAppend[0] = staged || transientPool ? () -> { } : reput::wakeup;
        // With SYNC_FLUSH the group-commit thread commits the pooled bytes itself, right before each force.
        this.commitService = transientPool && groupCommit == null
                ? new CommitService(clQueue, config.commitIntervalMs(), config.commitMinDirtyPages(), reput::wakeup)
                : null;
        this.flushConsumeQueues = new FlushConsumeQueueService(clQueue, consumeQueues, index, checkpoint,
                reput::dispatchedOffset, config.flushConsumeQueueIntervalMs());
        this.retention = new Retention(config, commitLog, consumeQueues, index, reput::dispatchedOffset);
        this.reader = new MessageReader(commitLog, consumeQueues);
        this.query = new MessageQuery(commitLog, index);
        this.puts = new PutPath(commitLog, preparer, stats, groupCommit,
                flushService instanceof AsyncFlushService async ? async : null, reput, staged,
                () -> running && !readOnly);
    }

    /** Opens (creating if needed) and recovers the store at {@code config.storePath()}. */
    public static MessageStore open(StoreConfig config) throws IOException {
        DirectorySync.createDirectories(config.storePath());
        StoreLock lock = StoreLock.acquire(config.lockPath(), config.abortMarkerPath());
        try {
            StoreCheckpoint checkpoint = StoreCheckpoint.load(config.checkpointPath());
            MessageStore store = new MessageStore(config, lock, checkpoint);
            store.recover(lock.previousRunCrashed());
            lock.markOpen();
            return store;
        } catch (IOException | RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    private void recover(boolean crashed) throws IOException {
        long t0 = System.nanoTime();
        MappedFileQueue clQueue = commitLog.fileQueue();
        clQueue.load();
        consumeQueues.load();
        if (index != null) {
            index.load();
        }
        RecoveryReport report = StoreRecovery.recover(clQueue, consumeQueues, index, checkpoint, crashed);
        reput.setReputFromOffset(report.reputFrom());
        reput.catchUpAtOpen();
        consumeQueues.forEach(q -> commitLog.offsetTable().set(q.topic(), q.queueId(), q.maxOffset()));
        flushConsumeQueues.flushAndCheckpointAtOpen();
        recoveryReport = report;
        LOG.info("STORE-OPEN opened {} ({} recovery) in {} ms: commit log [{}, {}), scanned {} bytes from {}",
                config.storePath(), crashed ? "abnormal" : "normal", (System.nanoTime() - t0) / 1_000_000,
                getMinPhyOffset(), getMaxPhyOffset(), report.bytesScanned(), report.scanFrom());
    }

    /** Starts the background services; puts are accepted from now on. */
    public synchronized void start() {
        if (shutdown) {
            throw new IllegalStateException("store is shut down");
        }
        if (running) {
            return;
        }
        allocator.start();
        FirstCommitLogFile.atStart(commitLog, allocator, config.commitLogFileSize(), config.warmMappedFiles(),
                config.commitLogWriteThrough() || transientPool);
        if (commitService != null) {
            commitService.start();
        }
        flushService.start();
        reput.start();
        flushConsumeQueues.start();
        retention.start();
        running = true;
    }

    /** Stops accepting puts, flushes and checkpoints everything, marks the clean shutdown. Idempotent. */
    public synchronized void shutdown() {
        if (shutdown) {
            return;
        }
        running = false;
        shutdown = true;
        commitLog.putLock().lock();
        commitLog.putLock().unlock();
        retention.shutdown(SERVICE_STOP_TIMEOUT_MS);
        stop(commitService);
        stop(flushService);
        stop(reput);
        stop(flushConsumeQueues);
        stop(allocator);
        try {
            if (transientPool) {
                CommitService.commitAll(commitLog.fileQueue());
            }
            while (commitLog.commitStaged()) {
                // the group-commit thread has stopped (and committed what it saw): write anything left
            }
            commitLog.fileQueue().flushAll();
            reput.doReput();
            flushConsumeQueues.flushAndCheckpoint();
            commitLog.fileQueue().close();
            consumeQueues.close();
            if (index != null) {
                index.close();
            }
            lock.markCleanShutdown();
        } catch (IOException e) {
            LOG.error("STORE-SHUTDOWN-IO shutdown was not clean; the next open runs abnormal recovery", e);
        } finally {
            try {
                lock.close();
            } catch (IOException e) {
                LOG.warn("STORE-SHUTDOWN-IO cannot release the store lock", e);
            }
        }
        LOG.info("STORE-SHUTDOWN {} shut down, commit log ends at {}", config.storePath(), getMaxPhyOffset());
    }

    private static void stop(ServiceThread s) {
        if (s != null) {
            s.shutdown(SERVICE_STOP_TIMEOUT_MS);
        }
    }

    @Override
    public void close() {
        shutdown();
    }

    public StoreConfig config() {
        return config;
    }

    /** Appends one message; see {@link PutResult}. The future never completes exceptionally for expected outcomes. */
    public CompletableFuture<PutResult> putMessage(MessageToStore m) {
        return puts.put(m, true);
    }

    /**
     * As {@link #putMessage(MessageToStore)}, for a record nobody reads before a later put of the caller's own makes
     * it readable: with a staging ring and no wait for the disk, its bytes are not written for readers now (a
     * syscall) but with that later put, or the next force, which write everything staged before them. A transaction
     * branch's halves (its COMMIT record's force writes them) and the committed copies and op records before its DONE
     * record use it.
     */
    public CompletableFuture<PutResult> putMessageUnpublished(MessageToStore m) {
        return puts.put(m, false);
    }

    /** Appends messages of one topic and queue contiguously, with consecutive queue offsets. */
    public CompletableFuture<PutResult> putMessages(List<MessageToStore> batch) {
        return puts.putBatch(batch, true);
    }

    /** {@link #putMessages(List)} left unpublished, as {@link #putMessageUnpublished} explains. */
    public CompletableFuture<PutResult> putMessagesUnpublished(List<MessageToStore> batch) {
        return puts.putBatch(batch, false);
    }

    /**
     * Appends {@code header} and then {@code members} (any topics and queues) contiguously in one file, as one
     * atomic group: after a crash either all of them are in the log or none (recovery cuts a group whose bytes do
     * not all pass validation, {@code CommitLogRecovery}), and nothing of the group, nor anything after it, is
     * dispatched to consume queues before the whole group is durable ({@code ReputService}). The caller makes it
     * durable ({@link #awaitDurable}, which also wakes the dispatcher), so the group is visible to consumers only
     * once it can no longer be lost. The header is marked {@link SysFlag#ATOMIC_GROUP_HEADER}, its
     * PREPARED_TRANSACTION_OFFSET set to the members' bytes; the members' WAIT flags are ignored. For a transaction's
     * messages and its decision record (the header, which a reader then finds before the messages it decided).
     */
    public PutResult putAtomicGroup(MessageToStore header, List<MessageToStore> members) {
        return puts.putAtomicGroup(header, members);
    }

    /** {@link #makeDurable}, blocking; SYNC_FLUSH may force on the caller (GroupCommitService#awaitDurable). */
    public PutResult awaitDurable(PutResult result) {
        return puts.awaitDurable(result);
    }

    /**
     * Blocks (up to the flush timeout) until every commit-log byte readable now is durable: true when it is. Readers
     * see appends before they are forced (as in RocketMQ), so a consumer may commit an offset past a message a power
     * cut then takes back; whoever persists such offsets calls this between taking them and writing them, so a
     * persisted offset never points past the durable log (a later message reusing the queue offset would be
     * skipped). Backed by the same force as a SYNC_FLUSH put (or a full ASYNC_FLUSH flush).
     */
    public boolean makeReadableDurable() {
        return puts.makeReadableDurable();
    }

    /**
     * A future completed once {@code result} (a successful put) is on disk, whatever the flush mode: SYNC_FLUSH joins
     * the group commit, ASYNC_FLUSH asks the flush thread for an immediate full flush. For the few records that must
     * be durable before they are acknowledged (a transaction branch's prepare). FLUSH_DISK_TIMEOUT when it was not.
     */
    public CompletableFuture<PutResult> makeDurable(PutResult result) {
        return puts.makeDurable(result);
    }

    /**
     * SYNC_FLUSH: whether a put that waits for the disk would now be forced by the putting thread itself (a lone
     * writer, see {@link GroupCommitService#wouldForceOnCaller}), costing that thread one force and no wait for any
     * other thread. False in ASYNC_FLUSH.
     */
    public boolean lonePutWouldForceItself() {
        return groupCommit != null && groupCommit.wouldForceOnCaller();
    }

    /** Pulls up to {@code maxMsgNums} records from a queue; see {@link GetResult}. */
    public GetResult getMessages(String topic, int queueId, long offset, int maxMsgNums, int maxTotalBytes,
                                 MessageFilter filter) {
        GetResult r = reader.get(topic, queueId, offset, maxMsgNums, maxTotalBytes, filter);
        stats.recordGet(r.messageCount());
        return r;
    }

    /** Next queue offset to be written (number of entries), 0 for an unknown queue. */
    public long getMaxOffsetInQueue(String topic, int queueId) {
        ConsumeQueue q = consumeQueues.find(topic, queueId);
        return q == null ? 0 : q.maxOffset();
    }

    /** Smallest queue offset still readable, 0 for an unknown queue. */
    public long getMinOffsetInQueue(String topic, int queueId) {
        ConsumeQueue q = consumeQueues.find(topic, queueId);
        return q == null ? 0 : q.minOffset();
    }

    /**
     * LOWER: first queue offset whose message was stored at or after {@code timestamp} (max offset if none);
     * UPPER: last queue offset stored at or before it (min offset if none). 0 for an unknown queue.
     */
    public long getOffsetInQueueByTime(String topic, int queueId, long timestamp, BoundaryType boundary) {
        return reader.offsetByTime(topic, queueId, timestamp, boundary);
    }

    public long getOffsetInQueueByTime(String topic, int queueId, long timestamp) {
        return getOffsetInQueueByTime(topic, queueId, timestamp, BoundaryType.LOWER);
    }

    /** Store time of the queue's first message, -1 if none. */
    public long getEarliestMessageTime(String topic, int queueId) {
        return reader.earliestTime(topic, queueId);
    }

    /** Commit-log offset of a queue entry, -1 if absent. */
    public long getCommitLogOffsetInQueue(String topic, int queueId, long queueOffset) {
        ConsumeQueue q = consumeQueues.find(topic, queueId);
        dev.apogee.store.consumequeue.ConsumeQueueEntry e = new dev.apogee.store.consumequeue.ConsumeQueueEntry();
        return q != null && q.read(queueOffset, e) && e.isValid() ? e.physicalOffset() : -1;
    }

    /**
     * Reads one consume-queue entry (commit-log offset, size, tags code) into {@code into} without touching the commit
     * log; false when the entry does not exist (or is a hole).
     */
    public boolean readQueueEntry(String topic, int queueId, long queueOffset,
                                  dev.apogee.store.consumequeue.ConsumeQueueEntry into) {
        ConsumeQueue q = consumeQueues.find(topic, queueId);
        return q != null && q.read(queueOffset, into) && into.isValid();
    }

    /** The whole stored record at a commit-log offset (read-only slice). */
    public Optional<ByteBuffer> lookMessageByOffset(long commitLogOffset) {
        return Optional.ofNullable(commitLog.readRecord(commitLogOffset));
    }

    /** Messages of {@code topic} whose KEYS contain {@code key} or whose UNIQ_KEY is {@code key}, stored in [begin, end]. */
    public QueryResult queryMessage(String topic, String key, int maxNum, long begin, long end) {
        return query.query(topic, key, maxNum, begin, end);
    }

    /** Offset just past the last readable commit-log byte. */
    public long getMaxPhyOffset() {
        return commitLog.maxReadableOffset();
    }

    public long getMinPhyOffset() {
        return commitLog.minOffset();
    }

    /** Commit-log offset known durable (flushed). */
    public long getFlushedPhyOffset() {
        return commitLog.fileQueue().flushedWhere();
    }

    /** Commit-log offset up to which consume queues and indexes are built. */
    public long getDispatchedPhyOffset() {
        return reput.dispatchedOffset();
    }

    /** Registers a listener called on the dispatch thread after each consume-queue entry (see DispatchListener). */
    public void addDispatchListener(DispatchListener l) {
        reput.addListener(l);
    }

    /** Deletes the consume queues and queue counters of these topics; their commit-log records age out normally. */
    public void deleteTopics(Set<String> topics) {
        for (String t : topics) {
            commitLog.removeTopic(t);
            consumeQueues.deleteTopic(t);
        }
    }

    public boolean isReadOnly() {
        return readOnly;
    }

    /** A read-only store refuses puts with SERVICE_NOT_AVAILABLE. */
    public void setReadOnly(boolean readOnly) {
        this.readOnly = readOnly;
    }

    /** True while puts are refused for lack of disk space. */
    public boolean isDiskFull() {
        return commitLog.isDiskFull();
    }

    /** The fsync failure that fail-stopped the store (puts answer FSYNC_FAILED until a restart), or null. */
    public FsyncFailedException fsyncFailure() {
        return commitLog.fileQueue().fsyncFailure();
    }

    /**
     * Stops writes as a failed fsync of the store's own files does ({@link #fsyncFailure}): for an fsync the owner of
     * the store saw fail on a file whose loss makes further writes unsafe (the broker's config files). Any thread.
     */
    public void failStop(FsyncFailedException failure) {
        if (commitLog.fileQueue().fsyncFailure() == null) {
            LOG.error("STORE-FSYNC-FAILED {}: the store refuses writes until restarted", failure.getMessage());
        }
        commitLog.fileQueue().failStop(failure);
    }

    /**
     * Installs the listener told about the group commit's forces and the puts each acknowledged (metrics). Only
     * SYNC_FLUSH has a group commit; under ASYNC_FLUSH this does nothing. Call before puts start.
     */
    public void setGroupCommitListener(GroupCommitListener listener) {
        if (groupCommit != null) {
            groupCommit.setListener(listener);
        }
    }

    /** Whether puts wait for a group-commit force (SYNC_FLUSH). */
    public boolean hasGroupCommit() {
        return groupCommit != null;
    }

    public StoreStats.Snapshot stats() {
        return stats.snapshot(groupCommit == null ? 0 : groupCommit.forceCount(),
                groupCommit == null ? 0 : groupCommit.timeoutCount(), reput.listenerErrors());
    }

    /**
     * Runs one retention round now (disk probe, commit-log deletion if due, consume queues and indexes following),
     * instead of waiting for the clean services' interval. Returns the number of commit-log files deleted.
     */
    public int runRetentionNow() {
        return retention.runNow();
    }

    /** Retention rounds on request (mqadmin deleteExpiredCommitLog and cleanExpiredCQ). */
    public Retention retention() {
        return retention;
    }

    /** What recovery at open read and decided (where the commit-log scan started, how much it read). */
    public RecoveryReport recoveryReport() {
        return recoveryReport;
    }

    /** Flushes consume queues and indexes and writes the checkpoint now. */
    public void checkpointNow() {
        try {
            flushConsumeQueues.flushAndCheckpoint();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

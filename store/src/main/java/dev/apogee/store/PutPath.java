package dev.apogee.store;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;

import dev.apogee.store.commitlog.CommitLog;
import dev.apogee.store.commitlog.MessagePreparer;
import dev.apogee.store.dispatch.ReputService;
import dev.apogee.store.flush.AsyncFlushService;
import dev.apogee.store.flush.GroupCommitService;
import dev.apogee.store.record.EncodedMessage;
import dev.apogee.store.record.SysFlag;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The store's write side behind {@link MessageStore}'s put and durability methods: encodes, appends, and then either
 * answers at once or hands the put to the group commit (SYNC_FLUSH puts that wait for the disk).
 *
 * <p>Threads: everything here runs on the putting thread up to the append (under the commit log's put lock); with
 * SYNC_FLUSH the futures complete on the group-commit thread. {@link #writeStagedForReaders} and a blocking
 * {@link #awaitDurable} may write staged bytes or force on the caller, each under the lock that serializes them with
 * the group-commit thread. No mutable state of its own.
 */
final class PutPath {
    private static final Logger LOG = LoggerFactory.getLogger(PutPath.class);

    private final CommitLog commitLog;
    private final MessagePreparer preparer;
    private final StoreStats stats;
    /** SYNC_FLUSH's group commit, null in ASYNC_FLUSH. */
    private final GroupCommitService groupCommit;
    /** ASYNC_FLUSH's flush thread, null in SYNC_FLUSH. */
    private final AsyncFlushService asyncFlush;
    private final ReputService reput;
    private final boolean staged;
    /** False once the store stops or is set read-only: puts are then refused SERVICE_NOT_AVAILABLE. */
    private final BooleanSupplier accepting;

    PutPath(CommitLog commitLog, MessagePreparer preparer, StoreStats stats, GroupCommitService groupCommit,
            AsyncFlushService asyncFlush, ReputService reput, boolean staged, BooleanSupplier accepting) {
        this.commitLog = commitLog;
        this.preparer = preparer;
        this.stats = stats;
        this.groupCommit = groupCommit;
        this.asyncFlush = asyncFlush;
        this.reput = reput;
        this.staged = staged;
        this.accepting = accepting;
    }

    /** One message; {@code publish} false leaves staged bytes unwritten for readers (MessageStore#putMessageUnpublished). */
    CompletableFuture<PutResult> put(MessageToStore m, boolean publish) {
        if (!accepting.getAsBoolean()) {
            return done(PutResult.failure(PutStatus.SERVICE_NOT_AVAILABLE));
        }
        EncodedMessage e = new EncodedMessage();
        PutStatus prepared = preparer.prepare(m, e);
        if (prepared != PutStatus.PUT_OK) {
            return done(PutResult.failure(prepared));
        }
        PutResult r = commitLog.append(e);
        return afterAppend(r, m.waitStoreMsgOK(), publish);
    }

    /** Messages of one topic and queue, contiguous, with consecutive queue offsets. */
    CompletableFuture<PutResult> putBatch(List<MessageToStore> batch, boolean publish) {
        if (!accepting.getAsBoolean()) {
            return done(PutResult.failure(PutStatus.SERVICE_NOT_AVAILABLE));
        }
        if (batch == null || batch.isEmpty()) {
            return done(PutResult.failure(PutStatus.MESSAGE_ILLEGAL));
        }
        MessageToStore first = batch.get(0);
        List<EncodedMessage> encoded = new ArrayList<>(batch.size());
        boolean waitAll = false;
        for (MessageToStore m : batch) {
            if (!first.topic().equals(m.topic()) || first.queueId() != m.queueId()) {
                return done(PutResult.failure(PutStatus.MESSAGE_ILLEGAL));
            }
            EncodedMessage e = new EncodedMessage();
            PutStatus prepared = preparer.prepare(m, e);
            if (prepared != PutStatus.PUT_OK) {
                return done(PutResult.failure(prepared));
            }
            encoded.add(e);
            waitAll |= m.waitStoreMsgOK();
        }
        return afterAppend(commitLog.appendBatch(encoded), waitAll, publish);
    }

    /** The header (marked {@link SysFlag#ATOMIC_GROUP_HEADER}, sized to the members) then the members, in one file. */
    PutResult putAtomicGroup(MessageToStore header, List<MessageToStore> members) {
        if (!accepting.getAsBoolean()) {
            return PutResult.failure(PutStatus.SERVICE_NOT_AVAILABLE);
        }
        List<EncodedMessage> encoded = new ArrayList<>(members.size() + 1);
        encoded.add(null);
        long memberBytes = 0;
        for (MessageToStore m : members) {
            EncodedMessage e = new EncodedMessage();
            PutStatus prepared = preparer.prepare(m, e);
            if (prepared != PutStatus.PUT_OK) {
                return PutResult.failure(prepared);
            }
            encoded.add(e);
            memberBytes += e.recordSize;
        }
        header.sysFlag(header.sysFlag() | SysFlag.ATOMIC_GROUP_HEADER).preparedTransactionOffset(memberBytes);
        EncodedMessage h = new EncodedMessage();
        PutStatus prepared = preparer.prepare(header, h);
        if (prepared != PutStatus.PUT_OK) {
            return PutResult.failure(prepared);
        }
        encoded.set(0, h);
        PutResult r = commitLog.appendGroup(encoded);
        stats.recordPut(r);
        return r;
    }

    PutResult awaitDurable(PutResult result) {
        if (!result.isOk() || flushedOffset() >= result.nextOffset()) {
            return result;
        }
        PutResult durable = groupCommit != null ? groupCommit.awaitDurable(result) : makeDurable(result).join();
        reput.wakeup(); // an atomic group held back until durable can be dispatched now
        return durable;
    }

    boolean makeReadableDurable() {
        long readable = commitLog.maxReadableOffset();
        if (flushedOffset() >= readable) {
            return true;
        }
        PutResult upTo = new PutResult(PutStatus.PUT_OK, readable, 0, -1L, 0, 0L, new long[0]);
        return awaitDurable(upTo).isOk();
    }

    CompletableFuture<PutResult> makeDurable(PutResult result) {
        if (!result.isOk() || flushedOffset() >= result.nextOffset()) {
            return CompletableFuture.completedFuture(result);
        }
        return groupCommit != null ? groupCommit.submit(result) : asyncFlush.submit(result);
    }

    private long flushedOffset() {
        return commitLog.fileQueue().flushedWhere();
    }

    private CompletableFuture<PutResult> afterAppend(PutResult r, boolean waitForDisk, boolean publish) {
        stats.recordPut(r);
        if (r.status() != PutStatus.PUT_OK || groupCommit == null || !waitForDisk) {
            if (staged && publish && r.status() == PutStatus.PUT_OK) {
                writeStagedForReaders();
            }
            return CompletableFuture.completedFuture(r);
        }
        return groupCommit.submitOrForce(r);
    }

    /**
     * A staged put nobody waits to be durable, but readers wait to see: its bytes are written now by this thread
     * (a request/reply round trip of non-persistent messages measured 15-20% slower when each message waited for
     * the group-commit thread's next round), and dispatched to its consume queue (waking held pulls) by it too,
     * unless that thread is writing, whose round then takes them. Not a wake-up on every persistent append: a round
     * woken before the put's request arrived would find none waiting and reset the linger's peak.
     */
    private void writeStagedForReaders() {
        try {
            if (commitLog.tryCommitStaged()) {
                reput.dispatchNowOrWake();
                return;
            }
        } catch (IOException e) {
            LOG.warn("STORE-IO writing staged appends for readers failed, left to the group commit: {}",
                    e.toString());
        }
        groupCommit.wakeup();
    }

    private CompletableFuture<PutResult> done(PutResult r) {
        stats.recordPut(r);
        return CompletableFuture.completedFuture(r);
    }
}

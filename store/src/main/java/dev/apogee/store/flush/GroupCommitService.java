package dev.apogee.store.flush;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

import dev.apogee.store.PutResult;
import dev.apogee.store.PutStatus;
import dev.apogee.store.file.MappedFileQueue;
import dev.apogee.store.service.ServiceThread;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * SYNC_FLUSH group commit (thread {@code apogee-store-group-commit}). Putting threads {@link #submit} a request (end
 * offset + future); each round the service takes every request submitted so far in one atomic swap, writes what
 * the appends staged (the commit log's staging ring, or the transient pool's buffers: {@link Committer}), makes the
 * commit log durable up to the largest end offset with one {@code FileChannel.force(false)} per file touched, and
 * completes, in one pass, every request now covered. Requests arriving during a force wait for the next round, so
 * under load one force acknowledges many writers. A request not durable within the timeout completes with
 * FLUSH_DISK_TIMEOUT (checked after each round, failed ones included, and every idle tick). Futures complete on
 * this thread, so a dependent stage must be short (the broker's response write is) or hand off with
 * {@code thenXxxAsync}; it must never block.
 *
 * <p>Two kinds of callers may force on their own thread instead, under {@link #forceLock} (which the service's
 * rounds hold too), when no round runs: a blocking waiter ({@link #awaitDurable}) and a lone writer
 * ({@link #submitOrForce}); their futures are complete when returned.
 *
 * <p>Per put the hot path costs one allocation (the request is the future), one CAS and the increment and decrement
 * of the waiting count; the service is woken (unparked) only by the put that finds no request waiting, i.e. once per
 * batch. When fewer requests wait than the
 * last round completed, the round first lingers briefly for the rest (see {@link #linger()}).
 *
 * <p>Bound: a request exists only while its caller waits for its future, so the number waiting is the number of
 * SYNC_FLUSH puts in flight, which the caller bounds (the broker's send executor queue and the producers' own
 * one-response-per-request flow); the service keeps no queue of its own beyond these linked requests.
 */
public final class GroupCommitService extends ServiceThread {
    private static final Logger LOG = LoggerFactory.getLogger(GroupCommitService.class);
    private static final long IDLE_FLUSH_MS = 10;
    /** Cap of the linger (see {@link #linger()}): a slow force must not stretch every put's wait further. */
    private static final long MAX_LINGER_NANOS = 1_000_000L;
    private static final int MAX_COMMIT_STEPS = 16;


    private final MappedFileQueue queue;
    private final long timeoutNanos;
    /**
     * Writes appended bytes to the file before each force (the transient store pool's buffers, or the commit log's
     * staging ring), or null when appends reach the file by themselves. An fsync after a write() measured about
     * twice as fast here as after writes through the mapping (which also re-protect every flushed page).
     */
    private final Committer committer;
    private final Runnable afterCommit;
    /** Requests submitted since the last swap, newest first (a Treiber stack). Any thread pushes; the service swaps. */
    private final AtomicReference<FlushRequest> submitted = new AtomicReference<>();
    /** Service thread only: requests taken from the stack and not yet completed, oldest first. */
    private FlushRequest waitingHead;
    private FlushRequest waitingTail;
    private int waitingCount;
    /** Largest end offset among the waiting requests (0 when none wait). */
    private long waitingTarget;
    /**
     * The largest batch rounds completed lately: set by a larger batch, decaying by 1/16 per round, reset by an idle
     * round (none waiting). How many requests a round lingers for, and how long the last force took.
     */
    private int peakBatch;
    private long lastForceNanos;
    /** When the last force of any kind (a round's, a caller's, an idle one) happened; guarded by {@link #forceLock}. */
    private long lastForcedAtNanos;
    /**
     * Held while bytes are committed and forced: by the service for its rounds, or by a blocking caller that forces
     * itself ({@link #awaitDurable}). Makes the commit and flush steps single-threaded at any moment.
     */
    private final ReentrantLock forceLock = new ReentrantLock();
    private final LongAdder forces = new LongAdder();
    private final LongAdder callerForces = new LongAdder();
    /** Requests submitted and not completed yet (any thread). */
    private final AtomicInteger waiting = new AtomicInteger();
    /** When a round last completed more than one request (writers putting together); any thread reads it. */
    private volatile long lastSharedRoundNanos;
    /** How long after a shared round puts keep going through the service (see {@link #submitOrForce}). */
    private final long loneWriterNanos;
    private static final long LONE_WRITER_NANOS = 100_000_000L;
    private final LongAdder timeouts = new LongAdder();
    /** Set once before puts start (the broker's metrics); read by whichever thread forces. */
    private volatile GroupCommitListener listener = GroupCommitListener.NONE;

    /** One commit step: writes appended bytes to the file; true when something was written. */
    @FunctionalInterface
    public interface Committer {
        boolean commit() throws IOException;
    }

    public GroupCommitService(MappedFileQueue queue, long timeoutMs) {
        this(queue, timeoutMs, null, () -> { });
    }

    /**
     * @param committer   called until it returns false before each force (null: nothing to commit)
     * @param afterCommit called after new bytes were committed (they are readable now: wakes the dispatcher)
     */
    public GroupCommitService(MappedFileQueue queue, long timeoutMs, Committer committer, Runnable afterCommit) {
        this(queue, timeoutMs, committer, afterCommit, LONE_WRITER_NANOS);
    }

    /** @param loneWriterNanos how long after a round shared by several puts no put forces alone (tests vary it) */
    GroupCommitService(MappedFileQueue queue, long timeoutMs, Committer committer, Runnable afterCommit,
            long loneWriterNanos) {
        this.loneWriterNanos = loneWriterNanos;
        this.lastSharedRoundNanos = System.nanoTime() - loneWriterNanos - 1;
        this.queue = queue;
        this.timeoutNanos = timeoutMs * 1_000_000L;
        this.committer = committer;
        this.afterCommit = afterCommit;
    }

    @Override
    public String name() {
        return "apogee-store-group-commit";
    }

    @Override
    protected long intervalMs() {
        return IDLE_FLUSH_MS;
    }

    /** Installs the listener told about forces and acknowledged puts (metrics); {@code null} removes it. */
    public void setListener(GroupCommitListener listener) {
        this.listener = listener == null ? GroupCommitListener.NONE : listener;
    }

    public long forceCount() {
        return forces.sum();
    }

    public long timeoutCount() {
        return timeouts.sum();
    }

    /** Any thread: a future completed once {@code result}'s bytes are durable (or timed out / shut down). */
    public CompletableFuture<PutResult> submit(PutResult result) {
        FlushRequest r = new FlushRequest(result, System.nanoTime() + timeoutNanos, waiting);
        if (queue.fsyncFailure() != null && queue.flushedWhere() < result.nextOffset()) {
            r.complete(result.withStatus(PutStatus.FSYNC_FAILED)); // fail-stopped: no force will cover it
            return r;
        }
        if (isStopped()) {
            r.complete(result.withStatus(PutStatus.FLUSH_DISK_TIMEOUT));
            return r;
        }
        FlushRequest head;
        do {
            head = submitted.get();
            r.next = head;
        } while (!submitted.compareAndSet(head, r));
        if (head == null) {
            // the first of a batch wakes the service; later ones find it woken (or about to swap them in)
            wakeup();
        }
        if (isStopped()) {
            // raced with shutdown: the final round may be over already. complete() is first-wins, so whichever of
            // us and that round completes it decides, and PUT_OK is only ever given for durable bytes.
            r.complete(queue.flushedWhere() >= r.nextOffset ? result
                    : result.withStatus(PutStatus.FLUSH_DISK_TIMEOUT));
        }
        return r;
    }

    /**
     * A caller that would block on {@link #submit}'s future anyway (a transaction's decision record): when no round
     * is committing or forcing right now, it commits and forces on its own thread, saving the two thread wake-ups of
     * a hand-off to the service and back (measured as much again as the force itself for a lone committer on two
     * cores). When a round is running, or the force fails, it waits for the service like any request.
     */
    public PutResult awaitDurable(PutResult result) {
        return forceOnCaller(result, false) ? result : submit(result).join();
    }

    /**
     * {@link #submit}, except that the put of a lone writer — nobody else waiting, no round completing more than one
     * request for 100 ms, and no round running — is forced on the calling thread and returned completed: a lone
     * synchronous producer then pays no hand-off to the service and no wake-up back (+7-11 % persistent sends of one
     * JMS producer, A/B). Writers that put together keep meeting in the service's rounds: letting any of them force
     * alone halved the throughput of 64 writers (two forces per round instead of one). For callers that may block for
     * one force (not event loops).
     */
    public CompletableFuture<PutResult> submitOrForce(PutResult result) {
        return forceOnCaller(result, true) ? CompletableFuture.completedFuture(result) : submit(result);
    }

    /**
     * Whether a put that waits for the disk, submitted through {@link #submitOrForce} now, would be forced on the
     * putting thread itself: a lone writer, and no round or other force running. A hint (the state may change before
     * the put); either way such a put never waits for another thread on the putting thread.
     */
    public boolean wouldForceOnCaller() {
        return !isStopped() && alone() && !forceLock.isLocked();
    }

    /** Nobody else waits, and no round completed more than one request within {@link #loneWriterNanos}. */
    private boolean alone() {
        return waiting.get() == 0 && System.nanoTime() - lastSharedRoundNanos > loneWriterNanos;
    }

    /** True when {@code result} is durable after forcing on this thread (tried only while nothing else runs). */
    private boolean forceOnCaller(PutResult result, boolean onlyIfAlone) {
        if (queue.flushedWhere() >= result.nextOffset()) {
            listener.acknowledged(1, result.msgNum()); // an earlier force (a round's, an idle one) covered it
            return true;
        }
        if (isStopped() || onlyIfAlone && !alone() || !forceLock.tryLock()) {
            return false;
        }
        try {
            commitFirst();
            long before = forces.sum();
            flushTo(result.nextOffset());
            callerForces.add(forces.sum() - before);
            if (queue.flushedWhere() >= result.nextOffset()) {
                listener.acknowledged(1, result.msgNum());
            }
        } catch (IOException e) {
            LOG.warn("STORE-IO a caller's force failed, leaving it to the group commit: {}", e.toString());
        } finally {
            forceLock.unlock();
        }
        if (submitted.get() != null) {
            wakeup(); // requests this force may cover: the service completes them without forcing again
        }
        return queue.flushedWhere() >= result.nextOffset();
    }

    /** Forces done on callers' threads ({@link #awaitDurable}, {@link #submitOrForce}); part of {@link #forceCount}. */
    public long callerForceCount() {
        return callerForces.sum();
    }

    @Override
    protected void onWakeup() throws IOException {
        takeSubmitted();
        if (queue.fsyncFailure() != null) {
            completeCovered(false); // fail-stopped: answer FSYNC_FAILED, never force again (see FsyncFailedException)
            return;
        }
        try {
            if (waitingHead != null && waitingCount < peakBatch) {
                linger();
            }
            forceLock.lock();
            try {
                commitFirst();
                if (waitingHead == null) {
                    forceIdle();
                    return;
                }
                long started = System.nanoTime();
                flushTo(waitingTarget);
                lastForceNanos = System.nanoTime() - started;
            } finally {
                forceLock.unlock();
            }
        } finally {
            // also after a failed commit/force: requests still time out instead of waiting for a round that works
            completeCovered(false);
        }
    }

    /**
     * Called when fewer requests wait than recent rounds completed ({@link #peakBatch}): waits, at most one force's
     * duration (and {@link #MAX_LINGER_NANOS}), for that many, since those writers are likely putting again right
     * now. The peak rather than the last batch, so that batches grow to the number of writers instead of settling at
     * whatever size the first rounds happened to have. Each force
     * costs kernel CPU (write-back, a device notify, two context switches) that a 2-core profile showed on par
     * with the puts it acknowledged; fewer, fuller forces leave that CPU to the writers. A single writer never
     * lingers (its rounds complete one, and one waits), and an idle round (an idle tick with nothing waiting) resets
     * the peak, so a burst long past never delays a lone put. Like PostgreSQL's commit_delay, bounded and adaptive.
     */
    private void linger() {
        long deadline = System.nanoTime() + Math.min(lastForceNanos, MAX_LINGER_NANOS);
        while (waitingCount < peakBatch && !isStopped()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                break;
            }
            LockSupport.parkNanos(this, left);
            takeSubmitted();
        }
    }

    /**
     * A round nobody waits for (the idle tick, or a put that waits for no disk but for readers: with the staging
     * ring its bytes become readable when this round writes them) forces only when nothing was forced for an idle
     * interval: a force per such put doubled the broker's CPU for non-persistent traffic and made the next put's
     * bytes wait behind it, and while waited-for puts keep forcing (a force covers the whole file), an idle force
     * in between only makes the next of them wait behind it. Measured with strace under one transacted producer
     * (commits every ~1 ms, each writing unforced records after its forced one): 11,741 fdatasyncs for ~10,000
     * forced commits, the ~1,700 extra from this tick; unforced bytes are still forced within two idle intervals.
     */
    private void forceIdle() throws IOException {
        long now = System.nanoTime();
        if (now - lastForcedAtNanos >= IDLE_FLUSH_MS * 1_000_000L) {
            lastForcedAtNanos = now;
            queue.flush(0);
        }
    }

    /** Moves the submitted requests, restored to arrival order, behind those still waiting. */
    private void takeSubmitted() {
        FlushRequest newest = submitted.getAndSet(null);
        if (newest == null) {
            return;
        }
        FlushRequest oldest = null;
        FlushRequest last = newest;
        while (newest != null) {
            FlushRequest older = newest.next;
            newest.next = oldest;
            oldest = newest;
            waitingCount++;
            waitingTarget = Math.max(waitingTarget, oldest.nextOffset);
            newest = older;
        }
        if (waitingTail == null) {
            waitingHead = oldest;
        } else {
            waitingTail.next = oldest;
        }
        waitingTail = last;
    }

    private void commitFirst() throws IOException {
        if (committer != null) {
            // a step per file touched (the pool), or per pass over the ring while appenders keep staging: bounded, so
            // that busy appenders cannot keep the force waiting; what the steps left is written by the next round
            boolean moved = false;
            for (int i = 0; i < MAX_COMMIT_STEPS && committer.commit(); i++) {
                moved = true;
            }
            if (moved) {
                afterCommit.run();
            }
        }
    }

    private void flushTo(long target) throws IOException {
        // a step that moves flushedWhere did one force; one that does not found nothing to force
        GroupCommitListener told = listener;
        long started = System.nanoTime();
        while (queue.flushedWhere() < target && queue.flush(0)) {
            forces.increment();
            long now = System.nanoTime();
            told.forced(now - started);
            lastForcedAtNanos = now;
            started = now;
        }
    }

    /** One pass over the waiting requests: completes the covered (and the expired), keeps the rest in order. */
    private void completeCovered(boolean finalRound) {
        long flushed = queue.flushedWhere();
        boolean failStopped = queue.fsyncFailure() != null;
        long now = System.nanoTime();
        FlushRequest keptHead = null;
        FlushRequest keptTail = null;
        FlushRequest doneHead = null;
        FlushRequest doneTail = null;
        int done = 0;
        int doneMessages = 0;
        int kept = 0;
        FlushRequest r = waitingHead;
        while (r != null) {
            FlushRequest next = r.next;
            r.next = null;
            if (r.nextOffset <= flushed) {
                if (doneTail == null) {
                    doneHead = r;
                } else {
                    doneTail.next = r;
                }
                doneTail = r;
                done++;
                doneMessages += r.result.msgNum();
            } else if (failStopped) {
                r.complete(r.result.withStatus(PutStatus.FSYNC_FAILED));
            } else if (finalRound || now - r.deadlineNanos > 0) {
                timeouts.increment();
                r.complete(r.result.withStatus(PutStatus.FLUSH_DISK_TIMEOUT));
            } else {
                if (keptTail == null) {
                    keptHead = r;
                } else {
                    keptTail.next = r;
                }
                keptTail = r;
                kept++;
            }
            r = next;
        }
        // requests kept are only those a failed commit/force left uncovered: the idle tick retries them (and
        // times them out) without spinning on a failing disk
        waitingHead = keptHead;
        waitingTail = keptTail;
        waitingCount = kept;
        peakBatch = done == 0 ? 0 : Math.max(done, peakBatch - (peakBatch >> 4));
        if (done > 1) {
            lastSharedRoundNanos = now;
        }
        if (done > 0) {
            listener.acknowledged(done, doneMessages);
        }
        if (keptHead == null) {
            waitingTarget = 0;
        }
        completeAll(doneHead);
    }

    /** Completes a detached list in arrival order; dependent stages run here, after the force that covered them. */
    private static void completeAll(FlushRequest r) {
        while (r != null) {
            FlushRequest next = r.next;
            r.next = null;
            r.complete(r.result);
            r = next;
        }
    }

    @Override
    protected void onShutdown() {
        takeSubmitted();
        forceLock.lock();
        try {
            commitFirst();
            if (queue.fsyncFailure() == null) { // fail-stopped: never force again (the store reports the failure)
                queue.flushAll();
            }
        } catch (IOException e) {
            LOG.error("STORE-IO final flush failed", e);
        } finally {
            forceLock.unlock();
        }
        completeCovered(true);
        // puts racing with shutdown may have pushed after the swap above; they see isStopped() and complete
        // themselves, but take them too so none is left unanswered
        takeSubmitted();
        completeCovered(true);
    }
}

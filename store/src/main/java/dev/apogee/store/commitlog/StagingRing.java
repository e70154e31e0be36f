package dev.apogee.store.commitlog;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

import dev.apogee.store.file.MappedFile;

/**
 * The SYNC_FLUSH staging ring ({@link dev.apogee.store.StoreConfig#commitLogStagingBytes()}): appends are encoded
 * here under the put lock, and the group-commit thread writes the staged bytes to the commit-log file with one
 * positional write right before each force ({@link #commit}). A put then costs a memory copy under the lock instead
 * of a system call, and a force round one write instead of one per put.
 *
 * <p>Layout: the bytes of file position {@code p} are at ring index {@code p % capacity}, for the file positions
 * {@code [committed, wrote)} of the one file being staged ({@link MappedFile#committedPosition()} and
 * {@link MappedFile#wrotePosition()}); the buffer has another {@code capacity} bytes behind the ring so that an
 * append is always encoded contiguously: the part past the ring's end is copied to the ring's start on publish.
 * A staged file is readable only up to its committed position, so readers never see bytes not yet in the file.
 *
 * <p>Threads: {@link #open}, {@link #publish} and {@link #writeDirect} run under the commit log's put lock (one
 * appender at a time); {@link #commit} runs on the group-commit thread (or on the shutting-down thread after that
 * one stopped), and {@link #tryCommit} on a putting thread whose put waits for no disk but whose bytes readers are
 * waiting for; the two are serialized by {@link #commitLock}. The appender waits for the committer when the ring has no room, before moving to another file, and
 * before writing an append too large for the ring directly (so that the committer never has work in that file
 * while the appender writes it): bounded by {@code maxWaitNanos}, then the append fails (OS_PAGE_CACHE_BUSY).
 * Only the committer moves the committed position of a file with staged bytes; the appender moves it only when
 * nothing is staged (the direct write), committed first, then wrote, so the committer then finds nothing to do.
 */
final class StagingRing {
    private static final long PARK_NANOS = 100_000;

    private final ByteBuffer buffer;
    /**
     * The committer's own view of {@link #buffer}: the appender only uses absolute puts, but a view of its own keeps
     * the committer independent of the appender's buffer state whatever that does.
     */
    private final ByteBuffer commitView;
    private final int capacity;
    private final long maxWaitNanos;
    private final Runnable wakeCommitter;
    /** The file whose bytes the ring holds; set by the appender when every staged byte is committed. */
    private volatile MappedFile file;
    /** The appender while it waits for the committer (unparked after each commit). */
    private volatile Thread waiter;
    /**
     * Held while committing: the group-commit thread takes it (uncontended unless a putter commits), a putter only
     * tries it, so a putter never waits behind a round.
     */
    private final ReentrantLock commitLock = new ReentrantLock();

    StagingRing(int capacity, long maxWaitNanos, Runnable wakeCommitter) {
        this.buffer = ByteBuffer.allocateDirect(2 * capacity);
        this.commitView = buffer.duplicate();
        this.capacity = capacity;
        this.maxWaitNanos = maxWaitNanos;
        this.wakeCommitter = wakeCommitter;
    }

    /** Largest append the ring takes; larger ones are written directly ({@link #writeDirect}). */
    int capacity() {
        return capacity;
    }

    ByteBuffer buffer() {
        return buffer;
    }

    /** Ring index of file position {@code p} of the file being staged. */
    int index(int p) {
        return p % capacity;
    }

    /**
     * Appender: prepares staging {@code size <= capacity} bytes at {@code position} of {@code f} (its wrote
     * position); false when the committer did not make room in time.
     */
    boolean open(MappedFile f, int position, int size) {
        if (!switchTo(f)) {
            return false;
        }
        return awaitCommitted(f, position + size - capacity);
    }

    /** Appender: makes the {@code length} bytes staged at {@code start} part of the ring (wraps the spill). */
    void publish(int start, int length) {
        int from = index(start);
        int spill = from + length - capacity;
        if (spill > 0) {
            buffer.put(0, buffer, capacity, spill);
        }
    }

    /**
     * Appender: waits until nothing of {@code f} is staged, so that bytes written to it directly (the end-of-file
     * blank, an append larger than the ring) do not interleave with the committer's writes; false on timeout.
     */
    boolean drain(MappedFile f) {
        return switchTo(f) && awaitCommitted(f, f.wrotePosition());
    }

    /**
     * Appender, after {@link #drain}: writes {@code src[0, length)} at {@code start} and publishes {@code f} as
     * written (and committed) up to {@code wroteTo}.
     */
    void writeDirect(MappedFile f, ByteBuffer src, int start, int length, int wroteTo, long storeTimestamp)
            throws IOException {
        f.writeRange(src, 0, length, start);
        f.setCommittedPosition(wroteTo);
        f.setWrotePosition(wroteTo, storeTimestamp);
    }

    /** Committer: writes the staged bytes to the file; true when something was written. */
    boolean commit() throws IOException {
        commitLock.lock();
        try {
            return commitLocked();
        } finally {
            commitLock.unlock();
        }
    }

    /**
     * Putting thread: writes what is staged now unless a commit is under way; true when nothing staged so far is
     * left unwritten by this call (written now, or found written), false when the committer was busy.
     */
    boolean tryCommit() throws IOException {
        if (!commitLock.tryLock()) {
            return false;
        }
        try {
            commitLocked();
            return true;
        } finally {
            commitLock.unlock();
        }
    }

    private boolean commitLocked() throws IOException {
        MappedFile f = file;
        if (f == null) {
            return false;
        }
        // wrote first: the direct write publishes committed before wrote, so this never sees its bytes as staged
        int wrote = f.wrotePosition();
        int committed = f.committedPosition();
        if (wrote <= committed) {
            return false;
        }
        int length = wrote - committed;
        int from = index(committed);
        int first = Math.min(length, capacity - from);
        f.writeRange(commitView, from, first, committed);
        if (first < length) {
            f.writeRange(commitView, 0, length - first, committed + first);
        }
        f.setCommittedPosition(wrote);
        Thread w = waiter;
        if (w != null) {
            LockSupport.unpark(w);
        }
        return true;
    }

    /** Makes {@code f} the staged file once the previous one has nothing staged. */
    private boolean switchTo(MappedFile f) {
        MappedFile current = file;
        if (current == f) {
            return true;
        }
        if (current != null && !awaitCommitted(current, current.wrotePosition())) {
            return false;
        }
        if (!f.isStaged()) {
            f.markStaged();
        }
        file = f;
        return true;
    }

    /** Waits (bounded) until {@code f} is committed up to {@code position}. */
    private boolean awaitCommitted(MappedFile f, int position) {
        if (f.committedPosition() >= position) {
            return true;
        }
        long deadline = System.nanoTime() + maxWaitNanos;
        waiter = Thread.currentThread();
        try {
            while (f.committedPosition() < position) {
                if (System.nanoTime() - deadline >= 0) {
                    return false;
                }
                wakeCommitter.run();
                LockSupport.parkNanos(this, PARK_NANOS);
            }
            return true;
        } finally {
            waiter = null;
        }
    }
}

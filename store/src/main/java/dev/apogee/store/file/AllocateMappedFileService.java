package dev.apogee.store.file;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import dev.apogee.store.service.ServiceThread;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates, maps and pre-touches the next commit-log file ahead of need (and with {@code preallocate} also zero-fills
 * and forces it), on its own thread ({@code apogee-store-allocate}), so the appender normally takes a ready file
 * instead of waiting for creation.
 *
 * <p>The zero-fill of a next file is paced: after each chunk it pauses {@value #FILL_PAUSE_FACTOR} times as long as
 * the chunk took, so it uses at most a quarter of the disk's time and the commit log's fsyncs never queue behind more
 * than one chunk. An appender that needs the file before the fill is done does not wait for the rest: it abandons the
 * fill (within one chunk) and takes a sparse file, as without {@code preallocate}. Only an empty store's first file is
 * filled at full speed, the first append waiting for it.
 *
 * <p>The appender (holding the put lock) calls {@link #create}: it takes the ready file when its offset matches,
 * waits if that very file is being prepared (cutting a paced fill short), and otherwise creates it itself; then it
 * asks for the file after. The appender claims every offset it takes or creates, and the service never creates a
 * file at a claimed offset, so the two never create the same file. State shared between the two threads is guarded
 * by {@code lock}.
 */
public final class AllocateMappedFileService extends ServiceThread implements MappedFileQueue.FileFactory {
    private static final Logger LOG = LoggerFactory.getLogger(AllocateMappedFileService.class);

    private final Path dir;
    private final int fileSize;
    private final boolean preallocate;
    /**
     * Whether appends write through the mapping (so its pages are faulted in ahead of the appender). Not with
     * write-through appends: nothing writes to the mapping, readers fault in what they read, and a pre-touched 1 GiB
     * mapping would only add 1 GiB to the broker's resident set.
     */
    private final boolean touchMapping;
    private final TransientStorePool pool;
    private static final int FILL_PAUSE_FACTOR = 3;
    private final Object lock = new Object();
    /** Set by the appender when it needs the file being zero-filled; the fill then stops after its chunk. */
    private boolean abandonFill;
    /** Chunks zero-filled and fills abandoned so far (allocating thread writes; tests and stats read). */
    private final AtomicLong filledChunks = new AtomicLong();
    private final AtomicLong abandonedFills = new AtomicLong();
    private long requestedOffset = -1;
    /** Whether the requested file is filled at the pace (and may be abandoned), or at full speed. */
    private boolean requestedPaced;
    private boolean fillPaced;
    private long allocatingOffset = -1;
    /** Highest offset the appender has taken or is creating itself; the service never creates at or below it. */
    private long claimedOffset = -1;
    private MappedFile ready;
    /** Allocating thread only: the low-space skip was logged (once per episode). */
    private boolean lowSpaceLogged;
    /** Told of a failed fsync while preparing a file ahead (the commit log's fail-stop); set once before start. */
    private volatile Consumer<FsyncFailedException> onFsyncFailure = e -> { };

    public AllocateMappedFileService(Path dir, int fileSize, boolean preallocate, TransientStorePool pool) {
        this(dir, fileSize, preallocate, true, pool);
    }

    public AllocateMappedFileService(Path dir, int fileSize, boolean preallocate, boolean touchMapping,
                                     TransientStorePool pool) {
        this.dir = dir;
        this.fileSize = fileSize;
        this.preallocate = preallocate;
        this.touchMapping = touchMapping;
        this.pool = pool;
    }

    /**
     * Where a failed fsync of a file prepared ahead goes. The file is dropped, but the disk just failed a write-back:
     * the store stops writes (fail-stop) at once rather than when the appender next needs a file.
     */
    public void onFsyncFailure(Consumer<FsyncFailedException> sink) {
        this.onFsyncFailure = sink;
    }

    @Override
    public String name() {
        return "apogee-store-allocate";
    }

    @Override
    protected long intervalMs() {
        return 1_000;
    }

    /** Appender thread: the file starting at {@code from}, ready-made when possible. */
    @Override
    public MappedFile create(long from) throws IOException {
        MappedFile f = null;
        synchronized (lock) {
            while (allocatingOffset == from && isStarted() && !isStopped()) {
                if (fillPaced) {
                    abandonFill = true;
                    lock.notifyAll(); // ends a pause of the fill
                }
                try {
                    lock.wait(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted waiting for file " + from, e);
                }
            }
            if (ready != null) {
                if (ready.fileFromOffset() == from) {
                    f = ready;
                } else {
                    ready.destroy();
                }
                ready = null;
            }
            claimedOffset = Math.max(claimedOffset, from);
        }
        if (f == null) {
            f = MappedFile.create(dir, from, fileSize, MappedFile.Warmup.NONE, pool); // never make the appender wait long
        }
        requestNext(from + fileSize, true);
        return f;
    }

    /**
     * Asks for the file at {@code offset} to be prepared (called at start). {@code neededFirst}: the commit log is
     * empty and needs this very file for its first append, so the fill goes at full speed and the appender waits for
     * it (nothing else is on the disk to protect yet, and an empty store's first file is then pre-allocated too);
     * otherwise it is the next file, prepared ahead at the fill's pace.
     */
    public void prepare(long offset, boolean neededFirst) {
        requestNext(offset, !neededFirst);
    }

    /**
     * Starting thread: waits (at most {@code timeoutMillis}) until the file at {@code offset} asked for with
     * {@link #prepare} is ready for {@link #create} to hand over; false when it is not (the appender then creates
     * or waits for it as usual).
     */
    public boolean awaitReady(long offset, long timeoutMillis) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        synchronized (lock) {
            while (ready == null || ready.fileFromOffset() != offset) {
                long left = deadline - System.nanoTime();
                if (left <= 0 || !isStarted() || isStopped()) {
                    return false;
                }
                lock.wait(Math.max(1, left / 1_000_000));
            }
            return true;
        }
    }

    private void requestNext(long offset, boolean paced) {
        if (!isStarted() || isStopped()) {
            return;
        }
        synchronized (lock) {
            requestedOffset = offset;
            requestedPaced = paced;
        }
        wakeup();
    }

    @Override
    protected void onWakeup() {
        long offset;
        boolean paced;
        synchronized (lock) {
            if (requestedOffset <= claimedOffset || (ready != null && ready.fileFromOffset() == requestedOffset)) {
                return;
            }
            offset = requestedOffset;
            allocatingOffset = offset;
            fillPaced = requestedPaced;
            paced = fillPaced;
            abandonFill = false;
        }
        MappedFile f = null;
        boolean published = false;
        try {
            if (preallocate && !roomFor(offset)) {
                return;
            }
            long t0 = System.nanoTime();
            f = MappedFile.create(dir, offset, fileSize,
                    preallocate ? MappedFile.Warmup.PREALLOCATE
                            : touchMapping ? MappedFile.Warmup.TOUCH : MappedFile.Warmup.NONE, pool,
                    paced ? this::pace : null);
            LOG.debug("pre-allocated {} in {} ms", f.path(), (System.nanoTime() - t0) / 1_000_000);
        } catch (MappedFile.FillAbandonedException e) {
            if (!isStopped()) {
                abandonedFills.incrementAndGet();
                LOG.info("the commit log needed the file at offset {} before its zero-fill was done: it is used "
                        + "sparse", offset);
            }
        } catch (FsyncFailedException e) {
            LOG.error("STORE-FSYNC-FAILED preparing the file at offset {} ahead: {}", offset, e.getMessage());
            onFsyncFailure.accept(e);
        } catch (IOException e) {
            if (NoSpace.is(e)) {
                LOG.warn("STORE-ALLOC-FAIL no space to prepare the file at offset {} ahead: {}", offset, e.toString());
            } else {
                LOG.warn("STORE-ALLOC-FAIL cannot pre-allocate file at offset {}", offset, e);
            }
        } finally {
            synchronized (lock) {
                allocatingOffset = -1;
                if (f != null) {
                    if (requestedOffset == offset && ready == null && offset > claimedOffset) {
                        ready = f;
                        published = true;
                    } else {
                        f.destroy();
                    }
                }
                lock.notifyAll();
            }
        }
        if (published && touchMapping) {
            f.touch(); // after publishing: an appender that needs the file now need not wait for the touch
        }
    }

    /**
     * Whether the disk has room for a zero-filled file with a file's worth to spare. A fill that runs into ENOSPC is
     * deleted again, but while it lasts it takes the last free blocks from the appender (whose appends then fail
     * with DISK_FULL), and the next round would do it again; without room the appender takes a sparse file and
     * allocates it as it goes.
     */
    private boolean roomFor(long offset) {
        try {
            long usable = Files.getFileStore(dir).getUsableSpace();
            if (usable >= 2L * fileSize) {
                lowSpaceLogged = false;
                return true;
            }
            if (!lowSpaceLogged) {
                lowSpaceLogged = true;
                LOG.warn("STORE-ALLOC-SKIP {} bytes free: not zero-filling the file at offset {} ahead ({} bytes)",
                        usable, offset, fileSize);
            }
            return false;
        } catch (IOException e) {
            return true; // the fill itself reports what is wrong
        }
    }

    /** Allocating thread, after each zero-filled chunk: the pause; false when the appender wants the file now. */
    private boolean pace(long chunkNanos) {
        filledChunks.incrementAndGet();
        long deadline = System.nanoTime() + chunkNanos * FILL_PAUSE_FACTOR;
        synchronized (lock) {
            while (!abandonFill && !isStopped()) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return true;
                }
                try {
                    lock.wait(left / 1_000_000, (int) (left % 1_000_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
            return false;
        }
    }

    long filledChunks() {
        return filledChunks.get();
    }

    long abandonedFills() {
        return abandonedFills.get();
    }

    @Override
    protected void onShutdown() {
        synchronized (lock) {
            if (ready != null) {
                ready.destroy();
                ready = null;
            }
            lock.notifyAll();
        }
    }
}

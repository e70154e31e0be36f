package dev.apogee.store.file;

import java.io.IOException;
import java.nio.file.Path;

import dev.apogee.store.service.ServiceThread;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Creates, maps and pre-touches the next commit-log file ahead of need (and with {@code preallocate} also zero-fills
 * and forces it), on its own thread ({@code apogee-store-allocate}), so the appender normally takes a ready file
 * instead of waiting for creation.
 *
 * <p>The appender (holding the put lock) calls {@link #create}: it takes the ready file when its offset matches, waits
 * if that very file is being prepared, and otherwise creates it itself; then it asks for the file after. The appender
 * claims every offset it takes or creates, and the service never creates a file at a claimed offset, so the two
 * never create the same file. State shared between the two threads is guarded by {@code lock}.
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
    private final Object lock = new Object();
    private long requestedOffset = -1;
    private long allocatingOffset = -1;
    /** Highest offset the appender has taken or is creating itself; the service never creates at or below it. */
    private long claimedOffset = -1;
    private MappedFile ready;

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
        requestNext(from + fileSize);
        return f;
    }

    /** Asks for the file at {@code offset} to be prepared ahead (called at start for the next file needed). */
    public void prepare(long offset) {
        requestNext(offset);
    }

    private void requestNext(long offset) {
        if (!isStarted() || isStopped()) {
            return;
        }
        synchronized (lock) {
            requestedOffset = offset;
        }
        wakeup();
    }

    @Override
    protected void onWakeup() {
        long offset;
        synchronized (lock) {
            if (requestedOffset <= claimedOffset || (ready != null && ready.fileFromOffset() == requestedOffset)) {
                return;
            }
            offset = requestedOffset;
            allocatingOffset = offset;
        }
        MappedFile f = null;
        boolean published = false;
        try {
            long t0 = System.nanoTime();
            f = MappedFile.create(dir, offset, fileSize,
                    preallocate ? MappedFile.Warmup.PREALLOCATE
                            : touchMapping ? MappedFile.Warmup.TOUCH : MappedFile.Warmup.NONE, pool);
            LOG.debug("pre-allocated {} in {} ms", f.path(), (System.nanoTime() - t0) / 1_000_000);
        } catch (IOException e) {
            LOG.warn("STORE-ALLOC-FAIL cannot pre-allocate file at offset {}", offset, e);
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

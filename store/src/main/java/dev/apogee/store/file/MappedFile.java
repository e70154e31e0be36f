package dev.apogee.store.file;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One fixed-size file of a {@link MappedFileQueue}, named by the 20-digit zero-padded log offset of its first byte.
 *
 * <p>Appends go into the mapped buffer, or, with a transient store pool, into an off-heap write buffer that
 * {@link #commit} copies to the file channel later, or, write-through, straight to the file channel
 * ({@link #writeAt}). Durability: {@link #create} fsyncs the new file (its size) and its directory (its name), so
 * the file survives a power cut whole; {@link #flush} calls {@code FileChannel.force(false)}
 * (fdatasync). On Linux that writes back every dirty page-cache page of the file, including pages dirtied through the
 * shared mapping, since a MAP_SHARED mapping and the file share one page cache; it is the same write-back
 * {@code MappedByteBuffer.force()} (msync) triggers, measured several times faster here (StoreBench reports both).
 */
public final class MappedFile {
    private static final Logger LOG = LoggerFactory.getLogger(MappedFile.class);
    public static final int OS_PAGE_SIZE = 4096;
    private static final int ZERO_CHUNK = 1 << 20;
    /** Suffix of a file being pre-allocated; such files are deleted at load. */
    public static final String TMP_SUFFIX = ".tmp";

    private final Path path;
    private final long fileFromOffset;
    private final int fileSize;
    private final FileChannel channel;
    private final MappedByteBuffer mapped;
    /** Blocks allocated ahead of writes through the mapping (see {@link SpaceReservation}); writer thread. */
    private final SpaceReservation reservation;
    private volatile ByteBuffer writeBuffer;
    private final TransientStorePool pool;
    private volatile int wrotePosition;
    private volatile int committedPosition;
    private volatile int flushedPosition;
    private volatile long lastStoreTimestamp;
    /**
     * Set once, by the appender, before the first append staged for this file (see {@code StagingRing}): from then
     * on bytes are readable only once committed (written to the file), like with a pooled write buffer.
     */
    private volatile boolean staged;
    /** Keeps the JIT from dropping the reads of {@link #touch()}. */
    private static volatile byte touchSink;
    /** The first failed force of this file (flush thread writes, any thread reads); later flushes never retry it. */
    private volatile FsyncFailedException forceFailure;

    private MappedFile(Path path, long fileFromOffset, int fileSize, FileChannel channel, TransientStorePool pool) throws IOException {
        this.path = path;
        this.fileFromOffset = fileFromOffset;
        this.fileSize = fileSize;
        this.channel = channel;
        this.mapped = channel.map(FileChannel.MapMode.READ_WRITE, 0, fileSize);
        this.reservation = new SpaceReservation(channel, fileSize);
        this.pool = pool;
        this.writeBuffer = pool == null ? null : pool.borrow();
    }

    /** 20-digit zero-padded name of the file starting at {@code offset}. */
    public static String fileName(long offset) {
        String s = Long.toString(offset);
        return "0".repeat(Math.max(0, 20 - s.length())) + s;
    }

    /** How much work {@link #create} does up front. */
    public enum Warmup {
        /** Sparse file, mapped; pages fault in on first write. */
        NONE,
        /** Sparse file, mapped; the caller then {@link #touch()}es it. */
        TOUCH,
        /** Blocks written with zeroes and forced (so later fdatasyncs never allocate blocks); then touched. */
        PREALLOCATE
    }

    /**
     * Paces a {@link Warmup#PREALLOCATE} zero-fill: called after each chunk was written and forced, with the time
     * that took; may wait before the next chunk. Returns false to abandon the file.
     */
    @FunctionalInterface
    public interface FillPace {
        boolean afterChunk(long chunkNanos);
    }

    /** A paced pre-allocation was abandoned by its {@link FillPace}; nothing is left on disk. */
    public static final class FillAbandonedException extends IOException {
        FillAbandonedException(Path path) {
            super("pre-allocation of " + path + " abandoned");
        }
    }

    /** Bytes zero-filled (and forced) per step of a paced pre-allocation. */
    static final int PACED_CHUNK = 256 << 10;

    /** Creates a new file, prepared as {@code warmup} says (a pre-allocation at full speed). */
    public static MappedFile create(Path dir, long fromOffset, int fileSize, Warmup warmup,
                                    TransientStorePool pool) throws IOException {
        return create(dir, fromOffset, fileSize, warmup, pool, null);
    }

    /**
     * Creates a new file, prepared as {@code warmup} says. With a {@code pace}, a pre-allocation zero-fills
     * {@value #PACED_CHUNK} bytes at a time, each forced at once, and lets the pace wait between chunks: writing a
     * whole file at full speed and forcing it at the end kept the disk busy for seconds, and the commit log's
     * fsyncs queued behind it measured 10-60 ms instead of 0.2.
     */
    public static MappedFile create(Path dir, long fromOffset, int fileSize, Warmup warmup,
                                    TransientStorePool pool, FillPace pace) throws IOException {
        boolean preallocate = warmup == Warmup.PREALLOCATE;
        DirectorySync.createDirectories(dir);
        Path p = dir.resolve(fileName(fromOffset));
        if (preallocate) {
            // written under a temporary name and renamed when complete, so a crash never leaves a short file
            Path tmp = dir.resolve(fileName(fromOffset) + TMP_SUFFIX);
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                zeroFill(ch, fileSize, pace, tmp);
            } catch (IOException e) {
                // abandoned, or ENOSPC half-way: a partial file must not keep the space it took
                Files.deleteIfExists(tmp);
                throw e;
            }
            if (Files.exists(p)) {
                Files.deleteIfExists(tmp);
                throw new IOException("STORE-FILE-EXISTS refusing to pre-allocate over existing " + p);
            }
            Files.move(tmp, p, StandardCopyOption.ATOMIC_MOVE);
        }
        FileChannel ch = FileChannel.open(p, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        try {
            MappedFile created = new MappedFile(p, fromOffset, fileSize, ch, pool);
            if (preallocate) {
                created.reservation.markAll();
            } else {
                reserveFirstChunk(created);
            }
            // a new file must survive a power cut whole before anything acknowledged is written into it: its size
            // (set by the mapping) needs an fsync of the file (fdatasync may skip it: a cut then left a 0-byte commit-log
            // file that refused the next start), and its name an fsync of the directory
            try {
                ch.force(true);
            } catch (IOException e) {
                throw new FsyncFailedException(p, e);
            }
            DirectorySync.fsync(dir);
            return created;
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /**
     * Gives a sparse file's first chunk blocks at once, and deletes the file when the disk has no room: a file that is
     * all holes would make the next recovery's read of its first header a SIGBUS on a full tmpfs.
     */
    private static void reserveFirstChunk(MappedFile f) throws IOException {
        try {
            f.reservation.reserve(0, 1);
        } catch (IOException e) {
            f.destroy();
            throw e;
        }
    }

    private static void zeroFill(FileChannel ch, int fileSize, FillPace pace, Path tmp) throws IOException {
        ByteBuffer zeros = ByteBuffer.allocateDirect(Math.min(pace == null ? ZERO_CHUNK : PACED_CHUNK, fileSize));
        for (long pos = 0; pos < fileSize; ) {
            long started = System.nanoTime();
            zeros.clear().limit((int) Math.min(zeros.capacity(), fileSize - pos));
            while (zeros.hasRemaining()) {
                pos += ch.write(zeros, pos);
            }
            if (pace != null) {
                ch.force(false);
                if (!pace.afterChunk(System.nanoTime() - started)) {
                    throw new FillAbandonedException(tmp);
                }
            }
        }
        ch.force(true);
    }

    /** Opens an existing file; positions start at 0 until recovery sets them. */
    public static MappedFile open(Path p, int fileSize) throws IOException {
        long from = Long.parseLong(p.getFileName().toString());
        FileChannel ch = FileChannel.open(p, StandardOpenOption.READ, StandardOpenOption.WRITE);
        return new MappedFile(p, from, fileSize, ch, null);
    }

    public Path path() { return path; }
    public long fileFromOffset() { return fileFromOffset; }
    public int fileSize() { return fileSize; }
    public int wrotePosition() { return wrotePosition; }
    public int committedPosition() { return committedPosition; }
    public int flushedPosition() { return flushedPosition; }
    public long lastStoreTimestamp() { return lastStoreTimestamp; }
    public boolean isFull() { return wrotePosition == fileSize; }
    public int remaining() { return fileSize - wrotePosition; }

    /** The buffer appenders write into at absolute file positions. Appender thread only. */
    public ByteBuffer appendBuffer() {
        ByteBuffer wb = writeBuffer;
        return wb != null ? wb : mapped;
    }

    /** The mapped buffer (index 0 = file start). Readers must stay below {@link #readablePosition()}. */
    public ByteBuffer mappedBuffer() {
        return mapped;
    }

    /** Bytes a reader may read: written, and with a transient pool or staging also committed to the file. */
    public int readablePosition() {
        return writeBuffer == null && !staged ? wrotePosition : committedPosition;
    }

    /**
     * Appender only, while every written byte is also committed (so that readers see no step back): from now on
     * appends are staged elsewhere and become readable when {@link #setCommittedPosition committed}.
     */
    public void markStaged() {
        if (committedPosition != wrotePosition) {
            throw new IllegalStateException("marking " + this + " staged with uncommitted bytes");
        }
        staged = true;
    }

    public boolean isStaged() {
        return staged;
    }

    /** Staged files: the bytes below {@code position} are in the file now. Committing thread only (see StagingRing). */
    public void setCommittedPosition(int position) {
        committedPosition = position;
    }

    /** Publishes bytes written below {@code position}; appender thread only. */
    public void setWrotePosition(int position, long storeTimestamp) {
        if (storeTimestamp > 0) {
            lastStoreTimestamp = storeTimestamp;
        }
        wrotePosition = position;
    }

    /** Sets every position at once (recovery, before any other thread runs). */
    public void setAllPositions(int position) {
        wrotePosition = position;
        committedPosition = position;
        flushedPosition = position;
    }

    public void setLastStoreTimestamp(long ts) {
        lastStoreTimestamp = ts;
    }

    /**
     * Faults every page of the mapping in by reading it (no disk I/O for a sparse or freshly zeroed file), so the
     * appender does not take those faults. Safe while an appender writes to the file.
     */
    public void touch() {
        // only the pages that have blocks: on tmpfs a read fault on a hole allocates a page, and on a full one that
        // is a SIGBUS (a sparse file is touched as the appender reserves it, see reserve)
        int limit = reservation.reservedTo();
        byte sink = 0;
        for (int i = 0; i < limit; i += OS_PAGE_SIZE) {
            sink ^= mapped.get(i);
        }
        touchSink = sink;
    }

    /**
     * Allocates blocks for {@code [0, end)} before bytes are written there through the mapping, so a full disk is
     * an {@link IOException} here (ENOSPC, see {@link NoSpace}) instead of a SIGBUS on the first touch of a page
     * without a block. {@code dataEnd}: no byte at or above it holds data yet. The file's writer thread only.
     */
    public void reserve(int dataEnd, int end) throws IOException {
        reservation.reserve(dataEnd, end);
    }

    /** Bytes below this have blocks allocated (the whole file when it was pre-allocated). */
    public int reservedPosition() {
        return reservation.reservedTo();
    }

    /** A read-only slice {@code [position, position + size)} of the mapped file. */
    public ByteBuffer slice(int position, int size) {
        return mapped.slice(position, size).asReadOnlyBuffer();
    }

    /** Whether at least {@code minPages} dirty pages wait (0 = any byte), or the file is complete and not flushed. */
    public boolean isAbleToFlush(int minPages) {
        int readable = readablePosition();
        int flushed = flushedPosition;
        if (readable <= flushed) {
            return false;
        }
        if (minPages <= 0 || readable == fileSize) {
            return true;
        }
        return readable / OS_PAGE_SIZE - flushed / OS_PAGE_SIZE >= minPages;
    }

    /**
     * Makes everything readable durable with one fdatasync; flush thread only. Returns the flushed position. A failed
     * fdatasync throws {@link FsyncFailedException}, now and on every later call without trying again: the kernel may
     * have dropped the pages it failed to write, so a retry that succeeds would claim durable what is lost.
     */
    public int flush(int minPages) throws IOException {
        FsyncFailedException failed = forceFailure;
        if (failed != null) {
            throw failed;
        }
        if (isAbleToFlush(minPages)) {
            int position = readablePosition();
            try {
                channel.force(false);
            } catch (IOException e) {
                forceFailure = new FsyncFailedException(path, e);
                LOG.error("STORE-FSYNC-FAILED fdatasync of {} failed covering bytes {}-{}: the store stops accepting"
                        + " writes (fail-stop) and will not retry it", path, flushedPosition, position, e);
                throw forceFailure;
            }
            flushedPosition = position;
        }
        return flushedPosition;
    }

    /**
     * Write-through append: writes {@code src[0, length)} to the file at {@code position} with the channel (no
     * pooled write buffer may be in use). The caller then publishes with {@link #setWrotePosition}. Appender thread
     * only.
     */
    public void writeAt(ByteBuffer src, int length, int position) throws IOException {
        if (writeBuffer != null) {
            throw new IllegalStateException("write-through append on a file with a pooled write buffer");
        }
        writeRange(src, 0, length, position);
    }

    /** Positional write of {@code src[index, index + length)} to the file at {@code position}. */
    public void writeRange(ByteBuffer src, int index, int length, int position) throws IOException {
        ByteBuffer bytes = src.duplicate().limit(index + length).position(index);
        long pos = position;
        while (bytes.hasRemaining()) {
            pos += channel.write(bytes, pos);
        }
    }

    /** Copies written bytes from the write buffer to the file channel; commit thread only. */
    public int commit(int minPages) throws IOException {
        ByteBuffer wb = writeBuffer;
        if (wb == null) {
            return wrotePosition;
        }
        int wrote = wrotePosition;
        int committed = committedPosition;
        boolean enough = minPages <= 0 || wrote == fileSize
                || wrote / OS_PAGE_SIZE - committed / OS_PAGE_SIZE >= minPages;
        if (wrote > committed && enough) {
            ByteBuffer src = wb.duplicate();
            src.limit(wrote).position(committed);
            long pos = committed;
            while (src.hasRemaining()) {
                pos += channel.write(src, pos);
            }
            committedPosition = wrote;
        }
        if (committedPosition == fileSize && writeBuffer != null) {
            writeBuffer = null;
            pool.giveBack(wb);
        }
        return committedPosition;
    }

    /**
     * Zeroes the bytes in {@code [from, fileSize)} that are not zero (recovery truncation). Reads through the channel,
     * not the mapping: the tail of a sparse file is holes, and on tmpfs a read fault on a hole of a shared mapping
     * allocates a page (the whole tail, and a SIGBUS when the disk is full); a channel read of a hole allocates
     * nothing. Only chunks holding a non-zero byte are written (they have blocks already).
     */
    public void zeroFrom(int from) throws IOException {
        ByteBuffer chunk = ByteBuffer.allocateDirect(Math.min(ZERO_CHUNK, Math.max(1, fileSize - from)));
        for (long pos = from; pos < fileSize; ) {
            chunk.clear().limit((int) Math.min(chunk.capacity(), fileSize - pos));
            int read = 0;
            while (chunk.hasRemaining()) {
                int n = channel.read(chunk, pos + read);
                if (n < 0) {
                    break; // past the end of a short file: nothing there to zero
                }
                read += n;
            }
            if (!isZero(chunk, read)) {
                chunk.clear().limit(read);
                while (chunk.hasRemaining()) {
                    chunk.put((byte) 0);
                }
                chunk.flip();
                writeRange(chunk, 0, read, (int) pos);
            }
            if (read == 0) {
                return;
            }
            pos += read;
        }
    }

    private static boolean isZero(ByteBuffer b, int length) {
        int i = 0;
        for (; i + 8 <= length; i += 8) {
            if (b.getLong(i) != 0L) {
                return false;
            }
        }
        for (; i < length; i++) {
            if (b.get(i) != 0) {
                return false;
            }
        }
        return true;
    }

    /** Closes the channel and deletes the file; the mapping is released by GC (see package doc). */
    public void destroy() {
        close();
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            LOG.warn("STORE-FILE-DEL cannot delete {}", path, e);
        }
    }

    /** Forces and closes the channel, returning any write buffer. */
    public void close() {
        ByteBuffer wb = writeBuffer;
        if (wb != null) {
            writeBuffer = null;
            pool.giveBack(wb);
        }
        try {
            channel.close();
        } catch (IOException e) {
            LOG.warn("STORE-FILE-CLOSE cannot close {}", path, e);
        }
    }

    @Override
    public String toString() {
        return path.getFileName() + "[wrote=" + wrotePosition + ", flushed=" + flushedPosition + "]";
    }
}

package dev.apogee.store.file;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * Allocates the blocks of a mapped file ahead of the bytes written to it through its mapping, by writing zeroes
 * through the file channel, so that a full disk answers ENOSPC to that write (an {@link IOException} the writer turns
 * into DISK_FULL) instead of a SIGBUS when the mapping first touches a page that has no block. Files are created
 * sparse (a 1 GiB commit-log file is not zero-filled on the appender's path), so without this a write into a fresh
 * page of a mapping on a full tmpfs, or on a full ext4 when the kernel allocates at page-fault time, kills the JVM
 * or surfaces as an asynchronous {@code InternalError} long after the message was accepted.
 *
 * <p>Reservation moves in {@value #CHUNK}-byte chunks and always keeps at least {@value #MARGIN} bytes past the last
 * write (at most to the end of the file), so the appender pays one zero write per chunk appended, and recovery,
 * which reads the header after the last record through the mapping, never touches a hole. A failed zero write leaves {@link #reservedTo} where it was: the zeroes it
 * did write lie above every byte holding data, so a retry once space returns simply writes them again.
 *
 * <p>Thread: the thread creating the file (before it is published), then the file's single writer (the commit log's
 * put-lock holder, the dispatch thread for consume-queue and index files) calls {@link #reserve}; {@link #reservedTo()}
 * may be read by any thread.
 */
final class SpaceReservation {
    /** How far ahead of the writes blocks are allocated. */
    static final int CHUNK = 1 << 20;
    /** Bytes past the last write that always have blocks: more than any record header recovery reads there. */
    static final int MARGIN = 4096;
    private static final ByteBuffer ZEROS = ByteBuffer.allocateDirect(CHUNK).asReadOnlyBuffer();

    private final FileChannel channel;
    private final int fileSize;
    /** Bytes below this have blocks. Writer thread writes; volatile for readers such as {@code touch}. */
    private volatile int reservedTo;

    SpaceReservation(FileChannel channel, int fileSize) {
        this.channel = channel;
        this.fileSize = fileSize;
    }

    /** The whole file has blocks already (it was zero-filled when created). */
    void markAll() {
        reservedTo = fileSize;
    }

    int reservedTo() {
        return reservedTo;
    }

    /**
     * Makes sure {@code [0, end)} has blocks. {@code dataEnd}: no byte at or above it holds data (so zeroes may be
     * written there); below it blocks exist already because its bytes were written. Throws the channel's
     * {@link IOException} (ENOSPC on a full disk, see {@link NoSpace}) when the blocks cannot be allocated.
     */
    void reserve(int dataEnd, int end) throws IOException {
        if (Math.min(fileSize, (long) end + MARGIN) <= reservedTo) {
            return;
        }
        int from = Math.max(reservedTo, dataEnd);
        // a margin past end: recovery reads the header after the last record through the mapping, and on tmpfs a
        // read fault on a hole allocates a page (a SIGBUS on a full disk, so a restart there could not recover)
        long target = Math.min(fileSize, ((long) end + MARGIN + CHUNK - 1) / CHUNK * CHUNK);
        long pos = from;
        while (pos < target) {
            ByteBuffer zeros = ZEROS.duplicate();
            zeros.limit((int) Math.min(CHUNK, target - pos));
            while (zeros.hasRemaining()) {
                pos += channel.write(zeros, pos);
            }
        }
        reservedTo = (int) target;
    }
}

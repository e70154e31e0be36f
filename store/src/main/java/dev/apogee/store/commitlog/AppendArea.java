package dev.apogee.store.commitlog;

import java.io.IOException;
import java.nio.ByteBuffer;

import dev.apogee.store.file.MappedFile;

/**
 * Where the commit log encodes the records of one append: straight into the file's append buffer (its mapping or its
 * pooled write buffer); or, in write-through mode ({@link dev.apogee.store.StoreConfig#commitLogWriteThrough()}),
 * into the {@link StagingRing} that the group-commit thread writes to the file, or into a private buffer that
 * {@link #publish} writes to the file with one positional write (no ring, an append larger than the ring, and the
 * end-of-file blank, whose published position covers bytes it never writes). Either way the records become
 * readable only when {@link #publish} (or, staged, the commit after it) moves the file's readable position.
 *
 * <p>Thread: whoever holds the commit log's put lock; the private buffer is reused by every append (it grows to the
 * largest append seen: a message or a batch, both bounded by the maximum message size and the file size).
 */
final class AppendArea {
    private static final int INITIAL_STAGING = 64 * 1024;

    private final boolean writeThrough;
    /** Null unless appends are staged. */
    private final StagingRing ring;
    private ByteBuffer direct;
    private ByteBuffer target;
    private int base;
    /** The current append goes through the ring. */
    private boolean viaRing;

    AppendArea(boolean writeThrough, StagingRing ring) {
        this.writeThrough = writeThrough;
        this.ring = ring;
    }

    /**
     * Starts an append of {@code size} bytes at file position {@code position} of {@code f} (its wrote position);
     * {@code blank} for the end-of-file blank. False when the staging ring had no room in time (nothing started).
     */
    boolean open(MappedFile f, int position, int size, boolean blank) {
        viaRing = false;
        if (!writeThrough) {
            target = f.appendBuffer();
            base = 0;
            return true;
        }
        if (ring != null) {
            if (!blank && size <= ring.capacity()) {
                if (!ring.open(f, position, size)) {
                    return false;
                }
                viaRing = true;
                target = ring.buffer();
                base = position - ring.index(position);
                return true;
            }
            if (!ring.drain(f)) {
                return false;
            }
        }
        if (direct == null || direct.capacity() < size) {
            direct = ByteBuffer.allocateDirect(Math.max(size, Math.max(INITIAL_STAGING,
                    direct == null ? 0 : Math.min(Integer.MAX_VALUE / 2, direct.capacity()) * 2)));
        }
        target = direct;
        base = position;
        return true;
    }

    /** The buffer to encode into; file position {@code p} is at index {@link #index}{@code (p)}. */
    ByteBuffer buffer() {
        return target;
    }

    int index(int filePosition) {
        return filePosition - base;
    }

    /**
     * Makes the {@code length} encoded bytes at file position {@code start} part of the file and publishes the file
     * as written up to {@code wroteTo} (beyond the encoded bytes only for the end-of-file blank, whose 8-byte header
     * covers the rest of the file).
     */
    void publish(MappedFile f, int start, int length, int wroteTo, long storeTimestamp) throws IOException {
        if (viaRing) {
            ring.publish(start, length);
            f.setWrotePosition(wroteTo, storeTimestamp);
        } else if (ring != null) {
            ring.writeDirect(f, direct, start, length, wroteTo, storeTimestamp);
        } else {
            if (writeThrough) {
                f.writeAt(direct, length, start);
            }
            f.setWrotePosition(wroteTo, storeTimestamp);
        }
    }
}

package dev.apogee.store.commitlog;

import java.io.IOException;
import java.nio.ByteBuffer;

import dev.apogee.store.file.MappedFile;

/**
 * Where the commit log encodes the records of one append: straight into the file's append buffer (its mapping or its
 * pooled write buffer), or, in write-through mode ({@link dev.apogee.store.StoreConfig#commitLogWriteThrough()}), into
 * a staging buffer that {@link #publish} then writes to the file with one positional write. Either way the records
 * become readable only when {@link #publish} moves the file's wrote position.
 *
 * <p>Thread: whoever holds the commit log's put lock; the staging buffer is reused by every append (it grows to the
 * largest append seen: a message or a batch, both bounded by the maximum message size and the file size).
 */
final class AppendArea {
    private static final int INITIAL_STAGING = 64 * 1024;

    private final boolean writeThrough;
    private ByteBuffer staging;
    private ByteBuffer target;
    private int base;

    AppendArea(boolean writeThrough) {
        this.writeThrough = writeThrough;
    }

    /** Starts an append of {@code size} bytes at file position {@code position} of {@code f}. */
    void open(MappedFile f, int position, int size) {
        if (!writeThrough) {
            target = f.appendBuffer();
            base = 0;
            return;
        }
        if (staging == null || staging.capacity() < size) {
            staging = ByteBuffer.allocateDirect(Math.max(size, Math.max(INITIAL_STAGING,
                    staging == null ? 0 : Math.min(Integer.MAX_VALUE / 2, staging.capacity()) * 2)));
        }
        target = staging;
        base = position;
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
        if (writeThrough) {
            f.writeAt(staging, length, start);
        }
        f.setWrotePosition(wroteTo, storeTimestamp);
    }
}

package dev.apogee.jms.message;

import java.io.OutputStream;
import java.util.Arrays;
import java.util.Objects;

/**
 * The body of a {@link ApogeeBytesMessage} being written. Unlike {@link java.io.ByteArrayOutputStream} it takes no
 * lock (a message is used by one thread at a time) and hands its array out without a copy when the array is exactly
 * full, which it is after the usual single {@code writeBytes} into an empty body: the first write allocates exactly
 * what it writes. On a send path with 1 KiB bodies that saves two of the three body-sized allocations per message
 * (growth from 32 bytes, then {@code toByteArray}). A handed-out array is never written again: only bytes past the
 * current size are ever written, and a full array is replaced before anything is appended.
 *
 * <p>Threads: the thread using the message.
 */
final class BodyWriter extends OutputStream {
    private static final byte[] EMPTY = new byte[0];
    /** Java arrays cannot quite reach Integer.MAX_VALUE elements. */
    private static final int MAX_SIZE = Integer.MAX_VALUE - 8;

    private byte[] bytes = EMPTY;
    private int size;

    @Override
    public void write(int b) {
        ensureRoom(1);
        bytes[size++] = (byte) b;
    }

    @Override
    public void write(byte[] b, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, b.length);
        ensureRoom(length);
        System.arraycopy(b, offset, bytes, size, length);
        size += length;
    }

    /** The bytes written so far: the writer's own array when it is exactly full (see the class comment). */
    byte[] bytes() {
        return size == bytes.length ? bytes : Arrays.copyOf(bytes, size);
    }

    /** A copy of the bytes written so far. */
    byte[] copy() {
        return Arrays.copyOf(bytes, size);
    }

    private void ensureRoom(int more) {
        long needed = (long) size + more;
        if (needed <= bytes.length) {
            return;
        }
        if (needed > MAX_SIZE) {
            throw new IllegalStateException("a BytesMessage body cannot exceed " + MAX_SIZE + " bytes");
        }
        long grown = size == 0 ? needed : Math.max(needed, Math.min(MAX_SIZE, 2L * bytes.length));
        bytes = Arrays.copyOf(bytes, (int) grown);
    }
}

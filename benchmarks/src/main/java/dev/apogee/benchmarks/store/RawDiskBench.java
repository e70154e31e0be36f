package dev.apogee.benchmarks.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Random;

/**
 * The machine's anchors, measured in the store's directory in the same run as the store: sequential write
 * bandwidth and synchronous-append rates (after the anchor's FsyncBench).
 */
final class RawDiskBench {
    private static final int CHUNK = 1 << 20;

    private RawDiskBench() {
    }

    /** MB/s (10^6 bytes) of 1 MiB FileChannel writes of {@code totalBytes} to a new file, force included. */
    static double sequentialWriteMBps(Path dir, long totalBytes) throws IOException {
        Path f = Files.createTempFile(dir, "rawseq-", ".dat");
        ByteBuffer chunk = ByteBuffer.allocateDirect(CHUNK);
        byte[] random = new byte[CHUNK];
        new Random(1).nextBytes(random);
        chunk.put(random).flip();
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.WRITE)) {
            long t0 = System.nanoTime();
            for (long pos = 0; pos < totalBytes; pos += CHUNK) {
                chunk.rewind();
                while (chunk.hasRemaining()) {
                    ch.write(chunk, pos + chunk.position());
                }
            }
            ch.force(true);
            double secs = (System.nanoTime() - t0) / 1e9;
            return totalBytes / secs / 1e6;
        } finally {
            Files.deleteIfExists(f);
        }
    }

    /** How a synchronous append is made durable. */
    enum SyncMode {
        /** FileChannel.write of the block + FileChannel.force(false) (fdatasync). */
        CHANNEL_WRITE_CHANNEL_FORCE,
        /** Put into a MappedByteBuffer + MappedByteBuffer.force(index, length) (msync), as RocketMQ does. */
        MAPPED_WRITE_MAPPED_FORCE,
        /** Put into a MappedByteBuffer + FileChannel.force(false): what Apogee's store does. */
        MAPPED_WRITE_CHANNEL_FORCE
    }

    /**
     * The group-commit ceiling: durable {@code block}-byte records per second when every round writes {@code n} of
     * them with one positional FileChannel.write and then calls force(false), i.e. what a group commit whose rounds
     * each carry {@code n} writers could reach if the puts cost nothing. Same pre-written region as
     * {@link #syncRate}.
     */
    static double groupSyncRate(Path dir, int n, int block, double seconds) throws IOException {
        long size = 16L << 20;
        Path f = Files.createTempFile(dir, "rawgroup-", ".dat");
        int round = n * block;
        byte[] data = new byte[round];
        new Random(3).nextBytes(data);
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            preWrite(ch, size);
            ByteBuffer bb = ByteBuffer.allocateDirect(round);
            bb.put(data);
            long deadline = System.nanoTime() + (long) (seconds * 1e9);
            long t0 = System.nanoTime();
            long rounds = 0;
            for (long pos = 0; System.nanoTime() < deadline; pos = (pos + round) % (size - size % round), rounds++) {
                bb.clear();
                while (bb.hasRemaining()) {
                    ch.write(bb, pos + bb.position());
                }
                ch.force(false);
            }
            return rounds * n / ((System.nanoTime() - t0) / 1e9);
        } finally {
            Files.deleteIfExists(f);
        }
    }

    private static void preWrite(FileChannel ch, long size) throws IOException {
        ByteBuffer zeros = ByteBuffer.allocateDirect(CHUNK);
        for (long p = 0; p < size; p += CHUNK) {
            zeros.clear();
            while (zeros.hasRemaining()) {
                ch.write(zeros, p + zeros.position());
            }
        }
        ch.force(true);
    }

    /**
     * Durable appends per second of {@code block}-byte records for {@code seconds}, cycling through a small
     * pre-written (block-allocated) region so that the pre-write itself leaves no write-back backlog behind.
     */
    static double syncRate(Path dir, SyncMode mode, int block, double seconds) throws IOException {
        long size = 16L << 20;
        Path f = Files.createTempFile(dir, "rawsync-", ".dat");
        byte[] data = new byte[block];
        new Random(2).nextBytes(data);
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            preWrite(ch, size);
            MappedByteBuffer mb = mode == SyncMode.CHANNEL_WRITE_CHANNEL_FORCE ? null
                    : ch.map(FileChannel.MapMode.READ_WRITE, 0, size);
            ByteBuffer bb = ByteBuffer.wrap(data);
            long deadline = System.nanoTime() + (long) (seconds * 1e9);
            long t0 = System.nanoTime();
            int ops = 0;
            for (long pos = 0; System.nanoTime() < deadline; pos = (pos + block) % (size - size % block), ops++) {
                if (mb == null) {
                    bb.clear();
                    while (bb.hasRemaining()) {
                        ch.write(bb, pos + bb.position());
                    }
                    ch.force(false);
                } else {
                    mb.put((int) pos, data);
                    if (mode == SyncMode.MAPPED_WRITE_MAPPED_FORCE) {
                        mb.force((int) pos, block);
                    } else {
                        ch.force(false);
                    }
                }
            }
            return ops / ((System.nanoTime() - t0) / 1e9);
        } finally {
            Files.deleteIfExists(f);
        }
    }
}

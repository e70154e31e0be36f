package dev.apogee.store.file;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.*;

/** The zero-fill of a pre-allocated commit-log file goes chunk by chunk, and the appender can cut it short. */
class PacedPreallocationTest {
    private static final int FILE_SIZE = 64 << 20;

    @TempDir
    Path dir;

    @Test
    void aPacedFillWritesEveryChunkAndTheWholeFileIsZeroes() throws Exception {
        AtomicInteger chunks = new AtomicInteger();
        int size = 4 * MappedFile.PACED_CHUNK + 4096;
        MappedFile f = MappedFile.create(dir, 0, size, MappedFile.Warmup.PREALLOCATE, null, nanos -> {
            assertTrue(nanos > 0);
            chunks.incrementAndGet();
            return true;
        });
        assertEquals(5, chunks.get(), "four whole chunks and the short last one, each handed to the pace");
        assertEquals(size, Files.size(f.path()));
        ByteBuffer read = ByteBuffer.allocate(size);
        try (FileChannel ch = FileChannel.open(f.path(), StandardOpenOption.READ)) {
            while (read.hasRemaining() && ch.read(read) >= 0) {
                // read it all
            }
        }
        for (int i = 0; i < size; i++) {
            assertEquals(0, read.get(i), "byte " + i);
        }
        f.close();
    }

    @Test
    void anAbandonedFillLeavesNothingBehind() throws Exception {
        AtomicInteger chunks = new AtomicInteger();
        assertThrows(MappedFile.FillAbandonedException.class, () -> MappedFile.create(dir, 0, FILE_SIZE,
                MappedFile.Warmup.PREALLOCATE, null, nanos -> chunks.incrementAndGet() < 3));
        assertEquals(3, chunks.get());
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(0, left.count(), "neither the temporary nor the final file may stay");
        }
        // the offset is free for a sparse file now
        MappedFile sparse = MappedFile.create(dir, 0, FILE_SIZE, MappedFile.Warmup.NONE, null);
        assertEquals(FILE_SIZE, Files.size(sparse.path()));
        sparse.close();
    }

    @Test
    void anAppenderNeedingTheFileBeingFilledTakesItWithoutWaitingForTheFill() throws Exception {
        AllocateMappedFileService service = new AllocateMappedFileService(dir, FILE_SIZE, true, false, null);
        service.start();
        try {
            service.prepare(FILE_SIZE, false);
            // a paced fill of 64 MiB is 256 chunks, each followed by three times its duration of pause
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (service.filledChunks() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            assertTrue(service.filledChunks() > 0, "the fill started");
            MappedFile f = service.create(FILE_SIZE);
            long chunksWhenTaken = service.filledChunks();
            assertEquals(1, service.abandonedFills(), "the fill was abandoned for the appender");
            assertTrue(chunksWhenTaken < FILE_SIZE / MappedFile.PACED_CHUNK, "taken before the fill could finish: "
                    + chunksWhenTaken + " chunks");
            assertEquals(FILE_SIZE, Files.size(f.path()));
            assertEquals(MappedFile.fileName(FILE_SIZE), f.path().getFileName().toString());
            assertFalse(Files.exists(dir.resolve(MappedFile.fileName(FILE_SIZE) + MappedFile.TMP_SUFFIX)));
            ByteBuffer data = ByteBuffer.wrap(new byte[] {1, 2, 3});
            f.writeAt(data, 3, 100);
            assertEquals(2, f.mappedBuffer().get(101), "the appender's file is the live one");
            f.close();
        } finally {
            service.shutdown(5_000);
        }
    }

    /**
     * An empty store with pre-allocation takes its first file at start, so the second file is zero-filled while the
     * store is idle, before any put (it used to start with the first put, under the first traffic).
     */
    @Test
    void anEmptyStorePreparesItsSecondFileBeforeAnyPut() throws Exception {
        int fileSize = 4 * MappedFile.PACED_CHUNK;
        try (dev.apogee.store.MessageStore store = dev.apogee.store.StoreTestSupport.openStarted(
                dev.apogee.store.StoreTestSupport.smallConfig(dir).commitLogFileSize(fileSize).warmMappedFiles(true)
                        .build())) {
            Path commitLog = dir.resolve("commitlog");
            assertTrue(Files.exists(commitLog.resolve(MappedFile.fileName(0))), "the first file is there at start");
            Path second = commitLog.resolve(MappedFile.fileName(fileSize));
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (!Files.exists(second) && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(Files.exists(second), "the second file is zero-filled without waiting for a put");
            assertEquals(fileSize, Files.size(second));
            assertEquals(0, store.getMaxPhyOffset());
        }
    }
}

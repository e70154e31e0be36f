package dev.apogee.store;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import dev.apogee.store.file.MappedFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static dev.apogee.store.StoreTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

/**
 * An empty store with pre-allocated files starts without zero-filling its first file when appends go through the
 * file channel (the fill used to hold the broker's port closed for ~3 s per GiB); appends through the mapping keep a
 * filled first file, since a mapped write the disk has no room for is a SIGBUS.
 */
class FirstFileTest {
    private static final int FILE_SIZE = 8 << 20;

    @TempDir
    Path dir;

    @Test
    void aWriteThroughStoreTakesItsFirstFileSparseAndWritesToIt() throws Exception {
        StoreConfig config = smallConfig(dir).flushMode(FlushMode.SYNC_FLUSH).commitLogFileSize(FILE_SIZE)
                .warmMappedFiles(true).build();
        assertTrue(config.commitLogWriteThrough(), "SYNC_FLUSH writes through the channel by default");
        try (MessageStore store = openStarted(config)) {
            Path first = dir.resolve("commitlog").resolve(MappedFile.fileName(0));
            assertTrue(Files.exists(first), "the first file is taken at start");
            assertTrue(allocatedBytes(first) < FILE_SIZE / 2, "not zero-filled: " + allocatedBytes(first));
            PutResult r = put(store, message("F", 0, "first"));
            assertEquals(PutStatus.PUT_OK, r.status());
            assertEquals(0, r.wroteOffset());
            assertEquals("first", body(store.lookMessageByOffset(0).orElseThrow()));
        }
        try (MessageStore store = openStarted(config)) {
            assertEquals("first", body(store.lookMessageByOffset(0).orElseThrow()), "durable in the sparse file");
        }
    }

    @Test
    void aStoreAppendingThroughTheMappingStartsWithAFilledFirstFile() throws Exception {
        StoreConfig config = smallConfig(dir).flushMode(FlushMode.ASYNC_FLUSH).commitLogFileSize(FILE_SIZE)
                .warmMappedFiles(true).build();
        assertFalse(config.commitLogWriteThrough());
        try (MessageStore store = openStarted(config)) {
            Path first = dir.resolve("commitlog").resolve(MappedFile.fileName(0));
            assertTrue(Files.exists(first));
            assertTrue(allocatedBytes(first) >= FILE_SIZE, "zero-filled: " + allocatedBytes(first));
            assertEquals(PutStatus.PUT_OK, put(store, message("F", 0, "first")).status());
        }
    }

    /** Bytes of disk the file occupies (stat's block count), unlike its size. */
    private static long allocatedBytes(Path p) throws IOException, InterruptedException {
        Process stat = new ProcessBuilder("stat", "-c", "%b %B", p.toString()).redirectErrorStream(true).start();
        assertTrue(stat.waitFor(10, TimeUnit.SECONDS), "stat hung");
        String[] out = new String(stat.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim().split(" ");
        return Long.parseLong(out[0]) * Long.parseLong(out[1]);
    }
}

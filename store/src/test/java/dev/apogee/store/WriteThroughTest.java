package dev.apogee.store;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import dev.apogee.store.record.MessageRecordFlyweight;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static dev.apogee.store.StoreTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

/**
 * SYNC_FLUSH writes appends through the file channel (not the mapping) by default, each by its putting thread, or
 * staged in a ring that the group-commit thread writes: the bytes must be in the file itself
 * (read here with plain file reads, not through the store), readable through the store once acknowledged, and
 * recovered after a restart, across file roll-overs, batches, end-of-file blanks, ring wrap-arounds and appends
 * larger than the ring.
 */
class WriteThroughTest {
    @TempDir
    Path dir;

    @Test
    void writeThroughIsTheSyncFlushDefaultAndExcludesThePool() {
        assertTrue(smallConfig(dir).flushMode(FlushMode.SYNC_FLUSH).build().commitLogWriteThrough());
        assertFalse(smallConfig(dir).build().commitLogWriteThrough(), "ASYNC_FLUSH writes through the mapping");
        assertFalse(smallConfig(dir).flushMode(FlushMode.SYNC_FLUSH).transientStorePoolEnable(true).build()
                .commitLogWriteThrough(), "the pool writes through the channel on its own");
        assertFalse(smallConfig(dir).flushMode(FlushMode.SYNC_FLUSH).commitLogWriteThrough(false).build()
                .commitLogWriteThrough());
        StoreConfig async = smallConfig(dir).build();
        assertTrue(async.toBuilder().flushMode(FlushMode.SYNC_FLUSH).build().commitLogWriteThrough(),
                "decided again when the flush mode changes");
        assertThrows(IllegalArgumentException.class, () -> smallConfig(dir).transientStorePoolEnable(true)
                .commitLogWriteThrough(true).build());
        assertTrue(smallConfig(dir).flushMode(FlushMode.SYNC_FLUSH).build().commitLogStaged(), "by default");
        assertEquals(4 << 20, smallConfig(dir).build().commitLogStagingBytes());
        assertFalse(smallConfig(dir).flushMode(FlushMode.SYNC_FLUSH).commitLogStagingBytes(0).build()
                .commitLogStaged(), "a zero-sized ring: every put writes its own bytes");
        assertFalse(smallConfig(dir).commitLogWriteThrough(true).build().commitLogStaged(),
                "ASYNC_FLUSH has no group-commit thread to write the ring");
        assertThrows(IllegalArgumentException.class, () -> smallConfig(dir).commitLogStagingBytes(-1).build());
    }

    /**
     * @param stagingBytes 0: no ring; 3000: a ring smaller than two records, so appends wrap around it
     *                     all the time and every batch (5 records) is larger than it; 4 MiB (the default): larger than a file
     */
    @ParameterizedTest
    @ValueSource(ints = {0, 3000, 4 << 20})
    void appendsAreInTheFileReadableAndRecoveredAcrossRollOvers(int stagingBytes) throws Exception {
        StoreConfig config = smallConfig(dir).flushMode(FlushMode.SYNC_FLUSH).commitLogStagingBytes(stagingBytes)
                .build();
        List<PutResult> results = new ArrayList<>();
        List<String> bodies = new ArrayList<>();
        try (MessageStore store = openStarted(config)) {
            for (int i = 0; i < 200; i++) {
                // sizes vary so that records end at every alignment and files end with blanks of many sizes
                String body = "wt-" + i + "-" + repeat((char) ('a' + i % 26), 200 + (i * 37) % 900);
                if (i % 10 == 9) {
                    List<MessageToStore> batch = new ArrayList<>();
                    for (int b = 0; b < 5; b++) {
                        batch.add(message("WT", 1, body + "/b" + b));
                        bodies.add(body + "/b" + b);
                    }
                    PutResult r = store.putMessages(batch).get();
                    assertEquals(PutStatus.PUT_OK, r.status());
                    for (int b = 0; b < 5; b++) {
                        results.add(r);
                    }
                } else {
                    PutResult r = put(store, message("WT", 1, body));
                    assertEquals(PutStatus.PUT_OK, r.status());
                    results.add(r);
                    bodies.add(body);
                }
            }
            assertTrue(commitLogFiles().size() > 1, "rolled over: " + commitLogFiles());
            awaitDispatched(store);
            assertBodies(store, bodies);
            assertFileHoldsTheRecords(bodies);
        }
        try (MessageStore store = openStarted(config)) {
            assertEquals(bodies.size(), store.getMaxOffsetInQueue("WT", 1));
            assertBodies(store, bodies);
            PutResult after = put(store, message("WT", 1, "after-restart"));
            assertEquals(PutStatus.PUT_OK, after.status());
            assertEquals(bodies.size(), after.queueOffset());
        }
    }

    private void assertBodies(MessageStore store, List<String> bodies) {
        for (int i = 0; i < bodies.size(); i++) {
            GetResult g = store.getMessages("WT", 1, i, 1, 1 << 20, null);
            assertEquals(1, g.messages().size(), "message " + i);
            assertEquals(bodies.get(i), body(g.messages().get(0)));
        }
    }

    /** Walks the commit-log files with plain reads: every record and blank is where the store says. */
    private void assertFileHoldsTheRecords(List<String> bodies) throws Exception {
        int next = 0;
        MessageRecordFlyweight view = new MessageRecordFlyweight();
        for (Path file : commitLogFiles()) {
            ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(file));
            int pos = 0;
            while (pos + MessageRecordFlyweight.BLANK_HEADER_LENGTH <= bytes.capacity()) {
                int size = bytes.getInt(pos);
                int magic = bytes.getInt(pos + MessageRecordFlyweight.MAGIC_OFFSET);
                if (size == 0) {
                    break; // end of the written part of the last file
                }
                if (magic == MessageRecordFlyweight.MAGIC_BLANK) {
                    assertEquals(bytes.capacity(), pos + size, "a blank covers the rest of " + file);
                    break;
                }
                String body = new String(view.wrap(bytes.slice(pos, size), 0).body(),
                        java.nio.charset.StandardCharsets.UTF_8);
                assertEquals(bodies.get(next++), body, "record at " + pos + " of " + file);
                pos += size;
            }
        }
        assertEquals(bodies.size(), next, "every record is in the files");
    }

    private List<Path> commitLogFiles() throws Exception {
        try (Stream<Path> files = Files.list(dir.resolve("commitlog"))) {
            return files.filter(p -> !p.getFileName().toString().endsWith(".tmp")).sorted().toList();
        }
    }
}

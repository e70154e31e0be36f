package dev.apogee.store;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.apogee.store.recovery.RecoveryReport;
import dev.apogee.store.recovery.RecoveryReport.ScanStart;
import dev.apogee.store.recovery.StoreCheckpoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static dev.apogee.store.StoreTestSupport.*;
import static dev.apogee.store.StoreVerifier.*;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.*;

/**
 * Recovery reads only the tail: the commit-log scan starts at the checkpoint, so a store twenty-five times larger is
 * recovered by reading as many records as a small one, after a clean shutdown (none) and after a crash (those written
 * after the last checkpoint), and the recovered store is complete and continues its queues.
 */
class RecoveryBoundTest {
    private static final int QUEUES = 3;
    private static final int BODY = 900;
    private static final int AFTER_CHECKPOINT = 25;

    @TempDir
    Path dir;

    /** No checkpoint but the ones the test asks for ({@link MessageStore#checkpointNow()}, shutdown). */
    private static StoreConfig config(Path d) {
        return smallConfig(d).flushConsumeQueueIntervalMs(60_000).build();
    }

    @Test
    void aCleanShutdownIsRecoveredWithoutScanningWhateverTheSize() throws Exception {
        RecoveryReport small = cleanRestart(dir.resolve("small"), 100);
        RecoveryReport large = cleanRestart(dir.resolve("large"), 2_500);
        for (RecoveryReport r : List.of(small, large)) {
            assertFalse(r.crashed());
            assertEquals(ScanStart.CHECKPOINT, r.scanStart());
            assertEquals(r.end(), r.scanFrom(), "the checkpoint of a clean shutdown is the end of the log");
            assertEquals(0, r.bytesScanned());
            assertEquals(0, r.recordsScanned());
            assertFalse(r.tailZeroed(), "nothing was written past a clean end");
            assertEquals(r.end(), r.reputFrom(), "consume queues were complete");
        }
        assertTrue(large.end() > 20L * small.end(), "the large store is much larger: " + large.end());
    }

    private RecoveryReport cleanRestart(Path d, int messages) throws Exception {
        List<PutResult> written = write(d, messages, false);
        try (MessageStore store = openStarted(config(d))) {
            assertEquals(written.get(messages - 1).nextOffset(), store.getMaxPhyOffset());
            assertRecovered(store, written);
            return store.recoveryReport();
        }
    }

    @Test
    void aCrashIsRecoveredByScanningOnlyWhatFollowsTheCheckpoint() throws Exception {
        RecoveryReport small = crashRestart(dir.resolve("small"), 100);
        RecoveryReport large = crashRestart(dir.resolve("large"), 2_500);
        for (RecoveryReport r : List.of(small, large)) {
            assertTrue(r.crashed());
            assertEquals(ScanStart.CHECKPOINT, r.scanStart());
            assertEquals(AFTER_CHECKPOINT, r.recordsScanned(), "only the records written after the checkpoint");
            assertTrue(r.tailZeroed(), "after a crash the tail may hold a torn record");
        }
        assertTrue(large.scanFrom() > 20L * small.scanFrom(), "the large store is much larger: " + large.scanFrom());
    }

    private RecoveryReport crashRestart(Path d, int messages) throws Exception {
        Path crash = d.resolveSibling(d.getFileName() + "-crash");
        List<PutResult> written = write(d, messages, true);
        long checkpointed = written.get(messages - AFTER_CHECKPOINT - 1).nextOffset();
        assertEquals(checkpointed, StoreCheckpoint.load(crash.resolve("checkpoint")).physicSafeOffset(),
                "the crash image holds the checkpoint written before the last puts");
        try (MessageStore store = openStarted(config(crash))) {
            assertEquals(written.get(messages - 1).nextOffset(), store.getMaxPhyOffset());
            assertRecovered(store, written);
            RecoveryReport r = store.recoveryReport();
            assertEquals(checkpointed, r.scanFrom());
            assertEquals(written.get(messages - 1).nextOffset() - checkpointed, r.bytesScanned());
            long tailRecords = written.subList(messages - AFTER_CHECKPOINT, messages).stream()
                    .mapToLong(PutResult::wroteBytes).sum();
            assertTrue(r.bytesScanned() >= tailRecords && r.bytesScanned() < tailRecords + written.get(0).wroteBytes(),
                    "the records after the checkpoint, and at most the blank closing a file: " + r.bytesScanned());
            return r;
        }
    }

    /**
     * Writes {@code messages}; with {@code crashImage} the last {@value #AFTER_CHECKPOINT} follow a checkpoint and
     * the live directory is copied (a process killed right then) to {@code <d>-crash} before the clean shutdown.
     */
    private List<PutResult> write(Path d, int messages, boolean crashImage) throws Exception {
        List<PutResult> written = new ArrayList<>();
        try (MessageStore store = openStarted(config(d))) {
            for (int i = 0; i < messages; i++) {
                if (crashImage && i == messages - AFTER_CHECKPOINT) {
                    awaitDispatched(store);
                    await().atMost(10, TimeUnit.SECONDS)
                            .until(() -> store.getFlushedPhyOffset() == store.getMaxPhyOffset());
                    store.checkpointNow(); // its flushed offset: the end of what was written so far
                }
                written.add(put(store, message("B", i % QUEUES, bodyOf(i))));
            }
            if (crashImage) {
                awaitDispatched(store);
                copyDir(d, d.resolveSibling(d.getFileName() + "-crash"));
                assertTrue(Files.exists(d.resolveSibling(d.getFileName() + "-crash").resolve("abort")));
            }
        }
        return written;
    }

    /** Same length for every message, so equal tails have equal bytes. */
    private static String bodyOf(int i) {
        return String.format("%06d", i) + repeat('.', BODY);
    }

    private static void assertRecovered(MessageStore store, List<PutResult> written) throws Exception {
        int n = written.size();
        for (int i : new int[] {0, n / 2, n - AFTER_CHECKPOINT - 1, n - 1}) {
            ByteBuffer record = store.lookMessageByOffset(written.get(i).wroteOffset()).orElseThrow();
            assertEquals(bodyOf(i), body(record), "message " + i);
        }
        for (int q = 0; q < QUEUES; q++) {
            long expected = (n - q + QUEUES - 1) / QUEUES;
            assertEquals(expected, store.getMaxOffsetInQueue("B", q), "queue " + q);
            assertQueueConsistent(store, "B", q);
        }
        PutResult next = put(store, message("B", 0, "after"));
        assertEquals(PutStatus.PUT_OK, next.status());
        assertEquals((n + QUEUES - 1) / QUEUES, next.queueOffset(), "queue 0 continues");
        assertEquals(written.get(n - 1).nextOffset(), next.wroteOffset(), "the log continues at its end");
    }
}

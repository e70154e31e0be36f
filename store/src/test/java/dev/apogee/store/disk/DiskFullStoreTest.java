package dev.apogee.store.disk;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import dev.apogee.store.DiskUsageProbe;
import dev.apogee.store.FlushMode;
import dev.apogee.store.GetResult;
import dev.apogee.store.MessageStore;
import dev.apogee.store.PutStatus;
import dev.apogee.store.StoreConfig;
import dev.apogee.store.StoreVerifier;
import dev.apogee.store.file.NoSpace;
import dev.apogee.store.recovery.StoreCheckpoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static dev.apogee.store.StoreTestSupport.awaitDispatched;
import static dev.apogee.store.StoreTestSupport.body;
import static dev.apogee.store.StoreTestSupport.message;
import static dev.apogee.store.StoreTestSupport.openStarted;
import static dev.apogee.store.StoreTestSupport.put;
import static dev.apogee.store.StoreTestSupport.smallConfig;
import static dev.apogee.store.StoreTestSupport.tagged;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The store on a real full file system (a small tmpfs, where a write through a mapping into a page without a block
 * is a SIGBUS that would kill this JVM): the ratio threshold is set out of reach (1.0), so what is tested is the
 * ENOSPC path. Appends are refused with DISK_FULL, nothing acknowledged is damaged, consume queues, index and
 * checkpoint wait for space without corruption, and writing resumes with no restart once space is freed.
 */
class DiskFullStoreTest {
    private static final String PAYLOAD = "p".repeat(1000);

    /** The commit log's write paths. */
    enum Mode {
        /** Appends through the mapping; sparse files. */
        ASYNC_MAPPED,
        /** Appends staged in the ring, written by the group-commit thread. */
        SYNC_STAGED,
        /** Each append written through the channel. */
        SYNC_WRITE_THROUGH,
        /** Off-heap write buffer, committed to the channel by the commit service. */
        ASYNC_POOLED,
        /** Next files zero-filled ahead by the allocator, which must not take the last blocks itself. */
        SYNC_PREALLOCATED
    }

    @TempDir
    Path dir;

    private StoreConfig config(Path storeDir, Mode mode) {
        StoreConfig.Builder b = smallConfig(storeDir)
                .commitLogFileSize(2 << 20)
                .diskUsageProbe(DiskUsageProbe.FILE_SYSTEM)
                .diskFullRatio(1.0)
                .cleanIntervalMs(100)
                .syncFlushTimeoutMs(3_000);
        return switch (mode) {
            case ASYNC_MAPPED -> b.flushMode(FlushMode.ASYNC_FLUSH).build();
            case SYNC_STAGED -> b.flushMode(FlushMode.SYNC_FLUSH).build();
            case SYNC_WRITE_THROUGH -> b.flushMode(FlushMode.SYNC_FLUSH).commitLogStagingBytes(0).build();
            case ASYNC_POOLED -> b.flushMode(FlushMode.ASYNC_FLUSH).transientStorePoolEnable(true)
                    .transientStorePoolSize(2).commitIntervalMs(20).commitMinDirtyPages(0).build();
            case SYNC_PREALLOCATED -> b.flushMode(FlushMode.SYNC_FLUSH).warmMappedFiles(true).build();
        };
    }

    @ParameterizedTest
    @EnumSource(Mode.class)
    void refusedOnEnospcNothingAcknowledgedLostAndResumesWithoutRestart(Mode mode) throws Exception {
        try (SmallTmpfs fs = SmallTmpfs.mount(dir, 16)) {
            StoreConfig config = config(fs.path().resolve("store"), mode);
            List<String> acked = new ArrayList<>();
            Path filler;
            try (MessageStore store = openStarted(config)) {
                for (int i = 0; i < 20; i++) {
                    assertEquals(PutStatus.PUT_OK, put(store, message("T", 0, "before-" + i + PAYLOAD)).status());
                    acked.add("before-" + i);
                }
                filler = fs.fill("filler");
                PutStatus status = PutStatus.PUT_OK;
                for (int i = 0; i < 20_000 && status == PutStatus.PUT_OK; i++) {
                    status = put(store, message("T", 0, "full-" + i + PAYLOAD)).status();
                    if (status == PutStatus.PUT_OK) {
                        acked.add("full-" + i);
                    }
                }
                assertEquals(PutStatus.DISK_FULL, status, "the append that found no space");
                for (int i = 0; i < 5; i++) {
                    assertEquals(PutStatus.DISK_FULL, put(store, message("T", 0, "refused" + PAYLOAD)).status(),
                            "still full: refused again (the disk check retries, ENOSPC refuses)");
                }
                StoreVerifier.assertQueueConsistent(store, "T", 0);
                assertTrue(StoreCheckpoint.load(config.checkpointPath()).isLoaded(), "checkpoint intact while full");

                Files.delete(filler);
                await("appends resume by themselves").atMost(Duration.ofSeconds(10)).until(
                        () -> put(store, message("T", 0, "after" + PAYLOAD)).status() == PutStatus.PUT_OK);
                acked.add("after");
                awaitDispatched(store);
                assertEquals(acked, bodies(store, "T"), "every acknowledged message, in order, nothing else");
                StoreVerifier.assertQueueConsistent(store, "T", 0);
            }
            try (MessageStore store = openStarted(config)) {
                awaitDispatched(store);
                assertEquals(acked, bodies(store, "T"), "after a restart too");
                StoreVerifier.assertQueueConsistent(store, "T", 0);
                assertEquals(PutStatus.PUT_OK, put(store, message("T", 0, "restarted" + PAYLOAD)).status());
            }
        }
    }

    @Test
    void consumeQueueAndIndexWaitForSpaceWithoutLosingEntries() throws Exception {
        try (SmallTmpfs fs = SmallTmpfs.mount(dir, 8)) {
            // 256 KiB commit-log files: the first append allocates the whole file, so the appends below still fit
            StoreConfig config = config(fs.path().resolve("store"), Mode.ASYNC_MAPPED).toBuilder()
                    .commitLogFileSize(256 << 10).build();
            try (MessageStore store = openStarted(config)) {
                assertEquals(PutStatus.PUT_OK, put(store, message("A", 0, "a")).status());
                awaitDispatched(store);
                Path filler = fs.fill("filler");
                List<String> acked = new ArrayList<>();
                for (int i = 0; i < 3; i++) {
                    // a new queue and index keys: their files need blocks the disk does not have
                    assertEquals(PutStatus.PUT_OK,
                            put(store, tagged("B", 0, "b-" + i, "tag", "key-" + i, null)).status());
                    acked.add("b-" + i);
                }
                assertTrue(StoreCheckpoint.load(config.checkpointPath()).isLoaded(), "checkpoint intact while full");
                Files.delete(filler);
                awaitDispatched(store);
                assertEquals(acked, bodies(store, "B"));
                StoreVerifier.assertQueueConsistent(store, "B", 0);
                await("index caught up").atMost(Duration.ofSeconds(10)).until(
                        () -> store.queryMessage("B", "key-2", 10, 0, Long.MAX_VALUE).messages().size() == 1);
            }
            try (MessageStore store = openStarted(config)) {
                awaitDispatched(store);
                assertEquals(List.of("a"), bodies(store, "A"));
                assertEquals(List.of("b-0", "b-1", "b-2"), bodies(store, "B"));
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = Mode.class, names = {"ASYNC_MAPPED", "SYNC_STAGED"})
    void aRestartOnAStillFullDiskRefusesToOpenClearlyAndOpensOnceSpaceIsBack(Mode mode) throws Exception {
        try (SmallTmpfs fs = SmallTmpfs.mount(dir, 16)) {
            StoreConfig config = config(fs.path().resolve("store"), mode);
            List<String> acked = new ArrayList<>();
            Path filler;
            try (MessageStore store = openStarted(config)) {
                filler = fs.fill("filler");
                PutStatus status = PutStatus.PUT_OK;
                for (int i = 0; i < 20_000 && status == PutStatus.PUT_OK; i++) {
                    status = put(store, message("T", 0, "full-" + i + PAYLOAD)).status();
                    if (status == PutStatus.PUT_OK) {
                        acked.add("full-" + i);
                    }
                }
                assertEquals(PutStatus.DISK_FULL, status);
            }
            // recovery reads the commit log through the mapping (a hole there would be a SIGBUS on the full tmpfs),
            // then finds that the new queue's consume-queue file has no room: a clear refusal to open, since queue
            // offsets taken from consume queues behind the commit log would be handed out twice
            IOException refused = assertThrows(IOException.class, () -> MessageStore.open(config));
            assertTrue(NoSpace.is(refused) && refused.getMessage().contains("STORE-DISK-FULL"), refused.toString());
            Files.delete(filler);
            try (MessageStore store = openStarted(config)) {
                awaitDispatched(store);
                assertEquals(acked, bodies(store, "T"), "recovered once space is back");
                assertEquals(PutStatus.PUT_OK, put(store, message("T", 0, "after" + PAYLOAD)).status());
                acked.add("after");
                awaitDispatched(store);
                assertEquals(acked, bodies(store, "T"));
                StoreVerifier.assertQueueConsistent(store, "T", 0);
            }
        }
    }

    /** Every body of queue 0 of {@code topic}, cut at the payload. */
    private static List<String> bodies(MessageStore store, String topic) {
        List<String> out = new ArrayList<>();
        long offset = 0;
        for (int round = 0; round < 10_000; round++) {
            GetResult r = store.getMessages(topic, 0, offset, 32, 1 << 20, null);
            if (r.messageCount() == 0) {
                return out;
            }
            for (ByteBuffer m : r.messages()) {
                String b = body(m);
                int cut = b.indexOf('p');
                out.add(cut < 0 ? b : b.substring(0, cut));
            }
            offset = r.nextBeginOffset();
        }
        throw new AssertionError("queue " + topic + " never ended");
    }
}

package dev.apogee.store;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static dev.apogee.store.StoreTestSupport.*;
import static dev.apogee.store.StoreVerifier.assertQueueConsistent;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.*;

class RetentionTest {
    @TempDir
    Path dir;

    private static long countFiles(Path d) throws Exception {
        try (Stream<Path> s = Files.list(d)) {
            return s.count();
        }
    }

    private static void fill(MessageStore store, int n) throws Exception {
        for (int i = 0; i < n; i++) {
            put(store, tagged("Ret", i % 2, "m" + i + repeat('r', 1500), null, "key" + i, null));
        }
        awaitDispatched(store);
        long max = store.getMaxPhyOffset();
        await().atMost(5, TimeUnit.SECONDS).until(() -> store.getFlushedPhyOffset() >= max);
    }

    @Test
    void deletesExpiredFilesAtTheConfiguredHourOnly() throws Exception {
        // 03:00 UTC: one hour before the delete hour
        long start = ZonedDateTime.of(2026, 1, 10, 3, 0, 0, 0, ZoneOffset.UTC).toInstant().toEpochMilli();
        MutableClock clock = new MutableClock(start);
        StoreConfig config = smallConfig(dir).clock(clock).deleteWhenHour(4).fileReservedHours(72).build();
        try (MessageStore store = openStarted(config)) {
            fill(store, 200);
            long lastFileStart = store.getMaxPhyOffset() - store.getMaxPhyOffset() % CL_FILE_SIZE;
            long files = lastFileStart / CL_FILE_SIZE + 1;
            assertTrue(files >= 4);
            assertEquals(0, store.runRetentionNow(), "not expired yet");
            clock.set(start + 73 * 3_600_000L); // 04:00, 73 h later: expired, and it is the hour
            assertEquals(4, ZonedDateTime.ofInstant(Instant.ofEpochMilli(clock.millis()), ZoneOffset.UTC).getHour());
            int deleted = store.runRetentionNow();
            assertEquals(files - 1, deleted, "everything but the last file");
            long minPhy = store.getMinPhyOffset();
            assertEquals(lastFileStart, minPhy);
            for (int q = 0; q < 2; q++) {
                long min = store.getMinOffsetInQueue("Ret", q);
                assertTrue(min > 0, "min offset moved");
                long phys = store.getCommitLogOffsetInQueue("Ret", q, min);
                assertTrue(phys >= minPhy);
                assertQueueConsistent(store, "Ret", q);
                assertEquals(GetStatus.OFFSET_TOO_SMALL, store.getMessages("Ret", q, 0, 1, 1 << 20, null).status());
            }
            assertTrue(countFiles(dir.resolve("consumequeue").resolve("Ret").resolve("0")) < 2 + 1);
            assertTrue(store.queryMessage("Ret", "key0", 5, 0, Long.MAX_VALUE).messages().isEmpty());
            assertEquals(1, store.queryMessage("Ret", "key199", 5, 0, Long.MAX_VALUE).messages().size());
            assertEquals(PutStatus.PUT_OK, put(store, message("Ret", 0, "after")).status());
        }
    }

    @Test
    void deletesOldestFilesAtOnceWhenDiskUsagePassesTheRatio() throws Exception {
        double[] usage = {0.5};
        StoreConfig config = smallConfig(dir).diskUsageProbe(p -> usage[0]).deleteWhenHour(-1)
                .deleteFilesBatchMax(2).build();
        try (MessageStore store = openStarted(config)) {
            fill(store, 200);
            long files = countFiles(dir.resolve("commitlog"));
            assertEquals(0, store.runRetentionNow());
            usage[0] = 0.8;
            assertEquals(2, store.runRetentionNow(), "batch max per round");
            assertEquals(files - 2, countFiles(dir.resolve("commitlog")));
            assertFalse(Files.exists(dir.resolve("commitlog").resolve("00000000000000000000")));
            assertEquals(2L * CL_FILE_SIZE, store.getMinPhyOffset());
            assertFalse(store.isDiskFull(), "above the clean ratio but below the full ratio");
            for (int q = 0; q < 2; q++) {
                assertQueueConsistent(store, "Ret", q);
            }
        }
        try (MessageStore store = openStarted(config)) {
            assertEquals(2L * CL_FILE_SIZE, store.getMinPhyOffset(), "min offset survives restart");
            assertQueueConsistent(store, "Ret", 0);
            assertTrue(store.getMinOffsetInQueue("Ret", 0) > 0);
        }
    }

    @Test
    void anOperatorDeletesExpiredFilesBeforeTheHourButNeverReservedOnes() throws Exception {
        // 03:00 UTC, delete hour 04: the scheduled round deletes nothing, a requested one the expired files
        long start = ZonedDateTime.of(2026, 1, 10, 3, 0, 0, 0, ZoneOffset.UTC).toInstant().toEpochMilli();
        MutableClock clock = new MutableClock(start);
        StoreConfig config = smallConfig(dir).clock(clock).deleteWhenHour(4).fileReservedHours(72).build();
        try (MessageStore store = openStarted(config)) {
            fill(store, 200);
            long lastFileStart = store.getMaxPhyOffset() - store.getMaxPhyOffset() % CL_FILE_SIZE;
            assertEquals(0, store.retention().deleteExpiredCommitLogNow(), "still within the reserved time");
            clock.set(start + 74 * 3_600_000L); // 05:00, 74 h later: expired, but not the hour
            assertEquals(0, store.runRetentionNow(), "the scheduled round waits for the hour");
            assertEquals(lastFileStart / CL_FILE_SIZE, store.retention().deleteExpiredCommitLogNow());
            assertEquals(lastFileStart, store.getMinPhyOffset());
            assertTrue(store.getMinOffsetInQueue("Ret", 0) > 0, "the consume queues followed");
            assertEquals(0, store.retention().cleanConsumeQueuesNow(), "nothing left below the new start");
            assertQueueConsistent(store, "Ret", 0);
        }
    }
}

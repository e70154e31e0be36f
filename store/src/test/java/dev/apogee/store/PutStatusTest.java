package dev.apogee.store;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.Map;

import dev.apogee.store.record.MessageRecordFlyweight;
import dev.apogee.store.record.SysFlag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static dev.apogee.store.StoreTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

class PutStatusTest {
    @TempDir
    Path dir;

    @Test
    void oversizedMessageIsIllegal() throws Exception {
        try (MessageStore store = openStarted(smallConfig(dir).build())) {
            PutResult r = put(store, message("P", 0, repeat('x', 17 * 1024)));
            assertEquals(PutStatus.MESSAGE_ILLEGAL, r.status());
            assertEquals(-1, r.wroteOffset());
            assertEquals(PutStatus.PUT_OK, put(store, message("P", 0, repeat('x', 15 * 1024))).status());
            assertEquals(1, store.stats().putResults().get(PutStatus.MESSAGE_ILLEGAL));
        }
    }

    @Test
    void propertiesOver32767BytesAreRefused() throws Exception {
        try (MessageStore store = openStarted(smallConfig(dir).maxMessageSize(128 * 1024)
                .commitLogFileSize(256 * 1024).build())) {
            PutResult r = put(store, message("P", 0, "b", Map.of("big", repeat('v', 32_800))));
            assertEquals(PutStatus.PROPERTIES_SIZE_EXCEEDED, r.status());
        }
    }

    @Test
    void refusedBeforeStartAfterShutdownAndWhenReadOnly() throws Exception {
        MessageStore store = MessageStore.open(smallConfig(dir).build());
        assertEquals(PutStatus.SERVICE_NOT_AVAILABLE, put(store, message("P", 0, "early")).status());
        store.start();
        store.setReadOnly(true);
        assertTrue(store.isReadOnly());
        assertEquals(PutStatus.SERVICE_NOT_AVAILABLE, put(store, message("P", 0, "ro")).status());
        store.setReadOnly(false);
        assertEquals(PutStatus.PUT_OK, put(store, message("P", 0, "ok")).status());
        store.shutdown();
        assertEquals(PutStatus.SERVICE_NOT_AVAILABLE, put(store, message("P", 0, "late")).status());
        store.shutdown();
    }

    @Test
    void diskFullRefusesWritesAndRecoversWhenSpaceReturns() throws Exception {
        double[] usage = {0.5};
        StoreConfig config = smallConfig(dir).diskUsageProbe(p -> usage[0]).deleteWhenHour(-1).build();
        try (MessageStore store = openStarted(config)) {
            assertEquals(PutStatus.PUT_OK, put(store, message("P", 0, "a")).status());
            usage[0] = 0.99;
            store.runRetentionNow();
            assertTrue(store.isDiskFull());
            assertEquals(PutStatus.DISK_FULL, put(store, message("P", 0, "b")).status());
            usage[0] = 0.5;
            store.runRetentionNow();
            assertFalse(store.isDiskFull());
            PutResult r = put(store, message("P", 0, "c"));
            assertEquals(PutStatus.PUT_OK, r.status());
            assertEquals(1, r.queueOffset(), "the refused message took no queue offset");
        }
    }

    @Test
    void ipv6HostsAndLongTopicsRoundTrip() throws Exception {
        String longTopic = repeat('t', 200);
        try (MessageStore store = openStarted(smallConfig(dir).build())) {
            MessageToStore m = message(longTopic, 0, "v6")
                    .bornHost(new InetSocketAddress("::1", 1234))
                    .storeHost(new InetSocketAddress("fd00::2", 10911))
                    .flag(7).reconsumeTimes(3).preparedTransactionOffset(42).sysFlag(SysFlag.COMPRESSED);
            PutResult r = put(store, m);
            assertEquals(PutStatus.PUT_OK, r.status());
            awaitDispatched(store);
            MessageRecordFlyweight rec = view(store.getMessages(longTopic, 0, 0, 1, 1 << 20, null).messages().get(0));
            assertEquals(MessageRecordFlyweight.MAGIC_V2, rec.magic());
            assertEquals(longTopic, rec.topic());
            assertEquals(SysFlag.COMPRESSED | SysFlag.BORNHOST_V6 | SysFlag.STOREHOST_V6, rec.sysFlag());
            assertEquals(7, rec.flag());
            assertEquals(3, rec.reconsumeTimes());
            assertEquals(42, rec.preparedTransactionOffset());
            assertEquals("v6", body(store.lookMessageByOffset(r.wroteOffset()).orElseThrow()));
            assertEquals(r.wroteBytes(), rec.totalSize());
        }
    }

    @Test
    void preparedTransactionMessagesGetNoQueueEntry() throws Exception {
        try (MessageStore store = openStarted(smallConfig(dir).build())) {
            PutResult half = put(store, message("TX", 0, "half").sysFlag(SysFlag.TRANSACTION_PREPARED_TYPE));
            PutResult commit = put(store, message("TX", 0, "commit").sysFlag(SysFlag.TRANSACTION_COMMIT_TYPE));
            assertEquals(0, half.queueOffset());
            assertEquals(0, commit.queueOffset());
            awaitDispatched(store);
            assertEquals(1, store.getMaxOffsetInQueue("TX", 0));
            assertTrue(store.lookMessageByOffset(half.wroteOffset()).isPresent());
        }
    }

    @Test
    void secondOpenOfTheSameDirectoryFails() throws Exception {
        try (MessageStore store = openStarted(smallConfig(dir).build())) {
            assertThrows(java.io.IOException.class, () -> MessageStore.open(smallConfig(dir).build()));
            assertEquals(PutStatus.PUT_OK, put(store, message("P", 0, "still mine")).status());
        }
    }

    @Test
    void putsFailFastWithOsPageCacheBusyWhileTheAppendStalls() throws Exception {
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.atomic.AtomicLong stalledAt = new java.util.concurrent.atomic.AtomicLong();
        java.time.Clock stalling = new MutableClock(System.currentTimeMillis()) {
            @Override
            public long millis() {
                if (Thread.currentThread().getName().equals("stalled-writer")) {
                    stalledAt.set(System.nanoTime());
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                return super.millis();
            }
        };
        StoreConfig config = smallConfig(dir).clock(stalling).osPageCacheBusyTimeoutMs(50).build();
        try (MessageStore store = openStarted(config)) {
            java.util.concurrent.CompletableFuture<PutResult> stalled = new java.util.concurrent.CompletableFuture<>();
            Thread t = new Thread(() -> stalled.complete(store.putMessage(message("P", 0, "slow")).join()),
                    "stalled-writer");
            t.start();
            org.awaitility.Awaitility.await().until(() -> stalledAt.get() != 0
                    && System.nanoTime() - stalledAt.get() > 100_000_000L);
            assertEquals(PutStatus.OS_PAGE_CACHE_BUSY, put(store, message("P", 0, "fast")).status());
            release.countDown();
            assertEquals(PutStatus.PUT_OK, stalled.get(10, java.util.concurrent.TimeUnit.SECONDS).status());
            assertEquals(PutStatus.PUT_OK, put(store, message("P", 0, "after")).status());
        }
    }

    @Test
    void fullDiskRefusesANewFileBeforeTheCleanServiceNotices() throws Exception {
        double[] usage = {0.5};
        StoreConfig config = smallConfig(dir).diskUsageProbe(p -> usage[0]).deleteWhenHour(-1).build();
        try (MessageStore store = openStarted(config)) {
            String body = repeat('f', 4000);
            long end = 0;
            while (end < CL_FILE_SIZE - 10_000) {
                end = put(store, message("P", 0, body)).nextOffset();
            }
            usage[0] = 0.99; // no retention round has run: only the roll-over check can notice
            PutStatus status = PutStatus.PUT_OK;
            for (int i = 0; i < 5 && status == PutStatus.PUT_OK; i++) {
                status = put(store, message("P", 0, body)).status();
            }
            assertEquals(PutStatus.DISK_FULL, status);
            assertTrue(store.isDiskFull());
            assertEquals(0, store.getMinPhyOffset());
            assertTrue(store.getMaxPhyOffset() <= CL_FILE_SIZE, "no new file was started");
            usage[0] = 0.5;
            store.runRetentionNow();
            assertEquals(PutStatus.PUT_OK, put(store, message("P", 0, body)).status());
            assertTrue(store.getMaxPhyOffset() > CL_FILE_SIZE);
        }
    }
}

package dev.apogee.broker.schedule;

import dev.apogee.broker.persist.ConfigFile;
import dev.apogee.broker.message.StoredMessage;
import dev.apogee.store.GetResult;
import dev.apogee.store.MessageFilter;
import dev.apogee.store.MessageStore;
import dev.apogee.store.MessageToStore;
import dev.apogee.store.PutStatus;
import dev.apogee.store.StoreConfig;
import dev.apogee.store.record.PropertiesCodec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The schedule service over a real store (no network): timing, order, restart and progress persistence. */
class ScheduleMessageServiceTest {
    private static final String SCHEDULE = "SCHEDULE_TOPIC_XXXX";
    private static final InetSocketAddress HOST = new InetSocketAddress("127.0.0.1", 10911);
    /** Generous for loaded CI machines; on an idle machine deliveries are a few ms late. */
    private static final long LATE_TOLERANCE_MS = 500;

    @TempDir
    Path dir;
    private MessageStore store;
    private ScheduleMessageService service;
    private final DelayLevelTable levels = new DelayLevelTable("1s 2s 3s");

    @AfterEach
    void stop() {
        stopAll();
    }

    private void startAll() throws Exception {
        store = MessageStore.open(StoreConfig.builder(dir.resolve("store")).commitLogFileSize(4 * 1024 * 1024).build());
        service = new ScheduleMessageService(store, levels, new ConfigFile(dir.resolve("config/delayOffset.json")),
                HOST, System::currentTimeMillis, 200);
        store.addDispatchListener(service);
        store.start();
        service.start();
    }

    private void stopAll() {
        if (service != null) {
            service.shutdown();
            service = null;
        }
        if (store != null) {
            store.shutdown();
            store = null;
        }
    }

    private long park(String topic, int queueId, int level, String body) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("TAGS", "T" + level);
        properties.put("REAL_TOPIC", topic);
        properties.put("REAL_QID", String.valueOf(queueId));
        properties.put("DELAY", String.valueOf(level));
        MessageToStore message = new MessageToStore(SCHEDULE, level - 1, body.getBytes(StandardCharsets.UTF_8))
                .properties(PropertiesCodec.encode(properties)).bornTimestamp(System.currentTimeMillis())
                .bornHost(new InetSocketAddress("127.0.0.1", 5555)).storeHost(HOST).flag(7);
        var result = store.putMessage(message).join();
        assertEquals(PutStatus.PUT_OK, result.status());
        return store.lookMessageByOffset(result.wroteOffset()).map(StoredMessage::read).orElseThrow()
                .storeTimestamp();
    }

    private StoredMessage delivered(String topic, int queueId, long offset) {
        GetResult result = store.getMessages(topic, queueId, offset, 1, Integer.MAX_VALUE, MessageFilter.ALL);
        return StoredMessage.read(result.messages().get(0));
    }

    @Test
    void eachLevelIsDeliveredAfterItsDelayAndSoonAfter() throws Exception {
        startAll();
        long[] parkedAt = new long[4];
        for (int level = 3; level >= 1; level--) {
            parkedAt[level] = park("Real", level, level, "m" + level);
        }
        await().atMost(Duration.ofSeconds(6)).until(() -> store.getMaxOffsetInQueue("Real", 1)
                + store.getMaxOffsetInQueue("Real", 2) + store.getMaxOffsetInQueue("Real", 3) == 3);
        for (int level = 1; level <= 3; level++) {
            StoredMessage message = delivered("Real", level, 0);
            long late = message.storeTimestamp() - parkedAt[level] - levels.delayMillis(level);
            assertTrue(late >= 0, "level " + level + " delivered " + -late + " ms early");
            assertTrue(late < LATE_TOLERANCE_MS, "level " + level + " delivered " + late + " ms late");
            Map<String, String> properties = message.properties();
            assertNull(properties.get("DELAY"));
            assertEquals("Real", properties.get("REAL_TOPIC"));
            assertEquals(String.valueOf(level), properties.get("REAL_QID"));
            assertEquals("T" + level, properties.get("TAGS"));
            assertEquals(7, message.flag());
            assertEquals(5555, message.bornHost().getPort());
            assertEquals("m" + level, new String(message.body(), StandardCharsets.UTF_8));
        }
    }

    @Test
    void keepsOrderWithinALevel() throws Exception {
        startAll();
        for (int i = 0; i < 20; i++) {
            park("Ordered", 0, 1, "m" + i);
        }
        await().atMost(Duration.ofSeconds(5)).until(() -> store.getMaxOffsetInQueue("Ordered", 0) == 20);
        for (int i = 0; i < 20; i++) {
            assertEquals("m" + i, new String(delivered("Ordered", 0, i).body(), StandardCharsets.UTF_8));
        }
    }

    @Test
    void aLaterMessageOfTheSameLevelIsDeliveredOnItsOwnTime() throws Exception {
        startAll();
        long first = park("Spaced", 0, 2, "first");
        Thread.sleep(700); // the second message must become due well after the first
        long second = park("Spaced", 0, 2, "second");
        await().atMost(Duration.ofSeconds(6)).until(() -> store.getMaxOffsetInQueue("Spaced", 0) == 2);
        long lateFirst = delivered("Spaced", 0, 0).storeTimestamp() - first - levels.delayMillis(2);
        long lateSecond = delivered("Spaced", 0, 1).storeTimestamp() - second - levels.delayMillis(2);
        assertTrue(lateFirst >= 0 && lateFirst < LATE_TOLERANCE_MS, "first late by " + lateFirst);
        assertTrue(lateSecond >= 0 && lateSecond < LATE_TOLERANCE_MS, "second late by " + lateSecond);
    }

    @Test
    void pendingMessageSurvivesRestartAndIsNotRedeliveredAfterward() throws Exception {
        startAll();
        long parked = park("Restart", 0, 3, "pending");
        stopAll();
        startAll();
        await().atMost(Duration.ofSeconds(6)).until(() -> store.getMaxOffsetInQueue("Restart", 0) == 1);
        long late = delivered("Restart", 0, 0).storeTimestamp() - parked - levels.delayMillis(3);
        assertTrue(late >= 0 && late < LATE_TOLERANCE_MS, "delivered " + late + " ms after due");

        stopAll();
        startAll();
        Thread.sleep(500); // a redelivery, if any, would happen at once: progress says level 3 is done
        assertEquals(1, store.getMaxOffsetInQueue("Restart", 0));
    }

    @Test
    void messageWithoutRealTopicIsSkipped() throws Exception {
        startAll();
        store.putMessage(new MessageToStore(SCHEDULE, 0, new byte[] {1}).properties("DELAY\u00011\u0002")
                .storeHost(HOST)).join();
        park("AfterBad", 0, 1, "good");
        await().atMost(Duration.ofSeconds(5)).until(() -> store.getMaxOffsetInQueue("AfterBad", 0) == 1);
        assertFalse(store.getMaxOffsetInQueue(SCHEDULE, 0) == 0);
    }
}

package dev.apogee.broker.schedule;

import dev.apogee.broker.fixture.BrokerFixture;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Delay levels 1–3 (1 s, 5 s, 10 s) sent by the official producer, and a pending level-3 message across a broker
 * restart. Timing is read from the stored records: a delivered copy's store time minus the producer's born time is
 * at least the delay and not much more.
 */
@Tag("slow")
class DelayLevelsWithOfficialClientTest {
    /**
     * Lateness allowed: wide enough for a loaded 2-core CI machine, narrow enough to catch a message scheduled at the
     * wrong level (the levels here are 1 s, 5 s and 10 s apart) or left to a restart's catch-up. Delivery precision
     * is measured by benchmarks/run-timer-bench.sh, not here; never early is asserted exactly.
     */
    private static final long LATE_TOLERANCE_MS = 3_000;

    @TempDir
    static Path dir;
    static BrokerFixture fixture;
    static DefaultMQProducer producer;

    @BeforeAll
    static void start() throws Exception {
        fixture = BrokerFixture.start(dir, config -> { });
        producer = fixture.producer("pg-delay");
    }

    @AfterAll
    static void stop() throws Exception {
        producer.shutdown();
        fixture.close();
    }

    private static SendResult sendDelayed(String topic, int level) throws Exception {
        Message message = new Message(topic, "L" + level, ("level-" + level).getBytes(StandardCharsets.UTF_8));
        message.setDelayTimeLevel(level);
        SendResult result = producer.send(message);
        assertEquals(SendStatus.SEND_OK, result.getSendStatus());
        return result;
    }

    private static void assertOnTime(MessageExt delivered, long delayMillis) {
        long late = delivered.getStoreTimestamp() - delivered.getBornTimestamp() - delayMillis;
        assertTrue(late >= 0, delivered.getTags() + " delivered " + -late + " ms early");
        assertTrue(late < LATE_TOLERANCE_MS, delivered.getTags() + " delivered " + late + " ms late");
    }

    @Test
    void levelsOneToThreeArriveAfterTheirDelay() throws Exception {
        producer.send(new Message("DelayTopic", "warm-up".getBytes(StandardCharsets.UTF_8)));
        for (int level = 1; level <= 3; level++) {
            sendDelayed("DelayTopic", level);
        }
        List<MessageExt> all = fixture.readAll("DelayTopic", 4, Duration.ofSeconds(15));
        Map<String, MessageExt> byTag = new HashMap<>();
        all.forEach(m -> byTag.put(m.getTags(), m));
        assertEquals(4, all.size(), "received " + all);
        long[] delays = {0, 1_000, 5_000, 10_000};
        for (int level = 1; level <= 3; level++) {
            MessageExt delivered = byTag.get("L" + level);
            assertOnTime(delivered, delays[level]);
            assertEquals("DelayTopic", delivered.getProperty("REAL_TOPIC"));
            assertEquals(String.valueOf(delivered.getQueueId()), delivered.getProperty("REAL_QID"));
            assertNull(delivered.getProperty("DELAY"));
        }
    }

    @Test
    void pendingLevelThreeMessageSurvivesABrokerRestart() throws Exception {
        sendDelayed("DelayRestartTopic", 3);
        fixture.stopBroker();
        fixture.startBroker();
        List<MessageExt> all = fixture.readAll("DelayRestartTopic", 1, Duration.ofSeconds(15));
        assertEquals(1, all.size());
        assertOnTime(all.get(0), 10_000);
    }
}

package dev.apogee.broker.acceptance;

import dev.apogee.store.powercut.PowerCutFs;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Timer messages under power cuts (SYNC_FLUSH): the official 5.3.3 producer sends messages due 0.2-3 s later
 * ({@code setDeliverTimeMs}), so some are delivered before a cut, some are due while the broker is down and some
 * after its restart; {@value #CUTS} times the broker is killed and its disk cut. At the end every acknowledged timer
 * message is delivered to its topic, intact and not before it was due (a delivery the cut took back, or one whose
 * progress was not yet persisted, is delivered again: at least once), and the timer progress file is on the disk.
 */
@Tag("slow")
@Timeout(900)
class PowerCutTimerTest {
    static final int CUTS = 20;

    @TempDir
    Path dir;

    @Test
    void everyAcknowledgedTimerMessageIsDeliveredAfterPowerCuts() throws Exception {
        assumeTrue(PowerCutFs.unavailableReason().isEmpty(),
                () -> "power-cut suite skipped: " + PowerCutFs.unavailableReason().orElseThrow());
        Map<String, Long> dueAt = new ConcurrentHashMap<>();
        try (PowerCutRig rig = new PowerCutRig(dir, "SYNC_FLUSH")) {
            DefaultMQProducer producer = rig.producer();
            try {
                for (int round = 1; round <= CUTS; round++) {
                    rig.startBroker();
                    rig.loadThenCut(round, 3, 20, round % 2 == 0 ? round : 0, body -> {
                        long due = System.currentTimeMillis() + ThreadLocalRandom.current().nextLong(200, 3_000);
                        Message message = new Message(rig.topic(), body.getBytes(StandardCharsets.UTF_8));
                        message.setDeliverTimeMs(due);
                        boolean ok = producer.send(message).getSendStatus() == SendStatus.SEND_OK;
                        if (ok) {
                            dueAt.put(body, due);
                        }
                        return ok;
                    });
                }
            } finally {
                producer.shutdown();
            }
            rig.startBroker();
            Map<String, MessageExt> delivered = new HashMap<>();
            try {
                await("every acknowledged timer message delivered").atMost(Duration.ofSeconds(90))
                        .pollInterval(Duration.ofSeconds(1)).ignoreExceptions().until(() -> {
                            delivered.clear();
                            OfficialClients.readAll(rig.namesrvAddress(), rig.topic())
                                    .forEach(m -> delivered.putIfAbsent(OfficialClients.body(m), m));
                            return delivered.keySet().containsAll(dueAt.keySet());
                        });
            } catch (org.awaitility.core.ConditionTimeoutException e) {
                List<String> lost = dueAt.keySet().stream().filter(b -> !delivered.containsKey(b)).toList();
                throw new AssertionError(lost.size() + " of " + dueAt.size() + " acknowledged timer messages never"
                        + " delivered, e.g. " + lost.stream().limit(5).toList(), e);
            }
            for (Map.Entry<String, MessageExt> d : delivered.entrySet()) {
                assertTrue(PowerCutRig.intact(d.getKey()), "damaged body: " + d.getKey());
                Long due = dueAt.get(d.getKey());
                if (due != null) {
                    assertTrue(d.getValue().getStoreTimestamp() >= due, d.getKey() + " delivered "
                            + (due - d.getValue().getStoreTimestamp()) + " ms before it was due");
                }
            }
            Path progress = rig.fs().root().resolve("store").resolve("config").resolve("timerProgress.json");
            assertTrue(Files.size(progress) > 0, "the timer progress file survived the cuts: " + progress);
            System.out.printf("timer messages under power cuts: %d cuts, %d acknowledged, all delivered (%d distinct"
                    + " bodies in the topic)%n", CUTS, dueAt.size(), delivered.size());
        }
    }
}

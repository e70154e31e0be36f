package dev.apogee.broker.acceptance;

import dev.apogee.store.powercut.PowerCutFs;
import org.apache.rocketmq.client.consumer.DefaultMQPullConsumer;
import org.apache.rocketmq.client.consumer.PullResult;
import org.apache.rocketmq.client.consumer.PullStatus;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageQueue;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Committed consumer offsets under power cuts (SYNC_FLUSH, offsets persisted every {@value #PERSIST_MILLIS} ms). A
 * consumer group reads with the official pull consumer while the official producer sends, committing each queue's
 * next offset to the broker after every pull; {@value #CUTS} times the broker is killed and its disk cut. After each
 * restart the group's committed offset of every queue must be at most the queue's stored end (an offset pointing
 * past the durable log would skip the messages later stored there) and at least the last offset committed
 * {@value #PERSIST_MILLIS} ms + {@value #MARGIN_MILLIS} ms before the kill (rolled back by at most one persist
 * interval's worth: redelivery). Consuming resumes from the committed offset, and at the end every acknowledged
 * message was consumed: none skipped.
 */
@Tag("slow")
@Timeout(900)
class PowerCutConsumerOffsetTest {
    static final int CUTS = 10;
    static final long PERSIST_MILLIS = 1_000;
    /** Scheduling slack for the persist thread (fixed delay after the previous write, which fsyncs twice). */
    static final long MARGIN_MILLIS = 2_500;

    @TempDir
    Path dir;

    private record Commit(MessageQueue queue, long offset, long atNanos) {
    }

    @Test
    void committedOffsetsRollBackAtMostOneIntervalAndSkipNothing() throws Exception {
        assumeTrue(PowerCutFs.unavailableReason().isEmpty(),
                () -> "power-cut suite skipped: " + PowerCutFs.unavailableReason().orElseThrow());
        String group = OfficialClients.unique("cg-cut");
        Set<String> consumed = ConcurrentHashMap.newKeySet();
        Map<MessageQueue, Long> floor = new HashMap<>();
        Map<MessageQueue, Long> lastCommitted = new HashMap<>();
        long redelivered = 0;
        try (PowerCutRig rig = new PowerCutRig(dir, "SYNC_FLUSH",
                "flushConsumerOffsetIntervalMillis=" + PERSIST_MILLIS)) {
            DefaultMQProducer producer = rig.producer();
            DefaultMQPullConsumer consumer = new DefaultMQPullConsumer(group);
            consumer.setNamesrvAddr(rig.namesrvAddress());
            consumer.setInstanceName(OfficialClients.unique("c"));
            // the client's own periodic push of its in-memory offsets would overwrite the broker's with the stale
            // ones it read at a round's start (or held before a cut): this test commits each offset itself
            consumer.setPersistConsumerOffsetInterval(3_600_000);
            consumer.start();
            try {
                rig.startBroker();
                OfficialClients.createTopic(producer, rig.topic());
                for (int round = 1; round <= CUTS; round++) {
                    if (round > 1) {
                        rig.startBroker();
                    }
                    Map<MessageQueue, Long> start = committedWithinStored(consumer, rig.topic(), floor, round);
                    for (Map.Entry<MessageQueue, Long> e : start.entrySet()) {
                        redelivered += Math.max(0, lastCommitted.getOrDefault(e.getKey(), 0L) - e.getValue());
                    }
                    List<Commit> commits = new CopyOnWriteArrayList<>();
                    AtomicBoolean consuming = new AtomicBoolean(true);
                    Thread reader = new Thread(() -> consume(consumer, start, consuming, consumed, commits),
                            "powercut-consumer");
                    reader.start();
                    long killedAt;
                    try {
                        killedAt = rig.loadThenCut(round, 2, 150, round % 2 == 0 ? round : 0, body -> {
                            Thread.sleep(40); // rounds of a few seconds: several offset persists per round
                            return producer.send(new Message(rig.topic(), body.getBytes(StandardCharsets.UTF_8)))
                                    .getSendStatus() == SendStatus.SEND_OK;
                        });
                    } finally {
                        consuming.set(false);
                        reader.join(30_000);
                    }
                    long persistedBy = killedAt - TimeUnit.MILLISECONDS.toNanos(PERSIST_MILLIS + MARGIN_MILLIS);
                    for (Commit c : commits) {
                        lastCommitted.merge(c.queue(), c.offset(), Math::max);
                        if (c.atNanos() <= persistedBy) {
                            floor.merge(c.queue(), c.offset(), Math::max);
                        }
                    }
                }
                rig.startBroker();
                Map<MessageQueue, Long> last = committedWithinStored(consumer, rig.topic(), floor, CUTS + 1);
                AtomicBoolean consuming = new AtomicBoolean(true);
                Thread reader = new Thread(() -> consume(consumer, last, consuming, consumed, new ArrayList<>()),
                        "powercut-consumer");
                reader.start();
                try {
                    await("every acknowledged message consumed").atMost(Duration.ofSeconds(60))
                            .until(() -> consumed.containsAll(rig.acknowledged().keySet()));
                } catch (org.awaitility.core.ConditionTimeoutException e) {
                    List<String> skipped = rig.acknowledged().keySet().stream()
                            .filter(b -> !consumed.contains(b)).toList();
                    throw new AssertionError(skipped.size() + " acknowledged messages never consumed, e.g. "
                            + skipped.stream().limit(5).toList(), e);
                } finally {
                    consuming.set(false);
                    reader.join(30_000);
                }
            } finally {
                consumer.shutdown();
                producer.shutdown();
            }
            System.out.printf("consumer offsets under power cuts: %d cuts, %d acknowledged, %d consumed, %d messages"
                    + " redelivered (offsets the cuts rolled back)%n", CUTS, rig.acknowledged().size(), consumed.size(),
                    redelivered);
        }
    }

    /**
     * The group's committed offsets as the restarted broker reports them, each checked against the queue's stored
     * end and the floor of what must have been persisted; a queue without a committed offset starts at 0.
     */
    private static Map<MessageQueue, Long> committedWithinStored(DefaultMQPullConsumer consumer, String topic,
            Map<MessageQueue, Long> floor, int round) {
        Map<MessageQueue, long[]> reported = new HashMap<>();
        await("round " + round + ": committed offsets from the restarted broker").atMost(Duration.ofSeconds(60))
                .ignoreExceptions().until(() -> {
                    reported.clear();
                    for (MessageQueue queue : consumer.fetchSubscribeMessageQueues(topic)) {
                        long offset = consumer.fetchConsumeOffset(queue, true);
                        if (offset < -1) {
                            return false; // the 5.3.3 client answers -2 when it could not ask the broker yet
                        }
                        reported.put(queue, new long[] {offset, consumer.maxOffset(queue)});
                    }
                    return !reported.isEmpty();
                });
        Map<MessageQueue, Long> committed = new HashMap<>();
        reported.forEach((queue, offsetAndMax) -> {
            long offset = offsetAndMax[0];
            assertTrue(offset <= offsetAndMax[1], "round " + round + ": " + queue + " committed offset " + offset
                    + " lies past the stored end " + offsetAndMax[1]);
            long atLeast = floor.getOrDefault(queue, 0L);
            assertTrue(offset >= atLeast, "round " + round + ": " + queue + " committed offset " + offset
                    + " rolled back past " + atLeast + ", committed more than " + (PERSIST_MILLIS + MARGIN_MILLIS)
                    + " ms before the cut");
            committed.put(queue, Math.max(0, offset));
        });
        return committed;
    }

    /** Pulls every queue from {@code from}, recording bodies and committing each next offset to the broker. */
    private static void consume(DefaultMQPullConsumer consumer, Map<MessageQueue, Long> from, AtomicBoolean consuming,
            Set<String> consumed, List<Commit> commits) {
        Map<MessageQueue, Long> next = new HashMap<>(from);
        while (consuming.get()) {
            boolean found = false;
            for (Map.Entry<MessageQueue, Long> e : next.entrySet()) {
                try {
                    PullResult result = consumer.pull(e.getKey(), "*", e.getValue(), 32, 3_000);
                    if (result.getPullStatus() == PullStatus.FOUND) {
                        found = true;
                        result.getMsgFoundList().forEach(m -> consumed.add(OfficialClients.body(m)));
                        consumer.getOffsetStore().updateConsumeOffsetToBroker(e.getKey(),
                                result.getNextBeginOffset(), false);
                        commits.add(new Commit(e.getKey(), result.getNextBeginOffset(), System.nanoTime()));
                        e.setValue(result.getNextBeginOffset());
                    }
                } catch (Exception ex) {
                    // broker killed or restarting: the next round starts from what it committed
                }
            }
            if (!found) {
                try {
                    Thread.sleep(20);
                } catch (InterruptedException ex) {
                    return;
                }
            }
        }
    }
}

package dev.apogee.client.producer;

import dev.apogee.client.latency.BackoffTable;
import dev.apogee.client.latency.LatencyFaultTolerance;
import dev.apogee.remoting.protocol.body.MessageQueue;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/** {@link QueueChooser#choose(String, List, String, int)}: a shard keeps one queue; retries and back-off fail over. */
class ShardedQueueChoiceTest {
    private static final List<MessageQueue> QUEUES = List.of(new MessageQueue("T", "a", 0),
            new MessageQueue("T", "a", 1), new MessageQueue("T", "b", 0), new MessageQueue("T", "b", 1));

    @Test
    void aShardAlwaysGetsItsQueue() {
        QueueChooser chooser = new QueueChooser(null);
        int[][] table = {{0, 0}, {1, 1}, {2, 2}, {3, 3}, {4, 0}, {7, 3}, {Integer.MAX_VALUE, 3}};
        for (int[] row : table) {
            for (int i = 0; i < 5; i++) {
                assertEquals(QUEUES.get(row[1]), chooser.choose("T", QUEUES, null, row[0]), "shard " + row[0]);
            }
        }
    }

    @Test
    void noShardStillSpreads() {
        QueueChooser chooser = new QueueChooser(null);
        Set<MessageQueue> chosen = new HashSet<>();
        for (int i = 0; i < 8; i++) {
            chosen.add(chooser.choose("T", QUEUES, null, -1));
        }
        assertEquals(4, chosen.size());
    }

    @Test
    void aRetryLeavesTheShardsBroker() {
        QueueChooser chooser = new QueueChooser(null);
        for (int i = 0; i < 10; i++) {
            assertNotEquals("a", chooser.choose("T", QUEUES, "a", 0).brokerName());
        }
    }

    @Test
    void aShardWhoseBrokerBacksOffFailsOverAndComesBack() {
        AtomicLong now = new AtomicLong();
        LatencyFaultTolerance faults = new LatencyFaultTolerance(BackoffTable.DEFAULT, now::get);
        QueueChooser chooser = new QueueChooser(faults);
        faults.record("b", 1_000, false);
        for (int i = 0; i < 10; i++) {
            assertEquals("a", chooser.choose("T", QUEUES, null, 2).brokerName());
        }
        now.addAndGet(60_000);
        assertEquals(QUEUES.get(2), chooser.choose("T", QUEUES, null, 2));
    }
}

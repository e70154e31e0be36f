package dev.apogee.client.producer;

import dev.apogee.client.latency.BackoffTable;
import dev.apogee.client.latency.LatencyFaultTolerance;
import dev.apogee.remoting.protocol.body.MessageQueue;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

class QueueChooserTest {
    private static final List<MessageQueue> QUEUES = List.of(new MessageQueue("T", "a", 0),
            new MessageQueue("T", "a", 1), new MessageQueue("T", "b", 0), new MessageQueue("T", "b", 1));

    @Test
    void roundRobinSpreadsEvenly() {
        QueueChooser chooser = new QueueChooser(null);
        Map<MessageQueue, Integer> counts = new HashMap<>();
        for (int i = 0; i < 400; i++) {
            counts.merge(chooser.choose("T", QUEUES, null), 1, Integer::sum);
        }
        counts.values().forEach(c -> assertEquals(100, c));
    }

    @Test
    void retryAvoidsTheFailedBroker() {
        QueueChooser chooser = new QueueChooser(null);
        for (int i = 0; i < 20; i++) {
            assertNotEquals("a", chooser.choose("T", QUEUES, "a").brokerName());
        }
    }

    @Test
    void brokersInBackoffAreSkippedUntilItEnds() {
        AtomicLong now = new AtomicLong();
        LatencyFaultTolerance faults = new LatencyFaultTolerance(BackoffTable.DEFAULT, now::get);
        QueueChooser chooser = new QueueChooser(faults);
        faults.record("b", 1_000, false);
        List<String> chosen = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            chosen.add(chooser.choose("T", QUEUES, null).brokerName());
        }
        assertEquals(20, chosen.stream().filter("a"::equals).count());
        faults.record("a", 1_000, false);
        assertEquals(4, QUEUES.size());
        chooser.choose("T", QUEUES, null); // both avoided: still answers with some queue
        now.addAndGet(60_000);
        chosen.clear();
        for (int i = 0; i < 20; i++) {
            chosen.add(chooser.choose("T", QUEUES, null).brokerName());
        }
        assertEquals(10, chosen.stream().filter("b"::equals).count());
    }
}

package dev.apogee.client.rebalance;

import dev.apogee.remoting.protocol.body.MessageQueue;
import org.apache.rocketmq.client.consumer.AllocateMessageQueueStrategy;
import org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueAveragely;
import org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueAveragelyByCircle;
import org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueConsistentHash;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Table-driven: every strategy against the official one, for many (queues, consumers) shapes. */
class AllocateStrategiesTest {
    private static final int[][] SHAPES = {
        {1, 1}, {4, 1}, {4, 2}, {4, 3}, {4, 4}, {4, 5}, {8, 3}, {16, 3}, {10, 4}, {3, 7}, {2, 2}, {17, 5}, {32, 6}};

    @Test
    void averagelyMatchesOfficial() {
        compare(new AllocateAveragely(), new AllocateMessageQueueAveragely());
    }

    @Test
    void roundRobinMatchesOfficial() {
        compare(new AllocateRoundRobin(), new AllocateMessageQueueAveragelyByCircle());
    }

    @Test
    void consistentHashMatchesOfficial() {
        compare(new AllocateConsistentHash(), new AllocateMessageQueueConsistentHash());
        compare(new AllocateConsistentHash(3), new AllocateMessageQueueConsistentHash(3));
    }

    @Test
    void averagelyTable() {
        List<MessageQueue> queues = queues(2, 3); // a0 a1 a2 b0 b1 b2
        List<String> ids = List.of("c1", "c2", "c3", "c4");
        AllocateAveragely strategy = new AllocateAveragely();
        assertEquals(List.of("a0", "a1"), names(strategy.allocate("g", "c1", queues, ids)));
        assertEquals(List.of("a2", "b0"), names(strategy.allocate("g", "c2", queues, ids)));
        assertEquals(List.of("b1"), names(strategy.allocate("g", "c3", queues, ids)));
        assertEquals(List.of("b2"), names(strategy.allocate("g", "c4", queues, ids)));
        assertEquals(List.of(), names(strategy.allocate("g", "other", queues, ids)));
    }

    @Test
    void roundRobinTable() {
        List<MessageQueue> queues = queues(2, 3);
        List<String> ids = List.of("c1", "c2", "c3", "c4");
        AllocateRoundRobin strategy = new AllocateRoundRobin();
        assertEquals(List.of("a0", "b1"), names(strategy.allocate("g", "c1", queues, ids)));
        assertEquals(List.of("a1", "b2"), names(strategy.allocate("g", "c2", queues, ids)));
        assertEquals(List.of("a2"), names(strategy.allocate("g", "c3", queues, ids)));
        assertEquals(List.of("b0"), names(strategy.allocate("g", "c4", queues, ids)));
    }

    @Test
    void byConfigReturnsTheConfiguredQueues() {
        List<MessageQueue> mine = List.of(new MessageQueue("T", "a", 1));
        assertEquals(mine, new AllocateByConfig(mine).allocate("g", "x", queues(1, 4), List.of("y")));
    }

    private static void compare(AllocateStrategy ours, AllocateMessageQueueStrategy theirs) {
        for (int[] shape : SHAPES) {
            List<MessageQueue> queues = queues(2, (shape[0] + 1) / 2).subList(0, shape[0]);
            List<org.apache.rocketmq.common.message.MessageQueue> official = queues.stream()
                    .map(q -> new org.apache.rocketmq.common.message.MessageQueue(q.topic(), q.brokerName(), q.queueId()))
                    .collect(Collectors.toList());
            List<String> ids = new ArrayList<>();
            for (int i = 0; i < shape[1]; i++) {
                ids.add("10.0.0." + i + "@" + (1000 + i) + "#" + (7 * i));
            }
            Set<MessageQueue> covered = new HashSet<>();
            for (String id : ids) {
                List<MessageQueue> mine = ours.allocate("g", id, queues, ids);
                List<MessageQueue> expected = theirs.allocate("g", id, official, ids).stream()
                        .map(q -> new MessageQueue(q.getTopic(), q.getBrokerName(), q.getQueueId()))
                        .collect(Collectors.toList());
                assertEquals(expected, mine, ours.name() + " shape " + shape[0] + "x" + shape[1] + " for " + id);
                for (MessageQueue q : mine) {
                    assertTrue(covered.add(q), "queue given twice: " + q);
                }
            }
            assertEquals(queues.size(), covered.size(), "every queue owned");
        }
    }

    private static List<MessageQueue> queues(int brokers, int perBroker) {
        List<MessageQueue> list = new ArrayList<>();
        for (int b = 0; b < brokers; b++) {
            for (int q = 0; q < perBroker; q++) {
                list.add(new MessageQueue("T", String.valueOf((char) ('a' + b)), q));
            }
        }
        return list;
    }

    private static List<String> names(List<MessageQueue> queues) {
        return queues.stream().map(q -> q.brokerName() + q.queueId()).collect(Collectors.toList());
    }
}

package dev.apogee.client.producer;

import dev.apogee.client.latency.LatencyFaultTolerance;
import dev.apogee.remoting.protocol.body.MessageQueue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Round-robin queue choice per topic. On a retry it prefers a broker other than the one that just failed, and with
 * fault tolerance it skips brokers still in their back-off; when every broker is excluded it still returns a queue
 * (better to try a suspect broker than none).
 */
final class QueueChooser {
    private final LatencyFaultTolerance faults;
    private final Map<String, AtomicInteger> counters = new ConcurrentHashMap<>();

    /** @param faults null to disable latency fault tolerance */
    QueueChooser(LatencyFaultTolerance faults) {
        this.faults = faults;
    }

    /**
     * With {@code shard >= 0}: queue {@code shard % n} (so one shard's messages stay in one queue, in order) unless
     * this is a retry or its broker is in back-off; then, and with {@code shard < 0}, the round-robin choice.
     */
    MessageQueue choose(String topic, List<MessageQueue> queues, String avoidBroker, int shard) {
        if (shard >= 0 && avoidBroker == null) {
            MessageQueue queue = queues.get(shard % queues.size());
            if (faults == null || faults.isAvailable(queue.brokerName())) {
                return queue;
            }
        }
        return choose(topic, queues, avoidBroker);
    }

    MessageQueue choose(String topic, List<MessageQueue> queues, String avoidBroker) {
        AtomicInteger counter = counters.computeIfAbsent(topic,
                t -> new AtomicInteger(ThreadLocalRandom.current().nextInt(1 << 16)));
        int n = queues.size();
        if (faults == null && avoidBroker == null) {
            return queues.get(Math.floorMod(counter.getAndIncrement(), n));
        }
        int start = counter.getAndIncrement();
        MessageQueue availableOnly = null;
        MessageQueue otherBrokerOnly = null;
        for (int i = 0; i < n; i++) {
            MessageQueue queue = queues.get(Math.floorMod(start + i, n));
            boolean available = faults == null || faults.isAvailable(queue.brokerName());
            boolean otherBroker = avoidBroker == null || !avoidBroker.equals(queue.brokerName());
            if (available && otherBroker) {
                return queue;
            }
            if (available && availableOnly == null) {
                availableOnly = queue;
            }
            if (otherBroker && otherBrokerOnly == null) {
                otherBrokerOnly = queue;
            }
        }
        if (availableOnly != null) {
            return availableOnly;
        }
        return otherBrokerOnly != null ? otherBrokerOnly : queues.get(Math.floorMod(start, n));
    }
}

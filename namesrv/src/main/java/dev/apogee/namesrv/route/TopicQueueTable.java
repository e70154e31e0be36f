package dev.apogee.namesrv.route;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.IntUnaryOperator;

/** topic → broker name → queues. Not thread-safe: {@link RouteInfoTable} calls it under its lock. */
final class TopicQueueTable {
    private final Map<String, Map<String, QueueData>> topics = new HashMap<>();

    void put(String topic, QueueData queueData) {
        topics.computeIfAbsent(topic, t -> new HashMap<>()).put(queueData.brokerName(), queueData);
    }

    boolean contains(String topic, String brokerName) {
        Map<String, QueueData> byBroker = topics.get(topic);
        return byBroker != null && byBroker.containsKey(brokerName);
    }

    /** The queues of {@code topic}, sorted by broker name; empty when unknown. */
    List<QueueData> queuesOf(String topic) {
        Map<String, QueueData> byBroker = topics.get(topic);
        if (byBroker == null) {
            return List.of();
        }
        List<QueueData> queues = new ArrayList<>(byBroker.values());
        queues.sort((a, b) -> a.brokerName().compareTo(b.brokerName()));
        return queues;
    }

    Set<String> topicNames() {
        return new TreeSet<>(topics.keySet());
    }

    /** Topics served by at least one of {@code brokerNames}. */
    Set<String> topicsServedBy(Set<String> brokerNames) {
        Set<String> result = new TreeSet<>();
        topics.forEach((topic, byBroker) -> {
            for (String name : brokerNames) {
                if (byBroker.containsKey(name)) {
                    result.add(topic);
                    return;
                }
            }
        });
        return result;
    }

    /** Drops the topic entirely. */
    boolean removeTopic(String topic) {
        return topics.remove(topic) != null;
    }

    /** Drops the queues of {@code brokerNames} for {@code topic}, and the topic when nothing is left. */
    void removeQueues(String topic, Set<String> brokerNames) {
        Map<String, QueueData> byBroker = topics.get(topic);
        if (byBroker != null) {
            byBroker.keySet().removeAll(brokerNames);
            if (byBroker.isEmpty()) {
                topics.remove(topic);
            }
        }
    }

    /** Drops every queue of {@code brokerName} and the topics left without queues; returns the topics touched. */
    int removeBrokerName(String brokerName) {
        int removed = 0;
        var iterator = topics.values().iterator();
        while (iterator.hasNext()) {
            Map<String, QueueData> byBroker = iterator.next();
            if (byBroker.remove(brokerName) != null) {
                removed++;
            }
            if (byBroker.isEmpty()) {
                iterator.remove();
            }
        }
        return removed;
    }

    /** Applies {@code change} to the perm of every queue data of {@code brokerName}; returns how many changed. */
    int updatePerm(String brokerName, IntUnaryOperator change) {
        int count = 0;
        for (Map<String, QueueData> byBroker : topics.values()) {
            QueueData queueData = byBroker.get(brokerName);
            if (queueData != null) {
                int perm = change.applyAsInt(queueData.perm());
                if (perm != queueData.perm()) {
                    byBroker.put(brokerName, queueData.withPerm(perm));
                }
                count++;
            }
        }
        return count;
    }
}

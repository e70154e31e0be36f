package dev.apogee.namesrv.route;

import dev.apogee.remoting.protocol.body.QueueData;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.IntUnaryOperator;

/**
 * topic → broker name → queues. Not thread-safe: {@link RouteInfoTable} calls it under its lock. The stored
 * {@link QueueData} beans are never handed out or modified in place: readers get copies, changes replace them.
 */
final class TopicQueueTable {
    private final Map<String, Map<String, QueueData>> topics = new HashMap<>();

    /** Stores a copy of {@code queueData}. */
    void put(String topic, QueueData queueData) {
        topics.computeIfAbsent(topic, t -> new HashMap<>()).put(queueData.getBrokerName(), queueData.copy());
    }

    boolean contains(String topic, String brokerName) {
        Map<String, QueueData> byBroker = topics.get(topic);
        return byBroker != null && byBroker.containsKey(brokerName);
    }

    /** Copies of the queues of {@code topic}, sorted by broker name; empty when unknown. */
    List<QueueData> queuesOf(String topic) {
        Map<String, QueueData> byBroker = topics.get(topic);
        if (byBroker == null) {
            return new ArrayList<>();
        }
        List<QueueData> queues = new ArrayList<>(byBroker.size());
        byBroker.values().forEach(queueData -> queues.add(queueData.copy()));
        queues.sort(null);
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

    void removeTopic(String topic) {
        topics.remove(topic);
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

    /** Applies {@code change} to the perm of every queue data of {@code brokerName}; returns how many topics. */
    int updatePerm(String brokerName, IntUnaryOperator change) {
        int count = 0;
        for (Map<String, QueueData> byBroker : topics.values()) {
            QueueData queueData = byBroker.get(brokerName);
            if (queueData != null) {
                QueueData changed = queueData.copy();
                changed.setPerm(change.applyAsInt(queueData.getPerm()));
                byBroker.put(brokerName, changed);
                count++;
            }
        }
        return count;
    }
}

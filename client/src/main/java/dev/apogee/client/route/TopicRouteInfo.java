package dev.apogee.client.route;

import dev.apogee.remoting.protocol.body.BrokerData;
import dev.apogee.remoting.protocol.body.MessageQueue;
import dev.apogee.remoting.protocol.body.PermName;
import dev.apogee.remoting.protocol.body.QueueData;
import dev.apogee.remoting.protocol.body.TopicRouteData;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * An immutable view of one topic's route: the queues producers may write (brokers with a master and the WRITE
 * permission, {@code 0..writeQueueNums-1}, or exactly the {@code orderTopicConf} queues), the queues consumers
 * read (READ permission, {@code 0..readQueueNums-1}), both sorted by broker name then queue id, and the brokers.
 *
 * @param fromDefaultTopic true when built from the {@code TBW102} route because the topic does not exist yet
 */
public record TopicRouteInfo(String topic, TopicRouteData data, List<MessageQueue> publishQueues,
        List<MessageQueue> subscribeQueues, Map<String, BrokerData> brokers, boolean fromDefaultTopic) {

    public static TopicRouteInfo of(String topic, TopicRouteData data) {
        return of(topic, data, false, Integer.MAX_VALUE);
    }

    /** A route for {@code topic} built from the default topic's route, capped to {@code queueNums} per broker. */
    public static TopicRouteInfo fromDefault(String topic, TopicRouteData defaultRoute, int queueNums) {
        return of(topic, defaultRoute, true, queueNums);
    }

    private static TopicRouteInfo of(String topic, TopicRouteData data, boolean fromDefault, int maxQueues) {
        Map<String, BrokerData> brokers = new TreeMap<>();
        for (BrokerData broker : data.getBrokerDatas()) {
            brokers.put(broker.getBrokerName(), broker);
        }
        List<QueueData> queueDatas = new ArrayList<>(data.getQueueDatas());
        queueDatas.sort(Comparator.comparing(QueueData::getBrokerName));
        List<MessageQueue> publish = new ArrayList<>();
        List<MessageQueue> subscribe = new ArrayList<>();
        String order = data.getOrderTopicConf();
        if (order != null && !order.isEmpty() && !fromDefault) {
            for (String item : order.split(";")) {
                String[] parts = item.split(":");
                for (int i = 0; i < Integer.parseInt(parts[1].trim()); i++) {
                    publish.add(new MessageQueue(topic, parts[0].trim(), i));
                }
            }
        } else {
            for (QueueData qd : queueDatas) {
                BrokerData broker = brokers.get(qd.getBrokerName());
                if (PermName.isWriteable(qd.getPerm()) && broker != null && broker.masterAddr() != null) {
                    for (int i = 0; i < Math.min(qd.getWriteQueueNums(), maxQueues); i++) {
                        publish.add(new MessageQueue(topic, qd.getBrokerName(), i));
                    }
                }
            }
        }
        for (QueueData qd : queueDatas) {
            if (PermName.isReadable(qd.getPerm())) {
                for (int i = 0; i < Math.min(qd.getReadQueueNums(), maxQueues); i++) {
                    subscribe.add(new MessageQueue(topic, qd.getBrokerName(), i));
                }
            }
        }
        return new TopicRouteInfo(topic, data, List.copyOf(publish), List.copyOf(subscribe), Map.copyOf(brokers),
                fromDefault);
    }

    /** The master address of {@code brokerName}, or null. */
    public String masterAddress(String brokerName) {
        BrokerData broker = brokers.get(brokerName);
        return broker == null ? null : broker.masterAddr();
    }
}

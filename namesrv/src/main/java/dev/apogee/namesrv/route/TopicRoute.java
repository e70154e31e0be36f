package dev.apogee.namesrv.route;

import java.util.List;

/**
 * The route of one topic: the queues of every broker name serving it and those broker names' members. {@code
 * orderTopicConf} is {@code null} unless filled in from the order-topic KV namespace.
 */
public record TopicRoute(List<QueueData> queueDatas, List<BrokerData> brokerDatas, String orderTopicConf) {

    public TopicRoute {
        queueDatas = List.copyOf(queueDatas);
        brokerDatas = List.copyOf(brokerDatas);
    }

    public TopicRoute withOrderTopicConf(String conf) {
        return new TopicRoute(queueDatas, brokerDatas, conf);
    }
}

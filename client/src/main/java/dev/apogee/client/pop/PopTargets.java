package dev.apogee.client.pop;

import dev.apogee.client.MQClientException;
import dev.apogee.client.route.RouteTable;
import dev.apogee.client.route.TopicRouteInfo;
import dev.apogee.remoting.protocol.body.MessageQueue;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Where a topic can be popped: its readable queues on brokers with a master, from the route the client instance's
 * refresh service keeps current (brokers coming and going show up within one refresh interval). Thread-safe.
 */
final class PopTargets {
    private final RouteTable routes;
    private final String topic;

    PopTargets(RouteTable routes, String topic) {
        this.routes = routes;
        this.topic = topic;
    }

    /** Fetches the route now; fails clearly for a topic the name server does not know. */
    void load() throws MQClientException, InterruptedException {
        routes.refresh(topic);
        if (readableQueues().isEmpty()) {
            throw new MQClientException(MQClientException.NOT_FOUND_TOPIC_EXCEPTION, "topic " + topic
                    + " has no readable queue on a broker with a master");
        }
    }

    /** Names of the masters holding readable queues of the topic (pop with queue id -1 there). */
    List<String> brokers() {
        Set<String> brokers = new LinkedHashSet<>();
        for (MessageQueue queue : readableQueues()) {
            brokers.add(queue.brokerName());
        }
        return new ArrayList<>(brokers);
    }

    /** The readable queues on brokers with a master (orderly pops go queue by queue). */
    List<MessageQueue> readableQueues() {
        TopicRouteInfo route = routes.cached(topic);
        if (route == null) {
            return List.of();
        }
        List<MessageQueue> queues = new ArrayList<>();
        for (MessageQueue queue : route.subscribeQueues()) {
            if (route.masterAddress(queue.brokerName()) != null) {
                queues.add(queue);
            }
        }
        return queues;
    }
}

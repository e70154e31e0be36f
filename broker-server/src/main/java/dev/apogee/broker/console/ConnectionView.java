package dev.apogee.broker.console;

import dev.apogee.broker.client.ClientChannelInfo;
import dev.apogee.broker.client.ConsumerGroupInfo;
import dev.apogee.broker.client.ConsumerRegistry;
import dev.apogee.broker.client.ProducerRegistry;
import dev.apogee.remoting.naming.NameEncoding;
import dev.apogee.remoting.protocol.body.SubscriptionData;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The connections page: the live producer and consumer connections by group, as their heartbeats registered them
 * (client id, address, language, version, last heartbeat; consumers with their subscriptions).
 */
final class ConnectionView {
    private final ConsumerRegistry consumers;
    private final ProducerRegistry producers;

    ConnectionView(ConsumerRegistry consumers, ProducerRegistry producers) {
        this.consumers = consumers;
        this.producers = producers;
    }

    Map<String, Object> list() {
        List<Object> producerGroups = new ArrayList<>();
        for (String group : producers.groupNames()) {
            producerGroups.add(group(group, producers.channels(group).values(), null));
        }
        List<Object> consumerGroups = new ArrayList<>();
        for (Map.Entry<String, ConsumerGroupInfo> e : new TreeMap<>(consumers.groups()).entrySet()) {
            consumerGroups.add(group(e.getKey(), e.getValue().channels(), e.getValue()));
        }
        Map<String, Object> tree = new LinkedHashMap<>();
        tree.put("producers", producerGroups);
        tree.put("consumers", consumerGroups);
        return tree;
    }

    private static Map<String, Object> group(String group, Collection<ClientChannelInfo> channels,
            ConsumerGroupInfo consumer) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("group", group);
        row.put("displayName", NameEncoding.display(group));
        if (consumer != null) {
            JmsName jms = JmsName.of(group);
            row.put("jms", jms == null ? null : jms.toJson());
            row.put("consumeType", consumer.consumeType() == null ? "" : consumer.consumeType().name());
            row.put("messageModel", consumer.messageModel() == null ? "" : consumer.messageModel().name());
            Map<String, Object> subscriptions = new TreeMap<>();
            for (SubscriptionData sub : consumer.subscriptions().values()) {
                subscriptions.put(sub.getTopic(), sub.getExpressionType() + " " + sub.getSubString());
            }
            row.put("subscriptions", subscriptions);
        }
        List<Object> clients = new ArrayList<>();
        for (ClientChannelInfo info : channels) {
            Map<String, Object> client = new LinkedHashMap<>();
            client.put("clientId", info.clientId());
            client.put("address", info.clientAddress());
            client.put("language", String.valueOf(info.language()));
            client.put("version", info.version());
            client.put("lastHeartbeat", info.lastUpdateMillis());
            clients.add(client);
        }
        row.put("clients", clients);
        return row;
    }
}

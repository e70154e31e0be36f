package dev.apogee.broker.console;

import dev.apogee.broker.admin.ConsumeProgress;
import dev.apogee.broker.client.ConsumerGroupInfo;
import dev.apogee.broker.subscription.SubscriptionGroupConfig;
import dev.apogee.remoting.naming.NameEncoding;
import dev.apogee.remoting.protocol.body.TopicConfig;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The consumer-groups page and the JMS page: every group this broker knows (configured, online, or with committed
 * offsets), its progress per topic and queue as mqadmin consumerProgress computes it ({@link ConsumeProgress}: lag =
 * messages not yet consumed or, on a popped queue, not acked; in-flight = popped and not acked), and, for the JMS
 * provider's groups, the queue or subscription they stand for.
 */
final class GroupView {
    private final ConsoleSources sources;
    private final ConsumeProgress progress;

    GroupView(ConsoleSources sources) {
        this.sources = sources;
        this.progress = new ConsumeProgress(sources.topics(), sources.offsets(), sources.consumers(),
                sources.store(), sources.pops());
    }

    List<Map<String, Object>> list() {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (String group : groupNames()) {
            rows.add(row(group));
        }
        return rows;
    }

    /** The JMS queues and subscriptions (browsers' throw-away groups left out), by their JMS names. */
    List<Map<String, Object>> jms() {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Map<String, Object> group : list()) {
            JmsName jms = JmsName.of((String) group.get("group"));
            if (jms != null && !jms.kind().equals("queue browser")) {
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("kind", jms.kind());
                row.put("name", jms.name());
                row.put("clientId", jms.clientId());
                row.put("group", group.get("group"));
                row.put("topics", group.get("topics"));
                row.put("lag", group.get("lag"));
                row.put("inFlight", group.get("inFlight"));
                row.put("consumers", group.get("consumers"));
                rows.add(row);
            }
        }
        return rows;
    }

    private Set<String> groupNames() {
        Set<String> names = new TreeSet<>();
        for (SubscriptionGroupConfig config : sources.groups().all()) {
            names.add(config.groupName());
        }
        names.addAll(sources.consumers().groups().keySet());
        for (TopicConfig topic : sources.topics().all()) {
            names.addAll(sources.offsets().groupsOf(topic.getTopicName()));
        }
        return names;
    }

    private Map<String, Object> row(String group) {
        ConsumerGroupInfo online = sources.consumers().group(group);
        SubscriptionGroupConfig config = sources.groups().get(group);
        List<Object> topics = new ArrayList<>();
        long lag = 0;
        long inFlight = 0;
        for (String topic : progress.topicsOf(group, null)) {
            Map<String, Object> topicRow = topicRow(group, topic, online);
            lag += (Long) topicRow.get("lag");
            inFlight += (Long) topicRow.get("inFlight");
            topics.add(topicRow);
        }
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("group", group);
        row.put("displayName", NameEncoding.display(group));
        JmsName jms = JmsName.of(group);
        row.put("jms", jms == null ? null : jms.toJson());
        row.put("consumers", online == null ? 0 : online.channels().size());
        row.put("consumeType", online == null || online.consumeType() == null ? "" : online.consumeType().name());
        row.put("messageModel", online == null || online.messageModel() == null ? "" : online.messageModel().name());
        row.put("retryMaxTimes", config == null ? SubscriptionGroupConfig.DEFAULT_RETRY_MAX_TIMES
                : config.retryMaxTimes());
        row.put("lag", lag);
        row.put("inFlight", inFlight);
        row.put("topics", topics);
        return row;
    }

    private Map<String, Object> topicRow(String group, String topic, ConsumerGroupInfo online) {
        List<Object> queues = new ArrayList<>();
        long lag = 0;
        long inFlight = 0;
        for (int queueId = 0; queueId < progress.queueCount(topic); queueId++) {
            ConsumeProgress.QueueProgress q = progress.of(group, topic, queueId);
            lag += q.lag();
            inFlight += q.inFlight();
            Map<String, Object> queue = new LinkedHashMap<>();
            queue.put("queueId", queueId);
            queue.put("brokerOffset", q.brokerOffset());
            queue.put("consumerOffset", q.consumerOffset());
            queue.put("lag", q.lag());
            queue.put("inFlight", q.inFlight());
            queue.put("pop", q.popped());
            queue.put("lastConsumedStoreTime", q.lastTimestamp());
            queues.add(queue);
        }
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("topic", topic);
        row.put("displayName", NameEncoding.display(topic));
        var subscription = online == null ? null : online.subscription(topic);
        row.put("expression", subscription == null ? "" : subscription.getSubString());
        row.put("lag", lag);
        row.put("inFlight", inFlight);
        row.put("queues", queues);
        return row;
    }
}

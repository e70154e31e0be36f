package dev.apogee.broker.console;

import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.broker.topic.TopicValidator;
import dev.apogee.remoting.naming.NameEncoding;
import dev.apogee.remoting.protocol.body.PermName;
import dev.apogee.remoting.protocol.body.TopicConfig;
import dev.apogee.store.MessageStore;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The topics page: every topic of this broker with its kind, permission, queue counts and, per queue, the min and
 * max offsets of its consume queue (max minus min = messages still stored).
 */
final class TopicView {
    private static final Set<String> SYSTEM = Set.of(TopicValidator.AUTO_CREATE_TOPIC_KEY,
            TopicValidator.SCHEDULE_TOPIC, TopicValidator.TRANS_HALF_TOPIC, TopicValidator.TRANS_OP_HALF_TOPIC,
            TopicValidator.TRANS_CHECK_MAX_TIME_TOPIC, TopicValidator.SELF_TEST_TOPIC,
            TopicValidator.OFFSET_MOVED_EVENT, TopicValidator.TIMER_TOPIC);

    private final TopicConfigTable topics;
    private final MessageStore store;

    TopicView(TopicConfigTable topics, MessageStore store) {
        this.topics = topics;
        this.store = store;
    }

    List<Object> list() {
        List<TopicConfig> all = new ArrayList<>(topics.all());
        all.sort(Comparator.comparing(TopicConfig::getTopicName));
        List<Object> rows = new ArrayList<>(all.size());
        for (TopicConfig topic : all) {
            rows.add(row(topic));
        }
        return rows;
    }

    private Map<String, Object> row(TopicConfig topic) {
        String name = topic.getTopicName();
        List<Object> queues = new ArrayList<>();
        long stored = 0;
        int queueCount = Math.max(topic.getReadQueueNums(), topic.getWriteQueueNums());
        for (int queueId = 0; queueId < queueCount; queueId++) {
            long min = store.getMinOffsetInQueue(name, queueId);
            long max = store.getMaxOffsetInQueue(name, queueId);
            stored += Math.max(0, max - min);
            Map<String, Object> queue = new LinkedHashMap<>();
            queue.put("queueId", queueId);
            queue.put("minOffset", min);
            queue.put("maxOffset", max);
            queues.add(queue);
        }
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("topic", name);
        row.put("displayName", NameEncoding.display(name));
        row.put("kind", kind(name));
        row.put("perm", PermName.toString(topic.getPerm()));
        row.put("readQueues", topic.getReadQueueNums());
        row.put("writeQueues", topic.getWriteQueueNums());
        row.put("messages", stored);
        row.put("queues", queues);
        return row;
    }

    /** NORMAL, RETRY ({@code %RETRY%group}), DLQ ({@code %DLQ%group}) or SYSTEM (the broker's own topics). */
    static String kind(String topic) {
        if (TopicValidator.isRetryTopic(topic)) {
            return "RETRY";
        }
        if (TopicValidator.isDlqTopic(topic)) {
            return "DLQ";
        }
        if (SYSTEM.contains(topic) || topic.startsWith("rmq_sys_") || topic.startsWith("RMQ_SYS_")
                || topic.startsWith("APOGEE_SYS_")) {
            return "SYSTEM";
        }
        return "NORMAL";
    }
}

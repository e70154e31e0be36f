package dev.apogee.broker.console;

import dev.apogee.broker.message.MessageProperties;
import dev.apogee.broker.message.StoredMessage;
import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.broker.topic.TopicValidator;
import dev.apogee.remoting.naming.NameEncoding;
import dev.apogee.remoting.protocol.body.TopicConfig;
import dev.apogee.store.MessageStore;
import dev.apogee.store.QueryResult;
import dev.apogee.store.consumequeue.ConsumeQueueEntry;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The DLQ page: the {@code %DLQ%<group>} topics with their message counts, and a page of one DLQ's messages, each
 * with the topic it came from (its RETRY_TOPIC property) and whether it was re-sent there. The log is append-only, so
 * a re-sent message stays in the DLQ; "re-sent" is read back from the message index: a copy with the same message id
 * (UNIQ_KEY) stored in the original topic after the DLQ record.
 */
final class DeadLetterView {
    static final int DEFAULT_LIMIT = 50;
    static final int MAX_LIMIT = 500;

    private final MessageStore store;
    private final TopicConfigTable topics;
    private final MessageJson json;

    DeadLetterView(MessageStore store, TopicConfigTable topics, MessageJson json) {
        this.store = store;
        this.topics = topics;
        this.json = json;
    }

    List<Object> list() {
        List<TopicConfig> dlqs = new ArrayList<>();
        for (TopicConfig topic : topics.all()) {
            if (TopicValidator.isDlqTopic(topic.getTopicName())) {
                dlqs.add(topic);
            }
        }
        dlqs.sort(Comparator.comparing(TopicConfig::getTopicName));
        List<Object> rows = new ArrayList<>();
        for (TopicConfig dlq : dlqs) {
            String name = dlq.getTopicName();
            String group = name.substring(TopicValidator.DLQ_GROUP_TOPIC_PREFIX.length());
            long messages = 0;
            for (int queueId = 0; queueId < dlq.getWriteQueueNums(); queueId++) {
                messages += Math.max(0, store.getMaxOffsetInQueue(name, queueId)
                        - store.getMinOffsetInQueue(name, queueId));
            }
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("topic", name);
            row.put("group", group);
            row.put("displayGroup", NameEncoding.display(group));
            JmsName jms = JmsName.of(group);
            row.put("jms", jms == null ? null : jms.toJson());
            row.put("messages", messages);
            rows.add(row);
        }
        return rows;
    }

    /** Up to {@code limit} messages of {@code topic} from queue offset {@code from} (-1: the oldest) of each queue. */
    Map<String, Object> browse(String topic, long from, int limit) {
        TopicConfig config = requireDlq(topic);
        if (limit < 1 || limit > MAX_LIMIT) {
            throw ConsoleRequestException.badRequest("limit must be 1.." + MAX_LIMIT + ", got " + limit);
        }
        List<Object> messages = new ArrayList<>();
        for (int queueId = 0; queueId < config.getWriteQueueNums() && messages.size() < limit; queueId++) {
            long min = store.getMinOffsetInQueue(topic, queueId);
            long max = store.getMaxOffsetInQueue(topic, queueId);
            for (long offset = Math.max(min, from); offset < max && messages.size() < limit; offset++) {
                read(topic, queueId, offset).ifPresent(m -> messages.add(entry(m)));
            }
        }
        Map<String, Object> tree = new LinkedHashMap<>();
        tree.put("topic", topic);
        tree.put("messages", messages);
        return tree;
    }

    TopicConfig requireDlq(String topic) {
        if (!TopicValidator.isDlqTopic(topic)) {
            throw ConsoleRequestException.badRequest("'" + topic + "' is not a DLQ topic (%DLQ%<group>)");
        }
        TopicConfig config = topics.get(topic);
        if (config == null) {
            throw ConsoleRequestException.notFound("no DLQ topic '" + topic + "' on this broker");
        }
        return config;
    }

    /** The DLQ record at a queue offset, or empty when there is none (deleted by retention, or past the end). */
    Optional<StoredMessage> read(String topic, int queueId, long offset) {
        ConsumeQueueEntry entry = new ConsumeQueueEntry();
        if (!store.readQueueEntry(topic, queueId, offset, entry)) {
            return Optional.empty();
        }
        return store.lookMessageByOffset(entry.physicalOffset()).map(StoredMessage::read);
    }

    /** Where a DLQ message came from: its RETRY_TOPIC, or null when the record does not say. */
    static String originalTopic(StoredMessage m) {
        return m.property(MessageProperties.RETRY_TOPIC);
    }

    /** The copy re-sent from this DLQ record to its original topic, or empty when it was not re-sent. */
    Optional<StoredMessage> resentCopy(StoredMessage dlqRecord) {
        String target = originalTopic(dlqRecord);
        String id = dlqRecord.property(MessageProperties.UNIQ_KEY);
        if (target == null || id == null || topics.get(target) == null) {
            return Optional.empty();
        }
        QueryResult result = store.queryMessage(target, id, MessageLookup.MAX_RESULTS,
                dlqRecord.storeTimestamp(), Long.MAX_VALUE);
        for (ByteBuffer record : result.messages()) {
            StoredMessage m = StoredMessage.read(record);
            if (m.physicalOffset() > dlqRecord.physicalOffset() && m.topic().equals(target)
                    && id.equals(m.property(MessageProperties.UNIQ_KEY))) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }

    private Map<String, Object> entry(StoredMessage m) {
        Map<String, Object> tree = json.of(m);
        tree.put("originalTopic", originalTopic(m));
        resentCopy(m).ifPresent(copy -> tree.put("resent", where(copy)));
        return tree;
    }

    static Map<String, Object> where(StoredMessage copy) {
        Map<String, Object> where = new LinkedHashMap<>();
        where.put("topic", copy.topic());
        where.put("queueId", copy.queueId());
        where.put("queueOffset", copy.queueOffset());
        where.put("storeTimestamp", copy.storeTimestamp());
        return where;
    }
}

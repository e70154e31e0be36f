package dev.apogee.broker.console;

import dev.apogee.broker.message.MessageProperties;
import dev.apogee.broker.message.OffsetMessageId;
import dev.apogee.broker.message.StoredMessage;
import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.remoting.protocol.body.TopicConfig;
import dev.apogee.store.MessageStore;
import dev.apogee.store.QueryResult;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Message lookup: by id — the broker's offset message id (it names this broker's store host, so the record is read
 * at its commit-log offset) or the client's message id (UNIQ_KEY, found through the message index) — or by key
 * (KEYS). Index lookups search the given topic, or every topic of this broker when none is given; at most
 * {@value #MAX_RESULTS} messages are returned.
 */
final class MessageLookup {
    static final int MAX_RESULTS = 32;

    private final MessageStore store;
    private final TopicConfigTable topics;
    private final MessageJson json;

    MessageLookup(MessageStore store, TopicConfigTable topics, MessageJson json) {
        this.store = store;
        this.topics = topics;
        this.json = json;
    }

    Map<String, Object> find(String id, String key, String topic) {
        if ((id == null) == (key == null)) {
            throw ConsoleRequestException.badRequest("give either 'id' (a message id) or 'key' (a message key)");
        }
        if (topic != null && topics.get(topic) == null) {
            throw ConsoleRequestException.notFound("no topic '" + topic + "' on this broker");
        }
        List<Object> found = new ArrayList<>();
        if (id != null) {
            Optional<StoredMessage> byOffset = byOffsetMessageId(id);
            if (byOffset.isPresent()) {
                found.add(json.of(byOffset.get()));
            } else {
                searchIndex(id, topic, true, found);
            }
        } else {
            searchIndex(key, topic, false, found);
        }
        Map<String, Object> tree = new LinkedHashMap<>();
        tree.put("id", id);
        tree.put("key", key);
        tree.put("topic", topic);
        tree.put("messages", found);
        return tree;
    }

    /** The record an offset message id of this broker points at; empty for any other id. */
    private Optional<StoredMessage> byOffsetMessageId(String id) {
        String upper = id.toUpperCase(java.util.Locale.ROOT);
        String ourPrefix = json.offsetMessageIdPrefix();
        if (upper.length() != ourPrefix.length() + 16 || !upper.startsWith(ourPrefix)) {
            return Optional.empty();
        }
        long offset;
        try {
            offset = OffsetMessageId.commitLogOffset(upper);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        if (offset < store.getMinPhyOffset() || offset >= store.getMaxPhyOffset()) {
            return Optional.empty();
        }
        try {
            return store.lookMessageByOffset(offset).map(StoredMessage::read);
        } catch (RuntimeException e) { // not the start of a record
            return Optional.empty();
        }
    }

    private void searchIndex(String value, String topic, boolean uniqueKey, List<Object> found) {
        List<String> searched = new ArrayList<>();
        if (topic != null) {
            searched.add(topic);
        } else {
            for (TopicConfig config : topics.all()) {
                searched.add(config.getTopicName());
            }
            searched.sort(null);
        }
        for (String t : searched) {
            QueryResult result = store.queryMessage(t, value, MAX_RESULTS, 0, Long.MAX_VALUE);
            for (ByteBuffer record : result.messages()) {
                StoredMessage m = StoredMessage.read(record);
                if (matches(m, value, uniqueKey)) {
                    found.add(json.of(m));
                    if (found.size() >= MAX_RESULTS) {
                        return;
                    }
                }
            }
        }
    }

    /** The index is hashed: the record itself must carry the id or key. */
    private static boolean matches(StoredMessage m, String value, boolean uniqueKey) {
        if (uniqueKey) {
            return value.equals(m.property(MessageProperties.UNIQ_KEY));
        }
        String keys = m.property(MessageProperties.KEYS);
        return keys != null && Arrays.asList(keys.split(" ")).contains(value);
    }
}

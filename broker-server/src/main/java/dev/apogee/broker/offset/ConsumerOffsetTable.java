package dev.apogee.broker.offset;

import dev.apogee.broker.persist.ConfigFile;
import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;

/**
 * Committed consumer offsets ("next offset to consume") per group, topic and queue, persisted in
 * {@code config/consumerOffset.json} as {@code {"offsetTable":{"topic@group":{0:5,1:3}}}} like the official broker.
 * Written by processor threads (pull commits, offset updates), read by anyone; persisted by the
 * {@link OffsetPersistService} thread and at shutdown. ConcurrentHashMaps make each entry's update atomic; a persist
 * may see some of a burst of concurrent commits and catches the rest next time.
 */
public final class ConsumerOffsetTable {
    private static final String SEPARATOR = "@";
    /** Our addition to the official file: {@link DeliveryWatermarks}; the official broker would skip it. */
    private static final String DELIVERED_TABLE = "deliveredTable";

    private final Map<String, Map<Integer, Long>> offsets = new ConcurrentHashMap<>();
    private final DeliveryWatermarks delivered = new DeliveryWatermarks();
    private final ConfigFile file;

    public ConsumerOffsetTable(ConfigFile file) {
        this.file = file;
    }

    public void load() throws IOException {
        file.read().ifPresent(json -> read(new JsonReader(json.getBytes(StandardCharsets.UTF_8))));
    }

    private void read(JsonReader reader) {
        reader.beginObject();
        while (reader.hasNext()) {
            String member = reader.nextName();
            if (member.equals("offsetTable")) {
                readTable(reader, offsets::put);
            } else if (member.equals(DELIVERED_TABLE)) {
                readTable(reader, (key, queues) -> {
                    int at = key.lastIndexOf(SEPARATOR);
                    queues.forEach((queueId, offset) -> delivered.advance(key.substring(at + 1),
                            key.substring(0, at), queueId, offset));
                });
            } else {
                reader.skipValue();
            }
        }
        reader.endObject();
    }

    private static void readTable(JsonReader reader, BiConsumer<String, Map<Integer, Long>> table) {
        reader.beginObject();
        while (reader.hasNext()) {
            String key = reader.nextName();
            Map<Integer, Long> queues = new ConcurrentHashMap<>();
            reader.beginObject();
            while (reader.hasNext()) {
                int queueId = (int) reader.nextNameAsLong();
                queues.put(queueId, reader.nextLong());
            }
            reader.endObject();
            table.accept(key, queues);
        }
        reader.endObject();
    }

    public void commit(String group, String topic, int queueId, long offset) {
        offsets.computeIfAbsent(key(topic, group), k -> new ConcurrentHashMap<>()).put(queueId, offset);
    }

    /** Moves the offset forward only: to {@code max(current, offset)} (a committed transaction's ack). */
    public void commitAtLeast(String group, String topic, int queueId, long offset) {
        offsets.computeIfAbsent(key(topic, group), k -> new ConcurrentHashMap<>()).merge(queueId, offset, Math::max);
    }

    /** @return the committed offset, or -1 when the group never committed one for this queue. */
    public long query(String group, String topic, int queueId) {
        Map<Integer, Long> queues = offsets.get(key(topic, group));
        if (queues == null) {
            return -1;
        }
        Long offset = queues.get(queueId);
        return offset == null ? -1 : offset;
    }

    /** Queue id → committed offset for one group on one topic (empty when none). */
    public Map<Integer, Long> queueOffsets(String group, String topic) {
        Map<Integer, Long> queues = offsets.get(key(topic, group));
        return queues == null ? Map.of() : Map.copyOf(queues);
    }

    public Set<String> groupsOf(String topic) {
        Set<String> groups = new TreeSet<>();
        for (String key : offsets.keySet()) {
            int at = key.lastIndexOf(SEPARATOR);
            if (key.substring(0, at).equals(topic)) {
                groups.add(key.substring(at + 1));
            }
        }
        return groups;
    }

    public Set<String> topicsOf(String group) {
        Set<String> topics = new TreeSet<>();
        for (String key : offsets.keySet()) {
            int at = key.lastIndexOf(SEPARATOR);
            if (key.substring(at + 1).equals(group)) {
                topics.add(key.substring(0, at));
            }
        }
        return topics;
    }

    /** Calls {@code action} with each (group, topic) that has committed offsets (metrics: consumer lag). */
    public void forEachGroupTopic(BiConsumer<String, String> action) {
        for (String key : offsets.keySet()) {
            int at = key.lastIndexOf(SEPARATOR);
            action.accept(key.substring(at + 1), key.substring(0, at));
        }
    }

    /** What each group has been handed out by pull (for redelivery flags); forgotten with the group or topic. */
    public DeliveryWatermarks delivered() {
        return delivered;
    }

    public void removeTopic(String topic) {
        delivered.removeTopic(topic);
        offsets.keySet().removeIf(key -> key.substring(0, key.lastIndexOf(SEPARATOR)).equals(topic));
    }

    public void removeGroup(String group) {
        delivered.removeGroup(group);
        offsets.keySet().removeIf(key -> key.substring(key.lastIndexOf(SEPARATOR) + 1).equals(group));
    }

    public void persist() throws IOException {
        persist(() -> true);
    }

    /**
     * Persists the offsets committed so far, once {@code logDurable} (called after they were taken, before the file
     * is written) confirms that the messages they point past are durable; when it answers false the file is left as
     * it was and the offsets wait for the next round. See {@code MessageStore#makeReadableDurable}.
     */
    public void persist(BooleanSupplier logDurable) throws IOException {
        JsonWriter writer = new JsonWriter();
        writer.beginObject().name("offsetTable").beginObject();
        for (Map.Entry<String, Map<Integer, Long>> entry : offsets.entrySet()) {
            writer.name(entry.getKey()).beginObject();
            for (Map.Entry<Integer, Long> queue : entry.getValue().entrySet()) {
                writer.name(queue.getKey()).value(queue.getValue());
            }
            writer.endObject();
        }
        writer.endObject();
        // the delivery watermarks ride along (same "topic@group" keys), so a restart keeps redelivery flags
        writer.name(DELIVERED_TABLE).beginObject();
        delivered.forEach((group, topic, queues) -> {
            writer.name(key(topic, group)).beginObject();
            queues.forEach((queueId, offset) -> writer.name(queueId).value(offset));
            writer.endObject();
        });
        writer.endObject().endObject();
        if (!logDurable.getAsBoolean()) {
            throw new IOException("the commit log the offsets point into could not be made durable; not persisted");
        }
        file.write(writer.toString());
    }

    private static String key(String topic, String group) {
        return topic + SEPARATOR + group;
    }
}

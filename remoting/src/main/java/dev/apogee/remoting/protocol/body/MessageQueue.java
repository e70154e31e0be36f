package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonException;
import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;
import java.util.Comparator;

/**
 * One queue of a topic on one broker; ordered by topic, broker name, queue id like the official class.
 * Also the object key of the admin bodies' offset tables ({@link #writeAsKey(JsonWriter)}).
 */
public record MessageQueue(String topic, String brokerName, int queueId)
    implements JsonBody, Comparable<MessageQueue> {

    private static final Comparator<MessageQueue> ORDER = Comparator
        .comparing(MessageQueue::topic, Comparator.nullsFirst(Comparator.naturalOrder()))
        .thenComparing(MessageQueue::brokerName, Comparator.nullsFirst(Comparator.naturalOrder()))
        .thenComparingInt(MessageQueue::queueId);

    @Override
    public void writeTo(JsonWriter writer) {
        writer.beginObject();
        writeMembers(writer);
        writer.endObject();
    }

    /** Writes this queue as the object-valued name of a map entry; the caller then writes the value. */
    public void writeAsKey(JsonWriter writer) {
        writer.beginObjectKey();
        writeMembers(writer);
        writer.endObject();
    }

    private void writeMembers(JsonWriter writer) {
        writer.member("brokerName", brokerName).member("queueId", queueId).member("topic", topic);
    }

    /** Reads a queue object, or returns null for JSON null. */
    public static MessageQueue readFrom(JsonReader reader) {
        if (reader.skipIfNull()) {
            return null;
        }
        String topic = null;
        String brokerName = null;
        int queueId = 0;
        reader.beginObject();
        while (reader.hasNext()) {
            switch (reader.nextName()) {
                case "topic": topic = reader.nextString(); break;
                case "brokerName": brokerName = reader.nextString(); break;
                case "queueId": queueId = reader.nextInt(); break;
                default: reader.skipValue();
            }
        }
        reader.endObject();
        return new MessageQueue(topic, brokerName, queueId);
    }

    public static MessageQueue decode(byte[] body) {
        MessageQueue queue = JsonBody.decode(body, MessageQueue::readFrom);
        if (queue == null) {
            throw new JsonException("expected a message queue but was null", 0);
        }
        return queue;
    }

    @Override
    public int compareTo(MessageQueue other) {
        return ORDER.compare(this, other);
    }
}

package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonException;
import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;
import java.util.Base64;
import java.util.BitSet;

/**
 * The acks of one pop checkpoint inside a {@link BatchAckMessageRequestBody}: messages of one queue popped together
 * share the checkpoint fields, and bit {@code i} of {@code bitSet} acks the message at {@code startOffset + i}.
 * The official class writes its fields under one- or two-letter names ({@code c t r so q rq pt it b}) and the bit
 * set as base64 of {@link BitSet#toByteArray()}; the long names are accepted when reading, as fastjson does.
 *
 * @param retry the retry marker of the checkpoint's topic ({@code 0 1 2}, see the {@code pop.PopTopics} class)
 */
public record BatchAck(String consumerGroup, String topic, String retry, long startOffset, int queueId,
                       int reviveQueueId, long popTime, long invisibleTime, BitSet bitSet) implements JsonBody {

    @Override
    public void writeTo(JsonWriter writer) {
        writer.beginObject();
        if (bitSet != null) {
            writer.member("b", Base64.getEncoder().encodeToString(bitSet.toByteArray()));
        }
        writer.member("c", consumerGroup).member("it", invisibleTime).member("pt", popTime).member("q", queueId)
                .member("r", retry).member("rq", reviveQueueId).member("so", startOffset).member("t", topic);
        writer.endObject();
    }

    /** Reads one ack, or returns null for JSON null. */
    public static BatchAck readFrom(JsonReader reader) {
        if (reader.skipIfNull()) {
            return null;
        }
        String group = null;
        String topic = null;
        String retry = null;
        long startOffset = 0;
        int queueId = 0;
        int reviveQueueId = 0;
        long popTime = 0;
        long invisibleTime = 0;
        BitSet bits = null;
        reader.beginObject();
        while (reader.hasNext()) {
            switch (reader.nextName()) {
                case "c", "consumerGroup" -> group = reader.nextString();
                case "t", "topic" -> topic = reader.nextString();
                case "r", "retry" -> retry = reader.nextString();
                case "so", "startOffset" -> startOffset = reader.nextLong();
                case "q", "queueId" -> queueId = reader.nextInt();
                case "rq", "reviveQueueId" -> reviveQueueId = reader.nextInt();
                case "pt", "popTime" -> popTime = reader.nextLong();
                case "it", "invisibleTime" -> invisibleTime = reader.nextLong();
                case "b", "bitSet" -> bits = readBits(reader);
                default -> reader.skipValue();
            }
        }
        reader.endObject();
        return new BatchAck(group, topic, retry, startOffset, queueId, reviveQueueId, popTime, invisibleTime, bits);
    }

    private static BitSet readBits(JsonReader reader) {
        if (reader.skipIfNull()) {
            return null;
        }
        int at = reader.offset();
        String text = reader.nextString();
        try {
            return BitSet.valueOf(Base64.getDecoder().decode(text));
        } catch (IllegalArgumentException e) {
            throw new JsonException("batch ack bit set is not base64: " + e.getMessage(), at);
        }
    }
}

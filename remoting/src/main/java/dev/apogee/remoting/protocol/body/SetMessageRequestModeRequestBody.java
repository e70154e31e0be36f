package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;

/**
 * SET_MESSAGE_REQUEST_MODE (401) request body: switches a group's reading of a topic between pull and pop.
 *
 * @param popShareQueueNum in pop mode, how many clients share each queue (the official default 0: each queue to one)
 */
public record SetMessageRequestModeRequestBody(String topic, String consumerGroup, MessageRequestMode mode,
                                               int popShareQueueNum) implements JsonBody {

    @Override
    public void writeTo(JsonWriter writer) {
        writer.beginObject();
        writer.member("consumerGroup", consumerGroup);
        BodyCodec.writeEnum(writer, "mode", mode);
        writer.member("popShareQueueNum", popShareQueueNum).member("topic", topic);
        writer.endObject();
    }

    /** Reads a body, or returns null for JSON null. */
    public static SetMessageRequestModeRequestBody readFrom(JsonReader reader) {
        if (reader.skipIfNull()) {
            return null;
        }
        String topic = null;
        String group = null;
        MessageRequestMode mode = null;
        int share = 0;
        reader.beginObject();
        while (reader.hasNext()) {
            switch (reader.nextName()) {
                case "topic" -> topic = reader.nextString();
                case "consumerGroup" -> group = reader.nextString();
                case "mode" -> mode = BodyCodec.readEnum(reader, MessageRequestMode.class);
                case "popShareQueueNum" -> share = reader.nextInt();
                default -> reader.skipValue();
            }
        }
        reader.endObject();
        return new SetMessageRequestModeRequestBody(topic, group, mode, share);
    }

    public static SetMessageRequestModeRequestBody decode(byte[] body) {
        return JsonBody.decode(body, SetMessageRequestModeRequestBody::readFrom);
    }
}

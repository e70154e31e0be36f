package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;

/** QUERY_ASSIGNMENT (400) request body: which queues of {@code topic} should this client read, and how. */
public record QueryAssignmentRequestBody(String topic, String consumerGroup, String clientId, String strategyName,
                                         MessageModel messageModel) implements JsonBody {

    @Override
    public void writeTo(JsonWriter writer) {
        writer.beginObject();
        writer.member("clientId", clientId).member("consumerGroup", consumerGroup);
        BodyCodec.writeEnum(writer, "messageModel", messageModel);
        writer.member("strategyName", strategyName).member("topic", topic);
        writer.endObject();
    }

    /** Reads a body, or returns null for JSON null. */
    public static QueryAssignmentRequestBody readFrom(JsonReader reader) {
        if (reader.skipIfNull()) {
            return null;
        }
        String topic = null;
        String group = null;
        String clientId = null;
        String strategy = null;
        MessageModel model = null;
        reader.beginObject();
        while (reader.hasNext()) {
            switch (reader.nextName()) {
                case "topic" -> topic = reader.nextString();
                case "consumerGroup" -> group = reader.nextString();
                case "clientId" -> clientId = reader.nextString();
                case "strategyName" -> strategy = reader.nextString();
                case "messageModel" -> model = BodyCodec.readEnum(reader, MessageModel.class);
                default -> reader.skipValue();
            }
        }
        reader.endObject();
        return new QueryAssignmentRequestBody(topic, group, clientId, strategy, model);
    }

    public static QueryAssignmentRequestBody decode(byte[] body) {
        return JsonBody.decode(body, QueryAssignmentRequestBody::readFrom);
    }
}

package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;
import java.util.Map;

/** One queue handed to a client by QUERY_ASSIGNMENT, with how to read it (queue id -1: pop from any queue). */
public record MessageQueueAssignment(MessageQueue messageQueue, MessageRequestMode mode,
                                     Map<String, String> attachments) implements JsonBody {

    @Override
    public void writeTo(JsonWriter writer) {
        writer.beginObject();
        writer.stringMapMember("attachments", attachments);
        if (messageQueue != null) {
            writer.name("messageQueue");
            messageQueue.writeTo(writer);
        }
        BodyCodec.writeEnum(writer, "mode", mode);
        writer.endObject();
    }

    /** Reads an assignment, or returns null for JSON null. */
    public static MessageQueueAssignment readFrom(JsonReader reader) {
        if (reader.skipIfNull()) {
            return null;
        }
        MessageQueue queue = null;
        MessageRequestMode mode = null;
        Map<String, String> attachments = null;
        reader.beginObject();
        while (reader.hasNext()) {
            switch (reader.nextName()) {
                case "messageQueue" -> queue = MessageQueue.readFrom(reader);
                case "mode" -> mode = BodyCodec.readEnum(reader, MessageRequestMode.class);
                case "attachments" -> attachments = BodyCodec.readStringMap(reader, null);
                default -> reader.skipValue();
            }
        }
        reader.endObject();
        return new MessageQueueAssignment(queue, mode, attachments);
    }
}

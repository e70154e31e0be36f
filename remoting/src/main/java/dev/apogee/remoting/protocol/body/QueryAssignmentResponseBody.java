package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;
import java.util.Set;

/** QUERY_ASSIGNMENT response body. */
public record QueryAssignmentResponseBody(Set<MessageQueueAssignment> messageQueueAssignments) implements JsonBody {

    @Override
    public void writeTo(JsonWriter writer) {
        writer.beginObject();
        BodyCodec.writeArray(writer, "messageQueueAssignments", messageQueueAssignments);
        writer.endObject();
    }

    /** Reads a body, or returns null for JSON null. */
    public static QueryAssignmentResponseBody readFrom(JsonReader reader) {
        if (reader.skipIfNull()) {
            return null;
        }
        Set<MessageQueueAssignment> assignments = null;
        reader.beginObject();
        while (reader.hasNext()) {
            if ("messageQueueAssignments".equals(reader.nextName())) {
                assignments = BodyCodec.readSet(reader, MessageQueueAssignment::readFrom, null);
            } else {
                reader.skipValue();
            }
        }
        reader.endObject();
        return new QueryAssignmentResponseBody(assignments);
    }

    public static QueryAssignmentResponseBody decode(byte[] body) {
        return JsonBody.decode(body, QueryAssignmentResponseBody::readFrom);
    }
}

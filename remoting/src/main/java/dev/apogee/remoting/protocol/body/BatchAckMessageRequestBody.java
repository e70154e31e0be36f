package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;
import java.util.List;

/** BATCH_ACK_MESSAGE (200151) request body: acks of several pop checkpoints on one broker. */
public record BatchAckMessageRequestBody(String brokerName, List<BatchAck> acks) implements JsonBody {

    @Override
    public void writeTo(JsonWriter writer) {
        writer.beginObject();
        BodyCodec.writeArray(writer, "acks", acks);
        writer.member("brokerName", brokerName);
        writer.endObject();
    }

    /** Reads a body, or returns null for JSON null. */
    public static BatchAckMessageRequestBody readFrom(JsonReader reader) {
        if (reader.skipIfNull()) {
            return null;
        }
        String brokerName = null;
        List<BatchAck> acks = null;
        reader.beginObject();
        while (reader.hasNext()) {
            switch (reader.nextName()) {
                case "brokerName" -> brokerName = reader.nextString();
                case "acks" -> acks = BodyCodec.readList(reader, BatchAck::readFrom, null);
                default -> reader.skipValue();
            }
        }
        reader.endObject();
        return new BatchAckMessageRequestBody(brokerName, acks);
    }

    public static BatchAckMessageRequestBody decode(byte[] body) {
        return JsonBody.decode(body, BatchAckMessageRequestBody::readFrom);
    }
}

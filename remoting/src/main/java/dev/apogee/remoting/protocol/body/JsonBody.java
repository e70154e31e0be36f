package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonException;
import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonToken;
import dev.apogee.remoting.json.JsonWriter;
import java.util.function.Function;

/** A remoting body that encodes itself as fastjson-compatible JSON. */
public interface JsonBody {

    /** Writes this body as one JSON object value. */
    void writeTo(JsonWriter writer);

    default String toJson() {
        JsonWriter writer = new JsonWriter();
        writeTo(writer);
        return writer.toString();
    }

    /** The UTF-8 JSON bytes, ready to be a command body. */
    default byte[] encode() {
        JsonWriter writer = new JsonWriter();
        writeTo(writer);
        return writer.toUtf8Bytes();
    }

    /** Decodes a whole body with {@code reader}, rejecting trailing data. */
    static <T> T decode(byte[] body, Function<JsonReader, T> reader) {
        if (body == null) {
            throw new JsonException("no body", -1);
        }
        JsonReader json = new JsonReader(body);
        T value = reader.apply(json);
        if (json.peek() != JsonToken.END_DOCUMENT) {
            throw new JsonException("data after the body", json.offset());
        }
        return value;
    }
}

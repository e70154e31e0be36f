package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonToken;
import dev.apogee.remoting.json.JsonWriter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Reading and writing the collection shapes the bodies share, with fastjson's leniencies in one place.
 * Decoded maps and sets keep wire order (Linked*), so re-encoding a decoded body reproduces its bytes.
 */
final class BodyCodec {
    private BodyCodec() {
    }

    /** An enum by name (fastjson's form) or ordinal (which fastjson also accepts); unknown names read as null. */
    static <E extends Enum<E>> E readEnum(JsonReader reader, Class<E> type) {
        if (reader.peek() == JsonToken.NUMBER) {
            int ordinal = reader.nextInt();
            E[] constants = type.getEnumConstants();
            return ordinal >= 0 && ordinal < constants.length ? constants[ordinal] : null;
        }
        String name = reader.nextString();
        if (name == null) {
            return null;
        }
        for (E constant : type.getEnumConstants()) {
            if (constant.name().equals(name)) {
                return constant;
            }
        }
        return null;
    }

    static void writeEnum(JsonWriter writer, String name, Enum<?> value) {
        if (value != null) {
            writer.member(name, value.name());
        }
    }

    /** A string array, or the existing default when the member is JSON null. */
    static List<String> readStringList(JsonReader reader, List<String> ifNull) {
        return reader.skipIfNull() ? ifNull : reader.readStringArray(new ArrayList<>());
    }

    static Set<String> readStringSet(JsonReader reader, Set<String> ifNull) {
        return reader.skipIfNull() ? ifNull : reader.readStringArray(new LinkedHashSet<>());
    }

    static <T> List<T> readList(JsonReader reader, Function<JsonReader, T> element, List<T> ifNull) {
        return reader.skipIfNull() ? ifNull : readElements(reader, new ArrayList<>(), element);
    }

    static <T> Set<T> readSet(JsonReader reader, Function<JsonReader, T> element, Set<T> ifNull) {
        return reader.skipIfNull() ? ifNull : readElements(reader, new LinkedHashSet<>(), element);
    }

    /** fastjson keeps null elements; the bodies' collections never hold them (readers map JSON null to null). */
    private static <T, C extends Collection<T>> C readElements(JsonReader reader, C into, Function<JsonReader, T> element) {
        reader.beginArray();
        while (reader.hasNext()) {
            T value = element.apply(reader);
            if (value != null) {
                into.add(value);
            }
        }
        reader.endArray();
        return into;
    }

    static <T extends JsonBody> void writeArray(JsonWriter writer, String name, Collection<T> values) {
        if (values == null) {
            return;
        }
        writer.name(name).beginArray();
        for (T value : values) {
            if (value != null) {
                value.writeTo(writer);
            }
        }
        writer.endArray();
    }

    static <T> Map<String, T> readMap(JsonReader reader, Function<JsonReader, T> value, Map<String, T> ifNull) {
        return reader.skipIfNull() ? ifNull : reader.readMap(new LinkedHashMap<>(), value);
    }

    static Map<String, String> readStringMap(JsonReader reader, Map<String, String> ifNull) {
        return reader.skipIfNull() ? ifNull : reader.readStringMap(new LinkedHashMap<>());
    }

    static <T extends JsonBody> void writeMap(JsonWriter writer, String name, Map<String, T> map) {
        if (map == null) {
            return;
        }
        writer.name(name).beginObject();
        for (Map.Entry<String, T> entry : map.entrySet()) {
            if (entry.getValue() != null) {
                writer.name(entry.getKey());
                entry.getValue().writeTo(writer);
            }
        }
        writer.endObject();
    }

    /** A map keyed by {@link MessageQueue} in fastjson's object-key shape ({@code {{"brokerName":..}:{..}}}). */
    static <T extends JsonBody> void writeQueueMap(JsonWriter writer, String name, Map<MessageQueue, T> map) {
        if (map == null) {
            return;
        }
        writer.name(name).beginObject();
        for (Map.Entry<MessageQueue, T> entry : map.entrySet()) {
            if (entry.getKey() != null && entry.getValue() != null) {
                entry.getKey().writeAsKey(writer);
                entry.getValue().writeTo(writer);
            }
        }
        writer.endObject();
    }

    /**
     * Reads a {@link MessageQueue}-keyed map. Besides fastjson's object keys it accepts a key that is a
     * string holding the queue's JSON, which is what a standard-JSON producer has to emit instead.
     */
    static <T> Map<MessageQueue, T> readQueueMap(JsonReader reader, Function<JsonReader, T> value,
                                                 Map<MessageQueue, T> ifNull) {
        if (reader.skipIfNull()) {
            return ifNull;
        }
        Map<MessageQueue, T> map = new LinkedHashMap<>();
        reader.beginObject();
        while (reader.hasNext()) {
            MessageQueue key = reader.peek() == JsonToken.BEGIN_OBJECT
                ? MessageQueue.readFrom(reader)
                : MessageQueue.decode(reader.nextName().getBytes(java.nio.charset.StandardCharsets.UTF_8));
            T entryValue = value.apply(reader);
            if (entryValue != null) {
                map.put(key, entryValue);
            }
        }
        reader.endObject();
        return map;
    }
}

package dev.apogee.remoting.json;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Tree-model JSON for tests and rare paths; hot paths use {@link JsonReader}/{@link JsonWriter} directly.
 *
 * <p>Tree types: objects are {@code LinkedHashMap<Object,Object>} in input order, keyed by String (unquoted
 * names such as {@code 0} become {@code "0"}) or, for fastjson's object keys, by the parsed key map;
 * arrays are {@code ArrayList}; integers are {@code Long} ({@code BigDecimal} beyond the long range);
 * other numbers are {@code Double} ({@code BigDecimal} when outside the double range); then
 * {@code String}, {@code Boolean} and {@code null}. Thread-safe (stateless).
 */
public final class Json {
    private Json() {
    }

    public static Object parse(String json) {
        return parse(json.getBytes(StandardCharsets.UTF_8));
    }

    public static Object parse(byte[] utf8) {
        return parse(utf8, 0, utf8.length);
    }

    public static Object parse(byte[] utf8, int offset, int length) {
        JsonReader reader = new JsonReader(utf8, offset, length);
        Object value = readValue(reader);
        reader.peek(); // rejects trailing data
        return value;
    }

    /** Reads the next value of {@code reader} as a tree. Recursion is bounded by {@link JsonReader#MAX_DEPTH}. */
    public static Object readValue(JsonReader reader) {
        switch (reader.peek()) {
            case BEGIN_OBJECT: return readObject(reader);
            case BEGIN_ARRAY:
                List<Object> list = new ArrayList<>();
                reader.beginArray();
                while (reader.hasNext()) {
                    list.add(readValue(reader));
                }
                reader.endArray();
                return list;
            case STRING: return reader.nextString();
            case NUMBER: return number(reader.nextString());
            case BOOLEAN: return reader.nextBoolean();
            case NULL:
                reader.nextNull();
                return null;
            default:
                throw new JsonException("expected a value but was " + reader.peek(), reader.offset());
        }
    }

    private static Map<Object, Object> readObject(JsonReader reader) {
        Map<Object, Object> map = new LinkedHashMap<>();
        reader.beginObject();
        while (reader.hasNext()) {
            Object key = reader.peek() == JsonToken.BEGIN_OBJECT ? readObject(reader) : reader.nextName();
            map.put(key, readValue(reader));
        }
        reader.endObject();
        return map;
    }

    private static Object number(String literal) {
        boolean integral = literal.indexOf('.') < 0 && literal.indexOf('e') < 0 && literal.indexOf('E') < 0;
        if (integral && literal.length() < 19) {
            return Long.parseLong(literal);
        }
        if (integral) {
            try {
                return Long.parseLong(literal);
            } catch (NumberFormatException tooBig) {
                return new BigDecimal(literal);
            }
        }
        double d = Double.parseDouble(literal);
        return Double.isInfinite(d) ? new BigDecimal(literal) : (Object) d;
    }

    /**
     * Writes a tree (or any mix of Map, Collection, array of Object, String, Number, Boolean, Enum, null)
     * in fastjson's default dialect: String keys quoted, integral Number keys unquoted, Map keys as
     * object keys, null map values omitted.
     */
    public static String write(Object tree) {
        JsonWriter writer = new JsonWriter();
        write(writer, tree);
        return writer.toString();
    }

    public static void write(JsonWriter writer, Object value) {
        if (value == null) {
            writer.nullValue();
        } else if (value instanceof String) {
            writer.value((String) value);
        } else if (value instanceof Map) {
            writeMap(writer, (Map<?, ?>) value);
        } else if (value instanceof Collection) {
            writer.beginArray();
            for (Object element : (Collection<?>) value) {
                write(writer, element);
            }
            writer.endArray();
        } else if (value instanceof Object[]) {
            writer.beginArray();
            for (Object element : (Object[]) value) {
                write(writer, element);
            }
            writer.endArray();
        } else if (value instanceof Boolean) {
            writer.value((Boolean) value);
        } else if (value instanceof Double || value instanceof Float) {
            writer.value(((Number) value).doubleValue());
        } else if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            writer.value(((Number) value).longValue());
        } else if (value instanceof Number) {
            writer.rawValue(value.toString());
        } else if (value instanceof Enum) {
            writer.value(((Enum<?>) value).name());
        } else {
            writer.value(value.toString());
        }
    }

    private static void writeMap(JsonWriter writer, Map<?, ?> map) {
        writer.beginObject();
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            if (entry.getValue() == null) {
                continue;
            }
            Object key = entry.getKey();
            if (key instanceof Map) {
                writer.beginObjectKey();
                for (Map.Entry<?, ?> keyMember : ((Map<?, ?>) key).entrySet()) {
                    writer.name(String.valueOf(keyMember.getKey()));
                    write(writer, keyMember.getValue());
                }
                writer.endObject();
            } else if (key instanceof Long || key instanceof Integer || key instanceof Short || key instanceof Byte) {
                writer.name(((Number) key).longValue());
            } else {
                writer.name(String.valueOf(key));
            }
            write(writer, entry.getValue());
        }
        writer.endObject();
    }
}

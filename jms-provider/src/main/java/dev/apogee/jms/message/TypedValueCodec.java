package dev.apogee.jms.message;

import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import jakarta.jms.JMSException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Kryo encoding of MapMessage and StreamMessage bodies. Only Kryo's {@link Output}/{@link Input} primitives are used
 * (no class names on the wire, so decoding cannot instantiate anything but the JMS value types). Layout:
 * <pre>
 *   byte    version (1)
 *   varint  count
 *   count × [ string name (map only) ‖ byte type ‖ value ]
 * </pre>
 * Types: 0 null, 1 boolean, 2 byte, 3 short, 4 char, 5 int, 6 long, 7 float, 8 double, 9 String, 10 byte[]
 * (varint length + bytes). Numbers use Kryo's fixed-width big-endian forms; Strings Kryo's UTF-8 string form.
 */
final class TypedValueCodec {
    private static final byte VERSION = 1;

    private TypedValueCodec() {
    }

    static byte[] encodeMap(Map<String, Object> map) {
        Output out = new Output(64, -1);
        out.writeByte(VERSION);
        out.writeVarInt(map.size(), true);
        for (Map.Entry<String, Object> e : map.entrySet()) {
            out.writeString(e.getKey());
            writeValue(out, e.getValue());
        }
        return out.toBytes();
    }

    static Map<String, Object> decodeMap(byte[] body) throws JMSException {
        Map<String, Object> map = new LinkedHashMap<>();
        if (body == null || body.length == 0) {
            return map;
        }
        try (Input in = new Input(body)) {
            int count = header(in);
            for (int i = 0; i < count; i++) {
                String name = in.readString();
                map.put(name, readValue(in));
            }
            return map;
        } catch (KryoException | IllegalArgumentException e) {
            throw corrupt("MapMessage", e);
        }
    }

    static byte[] encodeList(List<Object> items) {
        Output out = new Output(64, -1);
        out.writeByte(VERSION);
        out.writeVarInt(items.size(), true);
        for (Object item : items) {
            writeValue(out, item);
        }
        return out.toBytes();
    }

    static List<Object> decodeList(byte[] body) throws JMSException {
        List<Object> items = new ArrayList<>();
        if (body == null || body.length == 0) {
            return items;
        }
        try (Input in = new Input(body)) {
            int count = header(in);
            for (int i = 0; i < count; i++) {
                items.add(readValue(in));
            }
            return items;
        } catch (KryoException | IllegalArgumentException e) {
            throw corrupt("StreamMessage", e);
        }
    }

    private static int header(Input in) {
        byte version = in.readByte();
        if (version != VERSION) {
            throw new IllegalArgumentException("unknown body version " + version);
        }
        int count = in.readVarInt(true);
        if (count < 0 || count > in.limit()) {
            throw new IllegalArgumentException("bad entry count " + count);
        }
        return count;
    }

    private static void writeValue(Output out, Object v) {
        if (v == null) {
            out.writeByte(0);
        } else if (v instanceof Boolean b) {
            out.writeByte(1);
            out.writeBoolean(b);
        } else if (v instanceof Byte b) {
            out.writeByte(2);
            out.writeByte(b);
        } else if (v instanceof Short s) {
            out.writeByte(3);
            out.writeShort(s);
        } else if (v instanceof Character c) {
            out.writeByte(4);
            out.writeChar(c);
        } else if (v instanceof Integer i) {
            out.writeByte(5);
            out.writeInt(i);
        } else if (v instanceof Long l) {
            out.writeByte(6);
            out.writeLong(l);
        } else if (v instanceof Float f) {
            out.writeByte(7);
            out.writeFloat(f);
        } else if (v instanceof Double d) {
            out.writeByte(8);
            out.writeDouble(d);
        } else if (v instanceof String s) {
            out.writeByte(9);
            out.writeString(s);
        } else if (v instanceof byte[] bytes) {
            out.writeByte(10);
            out.writeVarInt(bytes.length, true);
            out.writeBytes(bytes);
        } else {
            throw new IllegalArgumentException("not a JMS body value: " + v.getClass().getName());
        }
    }

    private static Object readValue(Input in) {
        byte type = in.readByte();
        return switch (type) {
            case 0 -> null;
            case 1 -> in.readBoolean();
            case 2 -> in.readByte();
            case 3 -> in.readShort();
            case 4 -> in.readChar();
            case 5 -> in.readInt();
            case 6 -> in.readLong();
            case 7 -> in.readFloat();
            case 8 -> in.readDouble();
            case 9 -> {
                String s = in.readString();
                if (s == null) {
                    throw new IllegalArgumentException("null String value with a String type code");
                }
                yield s;
            }
            case 10 -> {
                int length = in.readVarInt(true);
                if (length < 0 || length > in.limit() - in.position()) {
                    throw new IllegalArgumentException("bad byte[] length " + length);
                }
                yield in.readBytes(length);
            }
            default -> throw new IllegalArgumentException("unknown value type " + type);
        };
    }

    private static JMSException corrupt(String what, Exception e) {
        return JmsExceptions.create(ErrorCode.CORRUPT_MESSAGE, what + " body cannot be decoded: " + e.getMessage(), e);
    }
}

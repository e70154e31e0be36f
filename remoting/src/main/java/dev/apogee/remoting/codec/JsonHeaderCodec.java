package dev.apogee.remoting.codec;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonToken;
import dev.apogee.remoting.json.JsonWriter;
import dev.apogee.remoting.protocol.LanguageCode;
import dev.apogee.remoting.protocol.RemotingCommand;
import io.netty.buffer.ByteBuf;

import java.util.HashMap;
import java.util.Map;

/**
 * The JSON header serialization, written the way fastjson writes it for the official peers (keys sorted, nulls
 * omitted, {@code extFields} values as strings) and read leniently: unknown members are skipped, missing ones take
 * the defaults (language JAVA, version 0, flag 0). Any malformed header becomes a {@link FrameCodecException}.
 *
 * <p>Thread-safe: the reusable writer, reader and scratch buffer are per thread (in practice, per event loop).
 */
public final class JsonHeaderCodec {
    private static final ThreadLocal<JsonWriter> WRITER = ThreadLocal.withInitial(() -> new JsonWriter(256));
    private static final ThreadLocal<JsonReader> READER = ThreadLocal.withInitial(() -> new JsonReader(new byte[0]));
    private static final ThreadLocal<byte[][]> SCRATCH = ThreadLocal.withInitial(() -> new byte[][] {new byte[512]});
    private static final int MAX_CACHED_SCRATCH = 64 * 1024;

    private JsonHeaderCodec() {
    }

    /** The encoded header (UTF-8 JSON). */
    public static byte[] encode(RemotingCommand command) {
        JsonWriter writer = WRITER.get().reset();
        writer.beginObject();
        writer.member("code", command.code());
        Map<String, String> extFields = command.extFields();
        if (extFields != null) {
            writer.name("extFields").beginObject();
            for (Map.Entry<String, String> field : extFields.entrySet()) {
                if (field.getKey() != null && field.getValue() != null) {
                    writer.member(field.getKey(), field.getValue());
                }
            }
            writer.endObject();
        }
        writer.member("flag", command.flag());
        writer.member("language", command.language().name());
        writer.member("opaque", command.opaque());
        if (command.remark() != null) {
            writer.member("remark", command.remark());
        }
        writer.member("serializeTypeCurrentRPC", "JSON");
        writer.member("version", command.version());
        writer.endObject();
        return writer.toUtf8Bytes();
    }

    public static void decode(ByteBuf header, RemotingCommand command) {
        int length = header.readableBytes();
        byte[] bytes;
        int offset;
        if (header.hasArray()) {
            bytes = header.array();
            offset = header.arrayOffset() + header.readerIndex();
        } else {
            bytes = scratch(length);
            offset = 0;
            header.getBytes(header.readerIndex(), bytes, 0, length);
        }
        header.skipBytes(length);
        try {
            read(READER.get().reset(bytes, offset, length), command);
        } catch (RuntimeException e) {
            throw new FrameCodecException("malformed JSON header: " + e.getMessage());
        }
    }

    private static void read(JsonReader reader, RemotingCommand command) {
        if (reader.peek() != JsonToken.BEGIN_OBJECT) {
            throw new FrameCodecException("JSON header is not an object");
        }
        reader.beginObject();
        while (reader.hasNext()) {
            if (reader.peek() != JsonToken.NAME) {
                reader.skipValue();
                reader.skipValue();
                continue;
            }
            readMember(reader, reader.nextName(), command);
        }
        reader.endObject();
        if (reader.peek() != JsonToken.END_DOCUMENT) {
            throw new FrameCodecException("trailing data after the JSON header");
        }
    }

    private static void readMember(JsonReader reader, String name, RemotingCommand command) {
        switch (name) {
            case "code" -> command.code(reader.nextInt());
            case "language" -> command.language(LanguageCode.fromName(reader.nextString()));
            case "version" -> command.version(reader.nextInt());
            case "opaque" -> command.opaque(reader.nextInt());
            case "flag" -> command.flag(reader.nextInt());
            case "remark" -> command.remark(reader.nextString());
            case "extFields" -> command.extFields(readExtFields(reader));
            default -> reader.skipValue();
        }
    }

    private static Map<String, String> readExtFields(JsonReader reader) {
        if (reader.skipIfNull()) {
            return null;
        }
        Map<String, String> fields = new HashMap<>();
        reader.beginObject();
        while (reader.hasNext()) {
            if (reader.peek() != JsonToken.NAME) {
                throw new FrameCodecException("extFields has a non-string key");
            }
            String key = reader.nextName();
            String value = reader.nextString();
            if (value != null) {
                fields.put(key, value);
            }
        }
        reader.endObject();
        return fields;
    }

    private static byte[] scratch(int length) {
        byte[][] holder = SCRATCH.get();
        if (holder[0].length >= length) {
            return holder[0];
        }
        byte[] bigger = new byte[length];
        if (length <= MAX_CACHED_SCRATCH) {
            holder[0] = bigger;
        }
        return bigger;
    }
}

package dev.apogee.remoting.codec;

import dev.apogee.remoting.protocol.LanguageCode;
import dev.apogee.remoting.protocol.RemotingCommand;
import io.netty.buffer.ByteBuf;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * The compact binary ("ROCKETMQ") header serialization.
 *
 * <pre>
 * offset  width  field
 *  0      2      code (int16)
 *  2      1      language
 *  3      2      version (int16)
 *  5      4      opaque
 *  9      4      flag
 * 13      4      remark length (0 = no remark)
 * 17      n      remark, UTF-8
 * 17+n    4      extFields area length (0 = no map)
 * ...            entries: key length int16, key, value length int32, value
 * </pre>
 * A zero-length key or value decodes as absent, as in the official decoder; entries with null key or value are not
 * written.
 */
public final class RocketMqHeaderCodec {
    private static final int FIXED_PART = 2 + 1 + 2 + 4 + 4 + 4;

    private RocketMqHeaderCodec() {
    }

    /**
     * The encoded header. Sized exactly first and written into one array: the frame around it is then allocated at
     * its final size (a send request's header outgrew the frame's first guess and reallocated it), and plain array
     * stores are far less code for the JIT than a {@code ByteBuf} write with its bounds, reference-count and
     * capacity checks per field.
     */
    public static byte[] encode(RemotingCommand command) {
        String remark = command.remark();
        Map<String, String> extFields = command.extFields();
        int length = FIXED_PART + Utf8.length(remark) + 4;
        if (extFields != null) {
            for (Map.Entry<String, String> entry : extFields.entrySet()) {
                if (entry.getKey() != null && entry.getValue() != null) {
                    length += 2 + Utf8.length(entry.getKey()) + 4 + Utf8.length(entry.getValue());
                }
            }
        }
        byte[] out = new byte[length];
        int at = putShort(out, 0, command.code());
        out[at++] = (byte) command.language().code();
        at = putShort(out, at, command.version());
        at = putInt(out, at, command.opaque());
        at = putInt(out, at, command.flag());
        at = putIntPrefixedUtf8(out, at, remark);
        int mapLengthAt = at;
        at += 4;
        if (extFields != null) {
            for (Map.Entry<String, String> entry : extFields.entrySet()) {
                String key = entry.getKey();
                String value = entry.getValue();
                if (key == null || value == null) {
                    continue;
                }
                int keyLengthAt = at;
                at = Utf8.put(out, at + 2, key);
                int keyLength = at - keyLengthAt - 2;
                if (keyLength > 0xFFFF) {
                    throw new FrameCodecException("extFields key of " + keyLength + " bytes exceeds the 16-bit length");
                }
                putShort(out, keyLengthAt, keyLength);
                at = putIntPrefixedUtf8(out, at, value);
            }
        }
        putInt(out, mapLengthAt, at - mapLengthAt - 4);
        return out;
    }

    private static int putIntPrefixedUtf8(byte[] out, int at, String text) {
        int end = Utf8.put(out, at + 4, text);
        putInt(out, at, end - at - 4);
        return end;
    }

    private static int putShort(byte[] out, int at, int value) {
        out[at] = (byte) (value >>> 8);
        out[at + 1] = (byte) value;
        return at + 2;
    }

    private static int putInt(byte[] out, int at, int value) {
        out[at] = (byte) (value >>> 24);
        out[at + 1] = (byte) (value >>> 16);
        out[at + 2] = (byte) (value >>> 8);
        out[at + 3] = (byte) value;
        return at + 4;
    }

    /** Decodes a header that occupies exactly {@code header.readableBytes()}. */
    public static void decode(ByteBuf header, RemotingCommand command) {
        if (header.readableBytes() < FIXED_PART) {
            throw new FrameCodecException("binary header of " + header.readableBytes() + " bytes is shorter than "
                    + FIXED_PART);
        }
        command.code(header.readShort());
        command.language(LanguageCode.fromCode(header.readUnsignedByte()));
        command.version(header.readShort());
        command.opaque(header.readInt());
        command.flag(header.readInt());
        command.remark(readIntPrefixedUtf8(header, "remark"));
        int mapLength = readLength(header, "extFields");
        if (mapLength > 0) {
            command.extFields(decodeMap(header.readSlice(mapLength)));
        }
    }

    private static Map<String, String> decodeMap(ByteBuf map) {
        // a send request has 14 fields: sized so that it does not resize on the way (default 16 resizes at 13)
        Map<String, String> fields = new HashMap<>(32);
        while (map.isReadable()) {
            if (map.readableBytes() < 2) {
                throw new FrameCodecException("truncated extFields key length");
            }
            int keyLength = map.readUnsignedShort();
            if (keyLength > map.readableBytes()) {
                throw new FrameCodecException("extFields key length " + keyLength + " exceeds the header");
            }
            String key = keyLength == 0 ? null : HeaderKeys.read(map, keyLength);
            String value = readIntPrefixedUtf8(map, "extFields value");
            if (key != null && value != null) {
                fields.put(key, value);
            }
        }
        return fields;
    }

    private static String readIntPrefixedUtf8(ByteBuf in, String what) {
        int length = readLength(in, what);
        return length == 0 ? null : in.readCharSequence(length, StandardCharsets.UTF_8).toString();
    }

    private static int readLength(ByteBuf in, String what) {
        if (in.readableBytes() < 4) {
            throw new FrameCodecException("truncated " + what + " length");
        }
        int length = in.readInt();
        if (length < 0 || length > in.readableBytes()) {
            throw new FrameCodecException(what + " length " + length + " is outside the header ("
                    + in.readableBytes() + " bytes left)");
        }
        return length;
    }
}

package dev.apogee.remoting.codec;

import dev.apogee.remoting.protocol.LanguageCode;
import dev.apogee.remoting.protocol.RemotingCommand;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;

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

    public static void encode(RemotingCommand command, ByteBuf out) {
        out.writeShort(command.code());
        out.writeByte(command.language().code());
        out.writeShort(command.version());
        out.writeInt(command.opaque());
        out.writeInt(command.flag());
        writeIntPrefixedUtf8(out, command.remark());
        Map<String, String> extFields = command.extFields();
        if (extFields == null || extFields.isEmpty()) {
            out.writeInt(0);
            return;
        }
        int lengthIndex = out.writerIndex();
        out.writeInt(0);
        for (Map.Entry<String, String> entry : extFields.entrySet()) {
            if (entry.getKey() == null || entry.getValue() == null) {
                continue;
            }
            int keyIndex = out.writerIndex();
            out.writeShort(0);
            int keyLength = ByteBufUtil.writeUtf8(out, entry.getKey());
            out.setShort(keyIndex, keyLength);
            writeIntPrefixedUtf8(out, entry.getValue());
        }
        out.setInt(lengthIndex, out.writerIndex() - lengthIndex - 4);
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

    private static void writeIntPrefixedUtf8(ByteBuf out, String text) {
        if (text == null || text.isEmpty()) {
            out.writeInt(0);
            return;
        }
        int lengthIndex = out.writerIndex();
        out.writeInt(0);
        out.setInt(lengthIndex, ByteBufUtil.writeUtf8(out, text));
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

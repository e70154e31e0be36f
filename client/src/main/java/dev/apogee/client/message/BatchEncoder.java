package dev.apogee.client.message;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The SEND_BATCH_MESSAGE body (section 4.5): per message TOTALSIZE, MAGICCODE 0, BODYCRC 0, FLAG, body length +
 * body, properties length (int16) + properties. Each message must already carry its own {@code UNIQ_KEY}.
 */
public final class BatchEncoder {
    private BatchEncoder() {
    }

    public static byte[] encode(List<? extends Message> messages) {
        byte[][] properties = new byte[messages.size()][];
        int total = 0;
        for (int i = 0; i < messages.size(); i++) {
            Message message = messages.get(i);
            properties[i] = PropertiesCodec.encode(message.getProperties()).getBytes(StandardCharsets.UTF_8);
            total += recordSize(message.getBody().length, properties[i].length);
        }
        ByteBuffer buffer = ByteBuffer.allocate(total);
        for (int i = 0; i < messages.size(); i++) {
            Message message = messages.get(i);
            byte[] body = message.getBody();
            buffer.putInt(recordSize(body.length, properties[i].length));
            buffer.putInt(0);
            buffer.putInt(0);
            buffer.putInt(message.getFlag());
            buffer.putInt(body.length);
            buffer.put(body);
            buffer.putShort((short) properties[i].length);
            buffer.put(properties[i]);
        }
        return buffer.array();
    }

    private static int recordSize(int bodyLength, int propertiesLength) {
        return 4 + 4 + 4 + 4 + 4 + bodyLength + 2 + propertiesLength;
    }
}

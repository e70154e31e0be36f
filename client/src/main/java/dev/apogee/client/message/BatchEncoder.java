package dev.apogee.client.message;

import dev.apogee.remoting.protocol.BodyWriter;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;

/**
 * The SEND_BATCH_MESSAGE body (section 4.5): per message TOTALSIZE, MAGICCODE 0, BODYCRC 0, FLAG, body length +
 * body, properties length (int16) + properties. Each message must already carry its own {@code UNIQ_KEY}.
 */
public final class BatchEncoder {
    /** TOTALSIZE, MAGICCODE, BODYCRC, FLAG, body length. */
    private static final int PREFIX_SIZE = 5 * 4;

    private BatchEncoder() {
    }

    public static byte[] encode(List<? extends Message> messages) {
        BodyWriter writer = writer(messages);
        ByteBuffer out = ByteBuffer.allocate(writer.length());
        writer.writeTo(out);
        return out.array();
    }

    /**
     * The batch body as a {@link BodyWriter}: encoded straight into the outgoing frame when the request is written,
     * each body and each message's properties copied once, from the message into the connection's buffer (no
     * per-message arrays or buffers on the way). The messages must not change until the request was written.
     */
    public static BodyWriter writer(List<? extends Message> messages) {
        int n = messages.size();
        int[] propertiesLengths = new int[n];
        long total = 0;
        for (int i = 0; i < n; i++) {
            Message message = messages.get(i);
            propertiesLengths[i] = PropertiesCodec.encodedLength(message.getProperties());
            total += recordSize(message.getBodyLength(), propertiesLengths[i]);
        }
        int length = Math.toIntExact(total);
        return new BodyWriter() {
            @Override
            public int length() {
                return length;
            }

            @Override
            public void writeTo(ByteBuffer out) {
                for (int i = 0; i < n; i++) {
                    Message message = messages.get(i);
                    int bodyLength = message.getBodyLength();
                    out.putInt(recordSize(bodyLength, propertiesLengths[i]));
                    out.putInt(0);
                    out.putInt(0);
                    out.putInt(message.getFlag());
                    out.putInt(bodyLength);
                    message.writeBody(out); // a text body as UTF-8, straight from the string
                    out.putShort((short) propertiesLengths[i]);
                    PropertiesCodec.encodeUtf8(message.getProperties(), out);
                }
            }
        };
    }

    private static int recordSize(int bodyLength, int propertiesLength) {
        return PREFIX_SIZE + bodyLength + 2 + propertiesLength;
    }
}

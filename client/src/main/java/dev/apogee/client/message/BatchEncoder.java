package dev.apogee.client.message;

import java.nio.ByteBuffer;
import java.util.List;

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
        ByteBuffer[] buffers = encodeBuffers(messages);
        ByteBuffer joined = ByteBuffer.allocate(Math.toIntExact(length(buffers)));
        for (ByteBuffer buffer : buffers) {
            joined.put(buffer.duplicate());
        }
        return joined.array();
    }

    /**
     * The batch body as buffers that share each message's body instead of copying it into one
     * array (the encoder copies them straight into the outgoing frame): per message a 20-byte prefix, the body, and
     * its properties, where each message's properties share a buffer with the next message's prefix. The bodies must
     * not change until the request was written.
     */
    public static ByteBuffer[] encodeBuffers(List<? extends Message> messages) {
        int n = messages.size();
        ByteBuffer[] buffers = new ByteBuffer[2 * n + 1];
        byte[] previousProperties = null;
        for (int i = 0; i <= n; i++) {
            int propertiesLength = previousProperties == null ? 0 : 2 + previousProperties.length;
            ByteBuffer joint = ByteBuffer.allocate(propertiesLength + (i < n ? PREFIX_SIZE : 0));
            if (previousProperties != null) {
                joint.putShort((short) previousProperties.length);
                joint.put(previousProperties);
            }
            if (i < n) {
                Message message = messages.get(i);
                byte[] body = message.getBody();
                previousProperties = PropertiesCodec.encodeUtf8(message.getProperties());
                joint.putInt(recordSize(body.length, previousProperties.length));
                joint.putInt(0);
                joint.putInt(0);
                joint.putInt(message.getFlag());
                joint.putInt(body.length);
                buffers[2 * i + 1] = ByteBuffer.wrap(body);
            }
            buffers[2 * i] = joint.flip();
        }
        return buffers;
    }

    /** The bytes {@code buffers} hold from position to limit. */
    public static long length(ByteBuffer[] buffers) {
        long total = 0;
        for (ByteBuffer buffer : buffers) {
            total += buffer.remaining();
        }
        return total;
    }

    private static int recordSize(int bodyLength, int propertiesLength) {
        return PREFIX_SIZE + bodyLength + 2 + propertiesLength;
    }
}

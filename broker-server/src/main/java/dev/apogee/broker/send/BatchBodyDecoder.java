package dev.apogee.broker.send;

import dev.apogee.remoting.protocol.RemotingCommandException;
import dev.apogee.remoting.protocol.ResponseCode;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits a SEND_BATCH_MESSAGE body into its messages (section 4.5 of the protocol reference):
 *
 * <pre>
 * | total size 4 | magic 4 (0) | body CRC 4 (0) | flag 4 | body length 4 | body | properties length 2 | properties |
 * </pre>
 * Every length is checked against the bytes present; a malformed batch is refused as MESSAGE_ILLEGAL.
 */
public final class BatchBodyDecoder {
    public record Entry(int flag, ByteBuffer body, String properties) {
    }

    private static final int FIXED = 4 + 4 + 4 + 4 + 4 + 2;

    private BatchBodyDecoder() {
    }

    public static List<Entry> decode(byte[] batch) {
        if (batch == null || batch.length == 0) {
            throw illegal("the batch body is empty");
        }
        ByteBuffer buffer = ByteBuffer.wrap(batch);
        List<Entry> entries = new ArrayList<>();
        while (buffer.hasRemaining()) {
            int start = buffer.position();
            if (buffer.remaining() < FIXED) {
                throw illegal("truncated batch record at byte " + start);
            }
            int totalSize = buffer.getInt();
            buffer.getInt();
            buffer.getInt();
            int flag = buffer.getInt();
            int bodyLength = buffer.getInt();
            if (bodyLength < 0 || totalSize < FIXED || totalSize > batch.length - start
                    || bodyLength > totalSize - FIXED) {
                throw illegal("inconsistent sizes in batch record at byte " + start);
            }
            ByteBuffer body = ByteBuffer.wrap(batch, buffer.position(), bodyLength).slice();
            buffer.position(buffer.position() + bodyLength);
            int propertiesLength = buffer.getShort() & 0xFFFF;
            if (start + totalSize != buffer.position() + propertiesLength) {
                throw illegal("batch record at byte " + start + " does not add up to its total size");
            }
            String properties = new String(batch, buffer.position(), propertiesLength, StandardCharsets.UTF_8);
            buffer.position(buffer.position() + propertiesLength);
            entries.add(new Entry(flag, body, properties));
        }
        return entries;
    }

    private static RemotingCommandException illegal(String why) {
        return new RemotingCommandException(ResponseCode.MESSAGE_ILLEGAL, why);
    }
}

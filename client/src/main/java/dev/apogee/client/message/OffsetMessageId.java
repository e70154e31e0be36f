package dev.apogee.client.message;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;

/**
 * The offset message id (section 4.6): hex of store host IP (4 or 16 bytes), store port (int32) and commit-log
 * offset (int64). Send responses carry it as {@code msgId}; END_TRANSACTION needs the offset inside it.
 */
public record OffsetMessageId(String storeAddress, long commitLogOffset) {
    public static String encode(byte[] storeIp, int storePort, long commitLogOffset) {
        ByteBuffer buffer = ByteBuffer.allocate(storeIp.length + 12);
        buffer.put(storeIp).putInt(storePort).putLong(commitLogOffset);
        return Hex.encode(buffer.array());
    }

    /** Parses a 32 (IPv4) or 56 (IPv6) character id; throws IllegalArgumentException otherwise. */
    public static OffsetMessageId decode(String msgId) {
        if (msgId == null || (msgId.length() != 32 && msgId.length() != 56)) {
            throw new IllegalArgumentException("not an offset message id: " + msgId);
        }
        byte[] bytes = Hex.decode(msgId);
        int ipLength = bytes.length - 12;
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        byte[] ip = new byte[ipLength];
        buffer.get(ip);
        int port = buffer.getInt();
        long offset = buffer.getLong();
        try {
            return new OffsetMessageId(InetAddress.getByAddress(ip).getHostAddress() + ":" + port, offset);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("bad address in message id " + msgId, e);
        }
    }
}

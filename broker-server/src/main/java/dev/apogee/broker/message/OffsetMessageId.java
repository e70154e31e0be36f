package dev.apogee.broker.message;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;

/**
 * The "offset message id": uppercase hex of store host IP (4 or 16 bytes), port (int32) and commit-log offset
 * (int64). Clients decode it to find the broker and the record (view by id, END_TRANSACTION). Stateless.
 */
public final class OffsetMessageId {
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private OffsetMessageId() {
    }

    public static String encode(InetSocketAddress storeHost, long commitLogOffset) {
        byte[] ip = storeHost.getAddress().getAddress();
        ByteBuffer bytes = ByteBuffer.allocate(ip.length + 12);
        bytes.put(ip).putInt(storeHost.getPort()).putLong(commitLogOffset);
        return hex(bytes.array());
    }

    /** The commit-log offset inside an offset message id (its last 16 hex digits). */
    public static long commitLogOffset(String offsetMsgId) {
        if (offsetMsgId == null || (offsetMsgId.length() != 32 && offsetMsgId.length() != 56)) {
            throw new IllegalArgumentException("not an offset message id: " + offsetMsgId);
        }
        return Long.parseUnsignedLong(offsetMsgId.substring(offsetMsgId.length() - 16), 16);
    }

    static String hex(byte[] bytes) {
        char[] out = new char[bytes.length * 2];
        for (int i = 0; i < bytes.length; i++) {
            out[2 * i] = HEX[(bytes[i] >> 4) & 0xF];
            out[2 * i + 1] = HEX[bytes[i] & 0xF];
        }
        return new String(out);
    }
}

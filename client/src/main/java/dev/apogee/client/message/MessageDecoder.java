package dev.apogee.client.message;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.DataFormatException;

/**
 * Decodes stored message records (section 4.1), as found in pull, query and view responses and in transaction
 * check-backs. Records are back to back; decoding stops at the first record with an unknown magic code.
 *
 * <pre>
 * offset  width  field
 *   0       4    TOTALSIZE
 *   4       4    MAGICCODE (0xDAA320A7 v1: 1-byte topic length; 0xDAA320AB v2: 2-byte topic length)
 *   8       4    BODYCRC
 *  12       4    QUEUEID
 *  16       4    FLAG
 *  20       8    QUEUEOFFSET
 *  28       8    PHYSICALOFFSET
 *  36       4    SYSFLAG
 *  40       8    BORNTIMESTAMP
 *  48     8|20   BORNHOST (IPv4 + port, IPv6 + port when SYSFLAG 0x10)
 *   .       8    STORETIMESTAMP
 *   .     8|20   STOREHOST (IPv6 when SYSFLAG 0x20)
 *   .       4    RECONSUMETIMES
 *   .       8    PREPAREDTRANSACTIONOFFSET
 *   .     4+n    BODYLENGTH + BODY
 *   .   1|2 + t  TOPICLENGTH + TOPIC
 *   .     2+p    PROPERTIESLENGTH + PROPERTIES
 * </pre>
 */
public final class MessageDecoder {
    public static final int MAGIC_V1 = 0xDAA320A7;
    public static final int MAGIC_V2 = 0xDAA320AB;
    private static final Logger LOG = LoggerFactory.getLogger(MessageDecoder.class);

    private MessageDecoder() {
    }

    /**
     * Decodes every record in {@code buffer} (a heap or a direct buffer, e.g. a pull response's frame); compressed
     * ZLIB bodies are inflated when {@code inflate}. Each body is copied into its message, so the buffer may be
     * reused afterwards.
     */
    public static List<MessageExt> decodeAll(ByteBuffer buffer, boolean inflate) {
        List<MessageExt> messages = new ArrayList<>();
        StringReader strings = new StringReader();
        while (buffer.remaining() >= 8) {
            MessageExt message = decode(buffer, inflate, strings);
            if (message == null) {
                break;
            }
            messages.add(message);
        }
        return messages;
    }

    /** Decodes one record at the buffer's position and advances past it; null on an unknown magic code. */
    public static MessageExt decode(ByteBuffer buffer, boolean inflate) {
        return decode(buffer, inflate, new StringReader());
    }

    private static MessageExt decode(ByteBuffer buffer, boolean inflate, StringReader strings) {
        int start = buffer.position();
        int totalSize = buffer.getInt();
        int magic = buffer.getInt();
        if ((magic != MAGIC_V1 && magic != MAGIC_V2) || totalSize > buffer.remaining() + 8 || totalSize < 8) {
            LOG.warn("stopping at a record with magic {} and size {}", Integer.toHexString(magic), totalSize);
            return null;
        }
        MessageExt m = new MessageExt();
        m.setStoreSize(totalSize);
        m.setBodyCrc(buffer.getInt());
        m.setQueueId(buffer.getInt());
        m.setFlag(buffer.getInt());
        m.setQueueOffset(buffer.getLong());
        m.setCommitLogOffset(buffer.getLong());
        int sysFlag = buffer.getInt();
        m.setBornTimestamp(buffer.getLong());
        byte[] bornIp = new byte[(sysFlag & SysFlag.BORNHOST_V6) != 0 ? 16 : 4];
        buffer.get(bornIp);
        m.setBornAddress(bornIp, buffer.getInt());
        m.setStoreTimestamp(buffer.getLong());
        byte[] storeIp = new byte[(sysFlag & SysFlag.STOREHOST_V6) != 0 ? 16 : 4];
        buffer.get(storeIp);
        m.setStoreAddress(storeIp, buffer.getInt());
        m.setReconsumeTimes(buffer.getInt());
        m.setPreparedTransactionOffset(buffer.getLong());
        byte[] body = new byte[buffer.getInt()];
        buffer.get(body);
        int topicLength = magic == MAGIC_V1 ? buffer.get() & 0xFF : buffer.getShort() & 0xFFFF;
        m.setTopic(strings.topic(buffer, topicLength));
        int propertiesLength = buffer.getShort() & 0xFFFF;
        if (propertiesLength > 0) {
            m.setEncodedProperties(strings.read(buffer, propertiesLength)); // decoded if and when read
        }
        if (inflate && Compression.isZlib(sysFlag)) {
            try {
                body = Compression.unzlib(body);
                sysFlag &= ~SysFlag.COMPRESSED;
            } catch (DataFormatException e) {
                LOG.warn("could not inflate the body of {} at offset {}: {}", m.getTopic(), m.getQueueOffset(),
                        e.toString());
            }
        }
        m.setBody(body);
        m.setSysFlag(sysFlag);
        buffer.position(start + totalSize);
        return m;
    }

    static String address(byte[] ip, int port) {
        try {
            return InetAddress.getByAddress(ip).getHostAddress() + ":" + port;
        } catch (UnknownHostException e) {
            throw new IllegalStateException("cannot happen for 4 or 16 bytes", e);
        }
    }

    /**
     * Reads the strings of the records of one buffer (one decoding thread): a direct buffer's bytes go through one
     * scratch array rather than an array per string, and a topic equal to the previous record's is that same
     * instance (the records of a pull share their topic).
     */
    private static final class StringReader {
        private byte[] scratch = new byte[0];
        private String lastTopic;
        private byte[] lastTopicBytes = new byte[0];

        String topic(ByteBuffer buffer, int length) {
            int at = buffer.position();
            if (lastTopic != null && sameAsLastTopic(buffer, at, length)) {
                buffer.position(at + length);
                return lastTopic;
            }
            lastTopic = read(buffer, length);
            lastTopicBytes = new byte[length];
            buffer.get(at, lastTopicBytes);
            return lastTopic;
        }

        private boolean sameAsLastTopic(ByteBuffer buffer, int at, int length) {
            if (length != lastTopicBytes.length) {
                return false;
            }
            for (int i = 0; i < length; i++) {
                if (buffer.get(at + i) != lastTopicBytes[i]) {
                    return false;
                }
            }
            return true;
        }

        String read(ByteBuffer buffer, int length) {
            String value;
            if (buffer.hasArray()) {
                value = new String(buffer.array(), buffer.arrayOffset() + buffer.position(), length,
                        StandardCharsets.UTF_8);
                buffer.position(buffer.position() + length);
                return value;
            }
            if (scratch.length < length) {
                scratch = new byte[Math.max(length, 2 * scratch.length)];
            }
            buffer.get(scratch, 0, length);
            return new String(scratch, 0, length, StandardCharsets.UTF_8);
        }
    }
}

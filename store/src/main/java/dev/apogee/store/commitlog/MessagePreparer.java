package dev.apogee.store.commitlog;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.CRC32;

import dev.apogee.store.MessageToStore;
import dev.apogee.store.PutStatus;
import dev.apogee.store.record.EncodedMessage;
import dev.apogee.store.record.MessageRecordFlyweight;
import dev.apogee.store.record.PropertiesCodec;
import dev.apogee.store.record.RecordCrc;
import dev.apogee.store.record.SysFlag;

/**
 * Turns a {@link MessageToStore} into an {@link EncodedMessage} on the putting thread, before the put lock: UTF-8
 * bytes of topic and properties, body CRC, host bytes and IPv6 bits, record size, TAGS hash; and rejects what can
 * never be stored. Thread-safe (per-thread CRC, concurrent caches).
 */
public final class MessagePreparer {
    private static final int MAX_PROPERTIES_LENGTH = Short.MAX_VALUE;
    private static final int MAX_CACHED = 10_000;
    private static final byte[] NO_BYTES = new byte[0];
    private static final ThreadLocal<CRC32> CRC = ThreadLocal.withInitial(CRC32::new);

    private final int maxMessageSize;
    private final int fileSize;
    private final boolean recordCrc;
    private final ConcurrentHashMap<String, byte[]> topicBytes = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<InetAddress, byte[]> hostBytes = new ConcurrentHashMap<>();

    /** @param recordCrc whether records end with a whole-record CRC property ({@link RecordCrc}) */
    public MessagePreparer(int maxMessageSize, int fileSize, boolean recordCrc) {
        this.maxMessageSize = maxMessageSize;
        this.fileSize = fileSize;
        this.recordCrc = recordCrc;
    }

    /** Fills {@code out} from {@code m}; returns PUT_OK or the reason it can never be stored. */
    public PutStatus prepare(MessageToStore m, EncodedMessage out) {
        String topic = m.topic();
        if (topic == null || topic.isEmpty() || m.body() == null || m.queueId() < 0) {
            return PutStatus.MESSAGE_ILLEGAL;
        }
        byte[] t = topicBytes(topic);
        if (t.length > Short.MAX_VALUE) {
            return PutStatus.MESSAGE_ILLEGAL;
        }
        String props = recordCrc ? RecordCrc.withoutCrc(m.properties()) : m.properties();
        byte[] p = props.isEmpty() ? NO_BYTES : props.getBytes(StandardCharsets.UTF_8);
        int storedPropertiesLength = p.length + (recordCrc ? RecordCrc.RESERVED_LENGTH : 0);
        if (storedPropertiesLength > MAX_PROPERTIES_LENGTH) {
            return PutStatus.PROPERTIES_SIZE_EXCEEDED;
        }
        InetSocketAddress born = m.bornHost();
        InetSocketAddress store = m.storeHost();
        out.bornHost = hostBytes(born.getAddress());
        out.storeHost = hostBytes(store.getAddress());
        int sysFlag = m.sysFlag() & ~(SysFlag.BORNHOST_V6 | SysFlag.STOREHOST_V6);
        sysFlag |= out.bornHost.length == 16 ? SysFlag.BORNHOST_V6 : 0;
        sysFlag |= out.storeHost.length == 16 ? SysFlag.STOREHOST_V6 : 0;
        ByteBuffer body = m.body();
        out.v2 = t.length > 127;
        out.recordSize = MessageRecordFlyweight.recordSize(sysFlag, body.remaining(), t.length, storedPropertiesLength,
                out.v2);
        if (out.recordSize > maxMessageSize
                || out.recordSize + MessageRecordFlyweight.BLANK_HEADER_LENGTH > fileSize) {
            return PutStatus.MESSAGE_ILLEGAL;
        }
        out.topicName = topic;
        out.topic = t;
        out.queueId = m.queueId();
        out.flag = m.flag();
        out.body = body;
        out.bodyCrc = crc(body);
        out.properties = p;
        out.recordCrc = recordCrc;
        out.sysFlag = sysFlag;
        out.bornTimestamp = m.bornTimestamp();
        out.bornPort = born.getPort();
        out.storePort = store.getPort();
        out.reconsumeTimes = m.reconsumeTimes();
        out.preparedTransactionOffset = m.preparedTransactionOffset();
        out.tagsCode = PropertiesCodec.tagsCode(props);
        return PutStatus.PUT_OK;
    }

    private static int crc(ByteBuffer body) {
        CRC32 crc = CRC.get();
        crc.reset();
        crc.update(body.duplicate());
        return (int) crc.getValue() & 0x7FFFFFFF;
    }

    private byte[] topicBytes(String topic) {
        byte[] b = topicBytes.get(topic);
        if (b == null) {
            b = topic.getBytes(StandardCharsets.UTF_8);
            if (topicBytes.size() < MAX_CACHED) {
                topicBytes.put(topic, b);
            }
        }
        return b;
    }

    private byte[] hostBytes(InetAddress address) {
        if (address == null) {
            return new byte[4];
        }
        byte[] b = hostBytes.get(address);
        if (b == null) {
            b = address.getAddress();
            if (hostBytes.size() < MAX_CACHED) {
                hostBytes.put(address, b);
            }
        }
        return b;
    }
}

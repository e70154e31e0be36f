package dev.apogee.broker.transaction;

import dev.apogee.broker.message.StoredMessage;
import dev.apogee.broker.message.MessageProperties;
import dev.apogee.store.record.EncodedMessage;
import dev.apogee.store.record.MessageRecordEncoder;
import dev.apogee.store.record.MessageRecordFlyweight;
import dev.apogee.store.record.PropertiesCodec;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/**
 * The body of CHECK_TRANSACTION_STATE: the half message as one stored record, with its real topic and queue
 * restored, so the producer's check-back handler sees the message it sent (section 2.6 of the protocol reference).
 */
final class CheckRequestBody {
    private CheckRequestBody() {
    }

    static byte[] encode(StoredMessage half, InetSocketAddress storeHost) {
        EncodedMessage m = new EncodedMessage();
        String realTopic = half.properties().getOrDefault(MessageProperties.REAL_TOPIC, half.topic());
        m.topicName = realTopic;
        m.topic = realTopic.getBytes(StandardCharsets.UTF_8);
        m.v2 = m.topic.length > 127;
        m.queueId = parseQueue(half.property(MessageProperties.REAL_QID), half.queueId());
        m.flag = half.flag();
        m.body = ByteBuffer.wrap(half.body());
        CRC32 crc = new CRC32();
        crc.update(half.body());
        m.bodyCrc = (int) (crc.getValue() & 0x7FFFFFFF);
        m.properties = PropertiesCodec.encode(half.properties()).getBytes(StandardCharsets.UTF_8);
        m.sysFlag = half.sysFlag() & ~0x30;
        m.bornTimestamp = half.bornTimestamp();
        m.bornHost = ipv4OrLoopback(half.bornHost());
        m.bornPort = half.bornHost().getPort();
        m.storeHost = ipv4OrLoopback(storeHost);
        m.storePort = storeHost.getPort();
        m.reconsumeTimes = half.reconsumeTimes();
        m.recordSize = MessageRecordFlyweight.recordSize(m.sysFlag, half.body().length, m.topic.length,
                m.properties.length, m.v2);
        ByteBuffer target = ByteBuffer.allocate(m.recordSize);
        MessageRecordEncoder.encode(target, 0, m, half.queueOffset(), half.physicalOffset(), half.storeTimestamp());
        return target.array();
    }

    /** The record written here always uses 4-byte hosts (sysflag host bits cleared); IPv6 peers map to loopback. */
    private static byte[] ipv4OrLoopback(InetSocketAddress address) {
        byte[] ip = address.getAddress() == null ? null : address.getAddress().getAddress();
        return ip != null && ip.length == 4 ? ip : new byte[] {127, 0, 0, 1};
    }

    private static int parseQueue(String value, int fallback) {
        try {
            return value == null ? fallback : Integer.parseInt(value);
        } catch (NumberFormatException e) {
            return fallback;
        }
    }
}

package dev.apogee.broker.stored;

import dev.apogee.store.MessageToStore;
import dev.apogee.store.record.MessageRecordFlyweight;
import dev.apogee.store.record.SysFlag;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;

/**
 * The fields of one stored record (section 4.1) that a re-written copy keeps. The body is a read-only slice of the
 * record, not a copy: it must be stored again before the record's file can go away (the callers store at once).
 *
 * @param commitLogOffset PHYSICALOFFSET of the record
 */
public record StoredMessage(String topic, int queueId, int flag, int sysFlag, long bornTimestamp,
                            InetSocketAddress bornHost, long storeTimestamp, int reconsumeTimes, ByteBuffer body,
                            String properties, long commitLogOffset) {

    /** Decodes the record at the buffer's position. */
    public static StoredMessage decode(ByteBuffer record) {
        MessageRecordFlyweight r = new MessageRecordFlyweight().wrap(record, record.position());
        int bodyStart = r.base() + r.bodyOffset();
        ByteBuffer body = record.duplicate();
        body.limit(bodyStart + r.bodyLength()).position(bodyStart);
        return new StoredMessage(r.topic(), r.queueId(), r.flag(), r.sysFlag(), r.bornTimestamp(),
                bornHost(r), r.storeTimestamp(), r.reconsumeTimes(), body.slice(), r.properties(),
                r.physicalOffset());
    }

    private static InetSocketAddress bornHost(MessageRecordFlyweight r) {
        boolean v6 = (r.sysFlag() & SysFlag.BORNHOST_V6) != 0;
        byte[] ip = new byte[v6 ? 16 : 4];
        int at = r.base() + MessageRecordFlyweight.BORN_HOST_OFFSET;
        r.buffer().get(at, ip);
        int port = r.buffer().getInt(at + ip.length);
        try {
            return new InetSocketAddress(InetAddress.getByAddress(ip), port);
        } catch (UnknownHostException e) {
            throw new IllegalStateException("a 4 or 16 byte address is always valid", e);
        }
    }

    /**
     * A new message with this record's body, flag, sysFlag (without the host-address bits, which the store sets),
     * born time and host; topic, queue, properties and reconsume times as given.
     */
    public MessageToStore copy(String newTopic, int newQueueId, String newProperties, int newReconsumeTimes,
            InetSocketAddress storeHost) {
        return new MessageToStore()
                .topic(newTopic)
                .queueId(newQueueId)
                .flag(flag)
                .body(body.duplicate())
                .properties(newProperties)
                .sysFlag(sysFlag & ~(SysFlag.BORNHOST_V6 | SysFlag.STOREHOST_V6))
                .bornTimestamp(bornTimestamp)
                .bornHost(bornHost)
                .storeHost(storeHost)
                .reconsumeTimes(newReconsumeTimes);
    }
}

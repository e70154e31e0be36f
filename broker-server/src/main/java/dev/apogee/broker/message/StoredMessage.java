package dev.apogee.broker.message;

import dev.apogee.store.record.MessageRecordFlyweight;
import dev.apogee.store.record.PropertiesCodec;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.util.Map;

/**
 * The fields of one stored record, copied out of the (mapped) buffer so they stay valid after the buffer is gone.
 * Used where the broker re-writes stored messages (transactions, timers).
 */
public record StoredMessage(String topic, int queueId, long queueOffset, long physicalOffset, int flag, int sysFlag,
                     long bornTimestamp, InetSocketAddress bornHost, long storeTimestamp, int reconsumeTimes,
                     byte[] body, Map<String, String> properties) {

    public static StoredMessage read(ByteBuffer record) {
        MessageRecordFlyweight r = new MessageRecordFlyweight().wrap(record, record.position());
        return new StoredMessage(r.topic(), r.queueId(), r.queueOffset(), r.physicalOffset(), r.flag(), r.sysFlag(),
                r.bornTimestamp(), bornHost(record, r), r.storeTimestamp(), r.reconsumeTimes(), r.body(),
                PropertiesCodec.decode(r.properties()));
    }

    private static InetSocketAddress bornHost(ByteBuffer record, MessageRecordFlyweight r) {
        int offset = r.base() + MessageRecordFlyweight.BORN_HOST_OFFSET;
        boolean v6 = (r.sysFlag() & 0x10) != 0;
        byte[] ip = new byte[v6 ? 16 : 4];
        for (int i = 0; i < ip.length; i++) {
            ip[i] = record.get(offset + i);
        }
        int port = record.getInt(offset + ip.length);
        try {
            return new InetSocketAddress(InetAddress.getByAddress(ip), port);
        } catch (UnknownHostException e) {
            return new InetSocketAddress("127.0.0.1", 0);
        }
    }

    public String property(String name) {
        return properties.get(name);
    }
}

package dev.apogee.broker.schedule;

import dev.apogee.broker.message.StoredMessage;
import dev.apogee.store.MessageToStore;
import dev.apogee.store.record.PropertiesCodec;
import dev.apogee.store.record.SysFlag;

import java.net.InetSocketAddress;
import java.util.Map;

/**
 * A new message made from a stored one, as the retry and delay paths write them: same body, flag, sysFlag (without
 * the host-address bits, which the store sets from the hosts), born time and born host; new topic, queue,
 * properties and reconsume times, stored by this broker. Stateless.
 */
public final class RecordCopy {
    private RecordCopy() {
    }

    public static MessageToStore of(StoredMessage original, String topic, int queueId, Map<String, String> properties,
            int reconsumeTimes, InetSocketAddress storeHost) {
        return new MessageToStore()
                .topic(topic)
                .queueId(queueId)
                .flag(original.flag())
                .body(original.body())
                .properties(PropertiesCodec.encode(properties))
                .sysFlag(original.sysFlag() & ~(SysFlag.BORNHOST_V6 | SysFlag.STOREHOST_V6))
                .bornTimestamp(original.bornTimestamp())
                .bornHost(original.bornHost())
                .storeHost(storeHost)
                .reconsumeTimes(reconsumeTimes);
    }
}

package dev.apogee.broker.filter;

import dev.apogee.store.record.EncodedMessage;
import dev.apogee.store.record.MessageRecordEncoder;
import dev.apogee.store.record.MessageRecordFlyweight;
import dev.apogee.store.record.SysFlag;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** Stored records for tests, written by the store's own encoder, returned as read-only slices like the store's. */
final class StoredRecords {
    private StoredRecords() {
    }

    static ByteBuffer record(String body, String properties) {
        return record(body, properties, 0, false, false);
    }

    static ByteBuffer record(String body, String properties, int sysFlag, boolean longTopic, boolean direct) {
        EncodedMessage m = new EncodedMessage();
        m.topicName = longTopic ? "T".repeat(300) : "FilterTopic";
        m.topic = m.topicName.getBytes(StandardCharsets.UTF_8);
        m.queueId = 1;
        m.body = ByteBuffer.wrap(body.getBytes(StandardCharsets.UTF_8));
        m.properties = properties.getBytes(StandardCharsets.UTF_8);
        m.sysFlag = sysFlag;
        m.bornTimestamp = 1_700_000_000_000L;
        m.bornHost = new byte[(sysFlag & SysFlag.BORNHOST_V6) == 0 ? 4 : 16];
        m.bornPort = 1234;
        m.storeHost = new byte[(sysFlag & SysFlag.STOREHOST_V6) == 0 ? 4 : 16];
        m.storePort = 10911;
        m.v2 = m.topic.length > 127;
        m.recordSize = MessageRecordFlyweight.recordSize(sysFlag, m.body.remaining(), m.topic.length,
                m.properties.length, m.v2);
        int padding = 16;
        ByteBuffer file = direct ? ByteBuffer.allocateDirect(m.recordSize + 2 * padding)
                : ByteBuffer.allocate(m.recordSize + 2 * padding);
        MessageRecordEncoder.encode(file, padding, m, 7, 4096, 1_700_000_000_001L);
        return file.slice(padding, m.recordSize).asReadOnlyBuffer();
    }

    /** {@code name\u0001value\u0002...} from name, value pairs. */
    static String properties(String... namesAndValues) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            sb.append(namesAndValues[i]).append('\u0001').append(namesAndValues[i + 1]).append('\u0002');
        }
        return sb.toString();
    }
}

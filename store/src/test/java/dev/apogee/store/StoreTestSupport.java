package dev.apogee.store;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.apogee.store.record.MessageRecordFlyweight;
import dev.apogee.store.record.PropertiesCodec;

/** Small-file configurations and message builders shared by the store tests. */
public final class StoreTestSupport {
    public static final int CL_FILE_SIZE = 64 * 1024;
    public static final int CQ_ENTRIES = 100;
    public static final InetSocketAddress BORN = new InetSocketAddress("127.0.0.1", 50000);
    public static final InetSocketAddress STORE = new InetSocketAddress("127.0.0.1", 10911);

    private StoreTestSupport() {
    }

    public static StoreConfig.Builder smallConfig(Path dir) {
        return StoreConfig.builder(dir)
                .commitLogFileSize(CL_FILE_SIZE)
                .consumeQueueEntriesPerFile(CQ_ENTRIES)
                .maxMessageSize(16 * 1024)
                .flushIntervalMs(50)
                .flushThoroughIntervalMs(200)
                .flushConsumeQueueIntervalMs(100)
                .cleanIntervalMs(60_000)
                .maxHashSlotNum(64)
                .maxIndexNum(400)
                .warmMappedFiles(false)
                .clock(Clock.systemUTC())
                .diskUsageProbe(p -> 0.1);
    }

    public static MessageStore openStarted(StoreConfig config) throws Exception {
        MessageStore store = MessageStore.open(config);
        store.start();
        return store;
    }

    public static MessageToStore message(String topic, int queueId, String body, Map<String, String> props) {
        return new MessageToStore(topic, queueId, body.getBytes(StandardCharsets.UTF_8))
                .properties(PropertiesCodec.encode(props))
                .bornTimestamp(1_700_000_000_000L)
                .bornHost(BORN)
                .storeHost(STORE);
    }

    public static MessageToStore message(String topic, int queueId, String body) {
        return message(topic, queueId, body, Map.of());
    }

    public static MessageToStore tagged(String topic, int queueId, String body, String tag, String keys,
                                        String uniqKey) {
        Map<String, String> props = new LinkedHashMap<>();
        if (tag != null) {
            props.put("TAGS", tag);
        }
        if (keys != null) {
            props.put("KEYS", keys);
        }
        if (uniqKey != null) {
            props.put("UNIQ_KEY", uniqKey);
        }
        return message(topic, queueId, body, props);
    }

    public static PutResult put(MessageStore store, MessageToStore m) throws Exception {
        return store.putMessage(m).get(10, TimeUnit.SECONDS);
    }

    public static String body(ByteBuffer record) {
        return new String(new MessageRecordFlyweight().wrap(record, 0).body(), StandardCharsets.UTF_8);
    }

    public static MessageRecordFlyweight view(ByteBuffer record) {
        return new MessageRecordFlyweight().wrap(record, 0);
    }

    /** Waits until everything appended is in the consume queues. */
    public static void awaitDispatched(MessageStore store) {
        org.awaitility.Awaitility.await().atMost(10, TimeUnit.SECONDS)
                .until(() -> store.getDispatchedPhyOffset() >= store.getMaxPhyOffset());
    }

    public static String repeat(char c, int n) {
        return String.valueOf(c).repeat(n);
    }
}

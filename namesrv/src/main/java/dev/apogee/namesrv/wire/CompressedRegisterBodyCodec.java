package dev.apogee.namesrv.wire;

import dev.apogee.remoting.protocol.body.DataVersion;
import dev.apogee.remoting.protocol.body.TopicConfig;
import dev.apogee.remoting.protocol.body.TopicConfigSerializeWrapper;
import dev.apogee.remoting.protocol.body.TopicFilterType;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.InflaterInputStream;

/**
 * The compressed RegisterBrokerBody ({@code compressedRegister=true} brokers, header {@code compressed=true}): a zlib
 * stream of {@code int32 len + DataVersion JSON}, {@code int32 topicCount}, then per topic {@code int32 len +
 * "name readQ writeQ perm filterType [attributesJson]"}; the filter-server list and static-topic mappings that follow
 * are not needed and not read. This form carries no {@code topicSysFlag} or {@code order}, so they read as defaults.
 * The remoting body types only support the JSON form, hence this decoder here.
 */
public final class CompressedRegisterBodyCodec {
    /** Upper bound for one length field, so a corrupt stream cannot make us allocate gigabytes. */
    private static final int MAX_ITEM = 16 * 1024 * 1024;

    private CompressedRegisterBodyCodec() {
    }

    public static TopicConfigSerializeWrapper decode(byte[] body) {
        try (DataInputStream in = new DataInputStream(new InflaterInputStream(new ByteArrayInputStream(body)))) {
            DataVersion dataVersion = DataVersion.decode(readItem(in));
            int count = in.readInt();
            if (count < 0) {
                throw new IOException("negative topic count " + count);
            }
            Map<String, TopicConfig> topics = new LinkedHashMap<>();
            for (int i = 0; i < count; i++) {
                TopicConfig config = parseTopicConfig(new String(readItem(in), StandardCharsets.UTF_8));
                topics.put(config.getTopicName(), config);
            }
            TopicConfigSerializeWrapper wrapper = new TopicConfigSerializeWrapper();
            wrapper.setDataVersion(dataVersion);
            wrapper.setTopicConfigTable(topics);
            return wrapper;
        } catch (IOException | RuntimeException e) {
            throw Bodies.malformed("compressed RegisterBrokerBody", e);
        }
    }

    private static byte[] readItem(DataInputStream in) throws IOException {
        int length = in.readInt();
        if (length < 0 || length > MAX_ITEM) {
            throw new IOException("bad item length " + length);
        }
        byte[] bytes = new byte[length];
        in.readFully(bytes);
        return bytes;
    }

    /** {@code TopicConfig.encode()}: space-separated name, read queues, write queues, perm, filter type, attributes. */
    static TopicConfig parseTopicConfig(String text) {
        String[] parts = text.split(" ", 6);
        if (parts.length < 5) {
            throw new IllegalArgumentException("topic config '" + text + "' has fewer than 5 fields");
        }
        TopicConfig config = new TopicConfig(parts[0], Integer.parseInt(parts[1]), Integer.parseInt(parts[2]),
                Integer.parseInt(parts[3]));
        boolean multiTag = TopicFilterType.MULTI_TAG.name().equals(parts[4]);
        config.setTopicFilterType(multiTag ? TopicFilterType.MULTI_TAG : TopicFilterType.SINGLE_TAG);
        return config;
    }
}

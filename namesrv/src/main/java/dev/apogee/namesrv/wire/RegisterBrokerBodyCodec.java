package dev.apogee.namesrv.wire;

import dev.apogee.namesrv.route.DataVersion;
import dev.apogee.namesrv.route.TopicConfig;
import dev.apogee.remoting.json.JsonException;
import dev.apogee.remoting.json.JsonReader;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Decodes the JSON RegisterBrokerBody ({@code {"filterServerList":[],"topicConfigSerializeWrapper":{...}}}) and the
 * bare TopicConfigSerializeWrapper sent by brokers older than protocol version 37. Static-topic members and filter
 * servers are skipped.
 */
public final class RegisterBrokerBodyCodec {
    private RegisterBrokerBodyCodec() {
    }

    /**
     * @param body         the request body; {@code null} or empty means no topics
     * @param defaultNow   DataVersion timestamp to use when the body carries none (the official name server uses "now")
     */
    public static RegisterBrokerBody decode(byte[] body, long defaultNow) {
        if (body == null || body.length == 0) {
            return new RegisterBrokerBody(new DataVersion(defaultNow, 0, 0), Map.of());
        }
        try {
            JsonReader reader = new JsonReader(body);
            RegisterBrokerBody result = null;
            Builder wrapper = new Builder(defaultNow);
            reader.beginObject();
            while (reader.hasNext()) {
                String name = reader.nextName();
                if ("topicConfigSerializeWrapper".equals(name) && !reader.skipIfNull()) {
                    result = readWrapper(reader, new Builder(defaultNow));
                } else {
                    wrapper.member(name, reader); // bare wrapper (old brokers) or an ignored member
                }
            }
            reader.endObject();
            return result != null ? result : wrapper.build();
        } catch (JsonException | NumberFormatException e) {
            throw BodyException.malformed("RegisterBrokerBody", e);
        }
    }

    private static RegisterBrokerBody readWrapper(JsonReader reader, Builder builder) {
        reader.beginObject();
        while (reader.hasNext()) {
            builder.member(reader.nextName(), reader);
        }
        reader.endObject();
        return builder.build();
    }

    /** Accumulates the members of a TopicConfigSerializeWrapper. */
    private static final class Builder {
        private DataVersion dataVersion;
        private final Map<String, TopicConfig> topics = new LinkedHashMap<>();

        Builder(long defaultNow) {
            this.dataVersion = new DataVersion(defaultNow, 0, 0);
        }

        void member(String name, JsonReader reader) {
            if ("dataVersion".equals(name) && !reader.skipIfNull()) {
                dataVersion = SmallBodyCodec.readDataVersion(reader);
            } else if ("topicConfigTable".equals(name) && !reader.skipIfNull()) {
                reader.beginObject();
                while (reader.hasNext()) {
                    String topic = reader.nextName();
                    if (!reader.skipIfNull()) {
                        topics.put(topic, readTopicConfig(reader, topic));
                    }
                }
                reader.endObject();
            } else {
                reader.skipValue();
            }
        }

        RegisterBrokerBody build() {
            return new RegisterBrokerBody(dataVersion, topics);
        }
    }

    static TopicConfig readTopicConfig(JsonReader reader, String key) {
        String topicName = null;
        int read = 0;
        int write = 0;
        int perm = 6;
        int sysFlag = 0;
        reader.beginObject();
        while (reader.hasNext()) {
            switch (reader.nextName()) {
                case "topicName" -> topicName = reader.nextString();
                case "readQueueNums" -> read = reader.nextInt();
                case "writeQueueNums" -> write = reader.nextInt();
                case "perm" -> perm = reader.nextInt();
                case "topicSysFlag" -> sysFlag = reader.nextInt();
                default -> reader.skipValue();
            }
        }
        reader.endObject();
        return new TopicConfig(topicName != null ? topicName : key, read, write, perm, sysFlag);
    }
}

package dev.apogee.namesrv.wire;

import dev.apogee.namesrv.route.BrokerData;
import dev.apogee.namesrv.route.ClusterView;
import dev.apogee.namesrv.route.DataVersion;
import dev.apogee.remoting.json.JsonException;
import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;

import java.util.Collection;
import java.util.Map;
import java.util.Set;

/** ClusterInfo, TopicList, KVTable and DataVersion bodies, fastjson-default dialect (section 3.4). */
public final class SmallBodyCodec {
    private SmallBodyCodec() {
    }

    /** {@code {"brokerAddrTable":{name:BrokerData},"clusterAddrTable":{cluster:[names]}}}, unquoted broker ids. */
    public static byte[] clusterInfo(ClusterView view) {
        JsonWriter writer = new JsonWriter(512);
        writer.beginObject();
        writer.name("brokerAddrTable").beginObject();
        for (Map.Entry<String, BrokerData> entry : view.brokers().entrySet()) {
            writer.name(entry.getKey());
            TopicRouteCodec.writeBrokerData(writer, entry.getValue(), false);
        }
        writer.endObject();
        writer.name("clusterAddrTable").beginObject();
        for (Map.Entry<String, Set<String>> entry : view.clusters().entrySet()) {
            writer.stringArrayMember(entry.getKey(), entry.getValue());
        }
        writer.endObject();
        writer.endObject();
        return writer.toUtf8Bytes();
    }

    /** {@code {"brokerAddr":"...","topicList":[...]}}; {@code brokerAddr} omitted when null. */
    public static byte[] topicList(Collection<String> topics, String brokerAddr) {
        JsonWriter writer = new JsonWriter(256);
        writer.beginObject();
        if (brokerAddr != null) {
            writer.member("brokerAddr", brokerAddr);
        }
        writer.stringArrayMember("topicList", topics);
        writer.endObject();
        return writer.toUtf8Bytes();
    }

    /** {@code {"table":{"k":"v"}}}. */
    public static byte[] kvTable(Map<String, String> table) {
        JsonWriter writer = new JsonWriter(128);
        writer.beginObject().stringMapMember("table", table).endObject();
        return writer.toUtf8Bytes();
    }

    /** {@code {"counter":7,"stateVersion":0,"timestamp":1796021283718}}. */
    public static byte[] dataVersion(DataVersion version) {
        JsonWriter writer = new JsonWriter(96);
        writeDataVersion(writer, version);
        return writer.toUtf8Bytes();
    }

    static void writeDataVersion(JsonWriter writer, DataVersion version) {
        writer.beginObject()
                .member("counter", version.counter())
                .member("stateVersion", version.stateVersion())
                .member("timestamp", version.timestamp())
                .endObject();
    }

    public static DataVersion decodeDataVersion(byte[] body) {
        try {
            return readDataVersion(new JsonReader(body));
        } catch (JsonException e) {
            throw BodyException.malformed("DataVersion", e);
        }
    }

    /** Reads a DataVersion object; missing members are 0 (fastjson field defaults). */
    static DataVersion readDataVersion(JsonReader reader) {
        long timestamp = 0;
        long counter = 0;
        long stateVersion = 0;
        reader.beginObject();
        while (reader.hasNext()) {
            switch (reader.nextName()) {
                case "timestamp" -> timestamp = reader.nextLong();
                case "counter" -> counter = reader.nextLong();
                case "stateVersion" -> stateVersion = reader.nextLong();
                default -> reader.skipValue();
            }
        }
        reader.endObject();
        return new DataVersion(timestamp, counter, stateVersion);
    }
}

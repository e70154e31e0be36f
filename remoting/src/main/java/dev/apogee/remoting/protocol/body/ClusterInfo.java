package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * GET_BROKER_CLUSTER_INFO (106) body: broker name to {@link BrokerData}, cluster name to broker names.
 * Always fastjson's default dialect (unquoted broker ids), which is what every official peer expects.
 */
public final class ClusterInfo implements JsonBody {
    private Map<String, BrokerData> brokerAddrTable = new HashMap<>();
    private Map<String, Set<String>> clusterAddrTable = new HashMap<>();

    @Override
    public void writeTo(JsonWriter writer) {
        writer.beginObject();
        BodyCodec.writeMap(writer, "brokerAddrTable", brokerAddrTable);
        if (clusterAddrTable != null) {
            writer.name("clusterAddrTable").beginObject();
            for (Map.Entry<String, Set<String>> entry : clusterAddrTable.entrySet()) {
                writer.stringArrayMember(entry.getKey(), entry.getValue());
            }
            writer.endObject();
        }
        writer.endObject();
    }

    /** Reads cluster info, or returns null for JSON null. */
    public static ClusterInfo readFrom(JsonReader reader) {
        if (reader.skipIfNull()) {
            return null;
        }
        ClusterInfo info = new ClusterInfo();
        reader.beginObject();
        while (reader.hasNext()) {
            switch (reader.nextName()) {
                case "brokerAddrTable":
                    info.brokerAddrTable = BodyCodec.readMap(reader, BrokerData::readFrom, info.brokerAddrTable);
                    break;
                case "clusterAddrTable":
                    info.clusterAddrTable = BodyCodec.readMap(reader,
                        r -> BodyCodec.readStringSet(r, null), info.clusterAddrTable);
                    break;
                default: reader.skipValue();
            }
        }
        reader.endObject();
        return info;
    }

    public static ClusterInfo decode(byte[] body) {
        return JsonBody.decode(body, ClusterInfo::readFrom);
    }

    public Map<String, BrokerData> getBrokerAddrTable() {
        return brokerAddrTable;
    }

    public void setBrokerAddrTable(Map<String, BrokerData> brokerAddrTable) {
        this.brokerAddrTable = brokerAddrTable;
    }

    public Map<String, Set<String>> getClusterAddrTable() {
        return clusterAddrTable;
    }

    public void setClusterAddrTable(Map<String, Set<String>> clusterAddrTable) {
        this.clusterAddrTable = clusterAddrTable;
    }
}

package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.random.RandomGenerator;

/**
 * The addresses of one broker name: {@code brokerAddrs} maps broker id to {@code ip:port}, id
 * {@value #MASTER_ID} being the master. fastjson writes the ids unquoted ({@code {0:"127.0.0.1:10911"}});
 * {@link #writeTo(JsonWriter, boolean)} can quote them for standard JSON.
 */
public final class BrokerData implements JsonBody, Comparable<BrokerData> {
    public static final long MASTER_ID = 0L;

    private String cluster;
    private String brokerName;
    private Map<Long, String> brokerAddrs = new HashMap<>();
    private boolean enableActingMaster;
    private String zoneName;

    public BrokerData() {
    }

    public BrokerData(String cluster, String brokerName, Map<Long, String> brokerAddrs) {
        this.cluster = cluster;
        this.brokerName = brokerName;
        this.brokerAddrs = brokerAddrs;
    }

    /** A copy with its own address map, for handing out a snapshot of a shared route table. */
    public BrokerData copy() {
        BrokerData copy = new BrokerData(cluster, brokerName, brokerAddrs == null ? null : new HashMap<>(brokerAddrs));
        copy.enableActingMaster = enableActingMaster;
        copy.zoneName = zoneName;
        return copy;
    }

    /** The master's address, or null when the broker name has no master registered. */
    public String masterAddr() {
        return brokerAddrs == null ? null : brokerAddrs.get(MASTER_ID);
    }

    /** The master's address, else a random slave's (as the official client does); null when none. */
    public String selectBrokerAddr() {
        return selectBrokerAddr(ThreadLocalRandom.current());
    }

    public String selectBrokerAddr(RandomGenerator random) {
        String master = masterAddr();
        if (master != null || brokerAddrs == null || brokerAddrs.isEmpty()) {
            return master;
        }
        List<String> addrs = new ArrayList<>(brokerAddrs.values());
        return addrs.get(random.nextInt(addrs.size()));
    }

    /** fastjson's default shape: numeric ids unquoted. */
    @Override
    public void writeTo(JsonWriter writer) {
        writeTo(writer, false);
    }

    /** With {@code standardJson} the ids are quoted and sorted, as fastjson's MapSortField output. */
    public void writeTo(JsonWriter writer, boolean standardJson) {
        writer.beginObject();
        if (brokerAddrs != null) {
            writer.name("brokerAddrs").beginObject();
            Map<Long, String> addrs = standardJson ? new TreeMap<>(brokerAddrs) : brokerAddrs;
            for (Map.Entry<Long, String> entry : addrs.entrySet()) {
                if (entry.getKey() != null && entry.getValue() != null) {
                    if (standardJson) {
                        writer.nameQuoted(entry.getKey());
                    } else {
                        writer.name(entry.getKey());
                    }
                    writer.value(entry.getValue());
                }
            }
            writer.endObject();
        }
        writer.member("brokerName", brokerName)
            .member("cluster", cluster)
            .member("enableActingMaster", enableActingMaster)
            .member("zoneName", zoneName)
            .endObject();
    }

    /** Reads broker data (ids quoted or not), or returns null for JSON null. */
    public static BrokerData readFrom(JsonReader reader) {
        if (reader.skipIfNull()) {
            return null;
        }
        BrokerData data = new BrokerData();
        reader.beginObject();
        while (reader.hasNext()) {
            switch (reader.nextName()) {
                case "cluster": data.cluster = reader.nextString(); break;
                case "brokerName": data.brokerName = reader.nextString(); break;
                case "brokerAddrs":
                    if (!reader.skipIfNull()) {
                        data.brokerAddrs = readAddrs(reader);
                    }
                    break;
                case "enableActingMaster": data.enableActingMaster = reader.nextBoolean(); break;
                case "zoneName": data.zoneName = reader.nextString(); break;
                default: reader.skipValue();
            }
        }
        reader.endObject();
        return data;
    }

    private static Map<Long, String> readAddrs(JsonReader reader) {
        Map<Long, String> addrs = new HashMap<>();
        reader.beginObject();
        while (reader.hasNext()) {
            long id = reader.nextNameAsLong();
            String addr = reader.nextString();
            if (addr != null) {
                addrs.put(id, addr);
            }
        }
        reader.endObject();
        return addrs;
    }

    public String getCluster() {
        return cluster;
    }

    public void setCluster(String cluster) {
        this.cluster = cluster;
    }

    public String getBrokerName() {
        return brokerName;
    }

    public void setBrokerName(String brokerName) {
        this.brokerName = brokerName;
    }

    public Map<Long, String> getBrokerAddrs() {
        return brokerAddrs;
    }

    public void setBrokerAddrs(Map<Long, String> brokerAddrs) {
        this.brokerAddrs = brokerAddrs;
    }

    public boolean isEnableActingMaster() {
        return enableActingMaster;
    }

    public void setEnableActingMaster(boolean enableActingMaster) {
        this.enableActingMaster = enableActingMaster;
    }

    public String getZoneName() {
        return zoneName;
    }

    public void setZoneName(String zoneName) {
        this.zoneName = zoneName;
    }

    @Override
    public int compareTo(BrokerData other) {
        return Objects.compare(brokerName, other.brokerName, java.util.Comparator.nullsFirst(String::compareTo));
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof BrokerData)) {
            return false;
        }
        BrokerData other = (BrokerData) o;
        return enableActingMaster == other.enableActingMaster && Objects.equals(cluster, other.cluster)
            && Objects.equals(brokerName, other.brokerName) && Objects.equals(brokerAddrs, other.brokerAddrs)
            && Objects.equals(zoneName, other.zoneName);
    }

    @Override
    public int hashCode() {
        return Objects.hash(cluster, brokerName, brokerAddrs, enableActingMaster, zoneName);
    }

    @Override
    public String toString() {
        return "BrokerData[cluster=" + cluster + ", brokerName=" + brokerName + ", brokerAddrs=" + brokerAddrs
            + ", enableActingMaster=" + enableActingMaster + ", zoneName=" + zoneName + ']';
    }
}

package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * GET_ROUTEINFO_BY_TOPIC (105) body: which brokers serve a topic and with how many queues.
 *
 * <p>The official namesrv answers clients whose request version is at least 401 (or that set
 * {@code acceptStandardJsonOnly}) with standard JSON — fastjson's BrowserCompatible + MapSortField output:
 * quoted, sorted broker ids and non-ASCII escaped — and everyone else with fastjson's default dialect;
 * {@link #toJson(boolean)} / {@link #encode(boolean)} choose. {@code topicQueueMappingByBroker} (static
 * topics) is not supported: never written, skipped when read. {@code queueDatas} and {@code brokerDatas}
 * are never null after decoding, because clients iterate them.
 */
public final class TopicRouteData implements JsonBody {
    private String orderTopicConf;
    private List<QueueData> queueDatas = new ArrayList<>();
    private List<BrokerData> brokerDatas = new ArrayList<>();
    private Map<String, List<String>> filterServerTable = new HashMap<>();

    @Override
    public void writeTo(JsonWriter writer) {
        writeTo(writer, false);
    }

    public void writeTo(JsonWriter writer, boolean standardJson) {
        writer.beginObject();
        if (brokerDatas != null) {
            writer.name("brokerDatas").beginArray();
            for (BrokerData brokerData : brokerDatas) {
                if (brokerData != null) {
                    brokerData.writeTo(writer, standardJson);
                }
            }
            writer.endArray();
        }
        if (filterServerTable != null) {
            writer.name("filterServerTable").beginObject();
            Map<String, List<String>> table = standardJson ? new TreeMap<>(filterServerTable) : filterServerTable;
            for (Map.Entry<String, List<String>> entry : table.entrySet()) {
                writer.stringArrayMember(entry.getKey(), entry.getValue());
            }
            writer.endObject();
        }
        writer.member("orderTopicConf", orderTopicConf);
        BodyCodec.writeArray(writer, "queueDatas", queueDatas);
        writer.endObject();
    }

    public String toJson(boolean standardJson) {
        JsonWriter writer = new JsonWriter().setBrowserCompatible(standardJson);
        writeTo(writer, standardJson);
        return writer.toString();
    }

    public byte[] encode(boolean standardJson) {
        JsonWriter writer = new JsonWriter().setBrowserCompatible(standardJson);
        writeTo(writer, standardJson);
        return writer.toUtf8Bytes();
    }

    /** Reads route data, or returns null for JSON null. */
    public static TopicRouteData readFrom(JsonReader reader) {
        if (reader.skipIfNull()) {
            return null;
        }
        TopicRouteData route = new TopicRouteData();
        reader.beginObject();
        while (reader.hasNext()) {
            switch (reader.nextName()) {
                case "orderTopicConf": route.orderTopicConf = reader.nextString(); break;
                case "queueDatas":
                    route.queueDatas = BodyCodec.readList(reader, QueueData::readFrom, route.queueDatas);
                    break;
                case "brokerDatas":
                    route.brokerDatas = BodyCodec.readList(reader, BrokerData::readFrom, route.brokerDatas);
                    break;
                case "filterServerTable":
                    route.filterServerTable = BodyCodec.readMap(reader,
                        r -> BodyCodec.readStringList(r, null), route.filterServerTable);
                    break;
                default: reader.skipValue();
            }
        }
        reader.endObject();
        return route;
    }

    public static TopicRouteData decode(byte[] body) {
        return JsonBody.decode(body, TopicRouteData::readFrom);
    }

    /** A deep copy, for handing a snapshot of a shared route table to a request thread. */
    public TopicRouteData copy() {
        TopicRouteData copy = new TopicRouteData();
        copy.orderTopicConf = orderTopicConf;
        if (queueDatas != null) {
            queueDatas.forEach(q -> copy.queueDatas.add(q.copy()));
        }
        if (brokerDatas != null) {
            brokerDatas.forEach(b -> copy.brokerDatas.add(b.copy()));
        }
        if (filterServerTable != null) {
            filterServerTable.forEach((k, v) -> copy.filterServerTable.put(k, v == null ? null : new ArrayList<>(v)));
        }
        return copy;
    }

    public String getOrderTopicConf() {
        return orderTopicConf;
    }

    public void setOrderTopicConf(String orderTopicConf) {
        this.orderTopicConf = orderTopicConf;
    }

    public List<QueueData> getQueueDatas() {
        return queueDatas;
    }

    public void setQueueDatas(List<QueueData> queueDatas) {
        this.queueDatas = queueDatas;
    }

    public List<BrokerData> getBrokerDatas() {
        return brokerDatas;
    }

    public void setBrokerDatas(List<BrokerData> brokerDatas) {
        this.brokerDatas = brokerDatas;
    }

    public Map<String, List<String>> getFilterServerTable() {
        return filterServerTable;
    }

    public void setFilterServerTable(Map<String, List<String>> filterServerTable) {
        this.filterServerTable = filterServerTable;
    }
}

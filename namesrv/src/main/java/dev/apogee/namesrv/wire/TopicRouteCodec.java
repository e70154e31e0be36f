package dev.apogee.namesrv.wire;

import dev.apogee.namesrv.route.BrokerData;
import dev.apogee.namesrv.route.QueueData;
import dev.apogee.namesrv.route.TopicRoute;
import dev.apogee.remoting.json.JsonException;
import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * TopicRouteData: {@code {"brokerDatas":[...],"filterServerTable":{},"orderTopicConf":"...","queueDatas":[...]}}.
 * fastjson-default writes broker ids as unquoted names ({@code {0:"addr"}}); the standard form quotes them and
 * escapes like fastjson's BrowserCompatible.
 */
public final class TopicRouteCodec {
    private TopicRouteCodec() {
    }

    public static byte[] encode(TopicRoute route, boolean standardJson) {
        JsonWriter writer = new JsonWriter(512).setBrowserCompatible(standardJson);
        writer.beginObject();
        writer.name("brokerDatas").beginArray();
        for (BrokerData brokerData : route.brokerDatas()) {
            writeBrokerData(writer, brokerData, standardJson);
        }
        writer.endArray();
        writer.name("filterServerTable").beginObject().endObject();
        if (route.orderTopicConf() != null) {
            writer.member("orderTopicConf", route.orderTopicConf());
        }
        writer.name("queueDatas").beginArray();
        for (QueueData queueData : route.queueDatas()) {
            writer.beginObject()
                    .member("brokerName", queueData.brokerName())
                    .member("perm", queueData.perm())
                    .member("readQueueNums", queueData.readQueueNums())
                    .member("topicSysFlag", queueData.topicSysFlag())
                    .member("writeQueueNums", queueData.writeQueueNums())
                    .endObject();
        }
        writer.endArray();
        writer.endObject();
        return writer.toUtf8Bytes();
    }

    /** One BrokerData object, members in fastjson's (alphabetical) order. */
    static void writeBrokerData(JsonWriter writer, BrokerData brokerData, boolean standardJson) {
        writer.beginObject();
        writer.name("brokerAddrs").beginObject();
        for (Map.Entry<Long, String> addr : brokerData.brokerAddrs().entrySet()) {
            if (standardJson) {
                writer.nameQuoted(addr.getKey());
            } else {
                writer.name(addr.getKey());
            }
            writer.value(addr.getValue());
        }
        writer.endObject();
        writer.member("brokerName", brokerData.brokerName())
                .member("cluster", brokerData.cluster())
                .member("enableActingMaster", brokerData.enableActingMaster());
        if (brokerData.zoneName() != null) {
            writer.member("zoneName", brokerData.zoneName());
        }
        writer.endObject();
    }

    /** The {@code queueDatas} of a TopicRouteData body (REGISTER_TOPIC_IN_NAMESRV); other members are ignored. */
    public static List<QueueData> decodeQueueDatas(byte[] body) {
        List<QueueData> queueDatas = new ArrayList<>();
        if (body == null || body.length == 0) {
            return queueDatas;
        }
        try {
            JsonReader reader = new JsonReader(body);
            reader.beginObject();
            while (reader.hasNext()) {
                if ("queueDatas".equals(reader.nextName()) && !reader.skipIfNull()) {
                    reader.readArray(queueDatas, TopicRouteCodec::readQueueData);
                } else {
                    reader.skipValue();
                }
            }
            reader.endObject();
            return queueDatas;
        } catch (JsonException e) {
            throw BodyException.malformed("TopicRouteData", e);
        }
    }

    private static QueueData readQueueData(JsonReader reader) {
        String brokerName = null;
        int read = 0;
        int write = 0;
        int perm = 0;
        int sysFlag = 0;
        reader.beginObject();
        while (reader.hasNext()) {
            switch (reader.nextName()) {
                case "brokerName" -> brokerName = reader.nextString();
                case "readQueueNums" -> read = reader.nextInt();
                case "writeQueueNums" -> write = reader.nextInt();
                case "perm" -> perm = reader.nextInt();
                case "topicSysFlag" -> sysFlag = reader.nextInt();
                default -> reader.skipValue();
            }
        }
        reader.endObject();
        return new QueueData(brokerName, read, write, perm, sysFlag);
    }
}

package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * GET_TOPIC_STATS_INFO (202) answer: per-queue offsets of a topic, keyed by {@link MessageQueue} in
 * fastjson's object-key shape {@code {{"brokerName":"b","queueId":3,"topic":"T"}:{...}}}.
 */
public final class TopicStatsTable implements JsonBody {
    private Map<MessageQueue, TopicOffset> offsetTable = new LinkedHashMap<>();
    private double topicPutTps;

    @Override
    public void writeTo(JsonWriter writer) {
        writer.beginObject();
        BodyCodec.writeQueueMap(writer, "offsetTable", offsetTable);
        writer.member("topicPutTps", topicPutTps).endObject();
    }

    /** Reads a stats table, or returns null for JSON null. */
    public static TopicStatsTable readFrom(JsonReader reader) {
        if (reader.skipIfNull()) {
            return null;
        }
        TopicStatsTable table = new TopicStatsTable();
        reader.beginObject();
        while (reader.hasNext()) {
            switch (reader.nextName()) {
                case "offsetTable":
                    table.offsetTable = BodyCodec.readQueueMap(reader, TopicOffset::readFrom, table.offsetTable);
                    break;
                case "topicPutTps": table.topicPutTps = reader.nextDouble(); break;
                default: reader.skipValue();
            }
        }
        reader.endObject();
        return table;
    }

    public static TopicStatsTable decode(byte[] body) {
        return JsonBody.decode(body, TopicStatsTable::readFrom);
    }

    public Map<MessageQueue, TopicOffset> getOffsetTable() {
        return offsetTable;
    }

    public void setOffsetTable(Map<MessageQueue, TopicOffset> offsetTable) {
        this.offsetTable = offsetTable;
    }

    public double getTopicPutTps() {
        return topicPutTps;
    }

    public void setTopicPutTps(double topicPutTps) {
        this.topicPutTps = topicPutTps;
    }
}

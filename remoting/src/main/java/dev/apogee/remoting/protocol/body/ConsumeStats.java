package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * GET_CONSUME_STATS (208) answer: a group's progress per queue (mqadmin consumerProgress), keyed by
 * {@link MessageQueue} in fastjson's object-key shape.
 */
public final class ConsumeStats implements JsonBody {
    private Map<MessageQueue, OffsetWrapper> offsetTable = new LinkedHashMap<>();
    private double consumeTps;

    @Override
    public void writeTo(JsonWriter writer) {
        writer.beginObject().member("consumeTps", consumeTps);
        BodyCodec.writeQueueMap(writer, "offsetTable", offsetTable);
        writer.endObject();
    }

    /** Reads consume stats, or returns null for JSON null. */
    public static ConsumeStats readFrom(JsonReader reader) {
        if (reader.skipIfNull()) {
            return null;
        }
        ConsumeStats stats = new ConsumeStats();
        reader.beginObject();
        while (reader.hasNext()) {
            switch (reader.nextName()) {
                case "offsetTable":
                    stats.offsetTable = BodyCodec.readQueueMap(reader, OffsetWrapper::readFrom, stats.offsetTable);
                    break;
                case "consumeTps": stats.consumeTps = reader.nextDouble(); break;
                default: reader.skipValue();
            }
        }
        reader.endObject();
        return stats;
    }

    public static ConsumeStats decode(byte[] body) {
        return JsonBody.decode(body, ConsumeStats::readFrom);
    }

    /** Messages not yet consumed: sum over queues of broker offset minus consumer offset (mqadmin's "Diff"). */
    public long computeTotalDiff() {
        long diff = 0;
        for (OffsetWrapper offsets : offsetTable.values()) {
            diff += offsets.getBrokerOffset() - offsets.getConsumerOffset();
        }
        return diff;
    }

    /** Messages handed out and not yet acknowledged: sum over queues of pull offset minus consumer offset. */
    public long computeInflightTotalDiff() {
        long diff = 0;
        for (OffsetWrapper offsets : offsetTable.values()) {
            diff += offsets.getPullOffset() - offsets.getConsumerOffset();
        }
        return diff;
    }

    public Map<MessageQueue, OffsetWrapper> getOffsetTable() {
        return offsetTable;
    }

    public void setOffsetTable(Map<MessageQueue, OffsetWrapper> offsetTable) {
        this.offsetTable = offsetTable;
    }

    public double getConsumeTps() {
        return consumeTps;
    }

    public void setConsumeTps(double consumeTps) {
        this.consumeTps = consumeTps;
    }
}

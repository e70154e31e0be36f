package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonWriter;
import java.util.Map;
import java.util.TreeMap;

/**
 * INVOKE_BROKER_TO_RESET_OFFSET (222) answer and RESET_CONSUMER_CLIENT_OFFSET (220) body: the new offset of each
 * queue, {@code {"offsetTable":{{"brokerName":"b","queueId":0,"topic":"T"}:5}}} (fastjson's object keys).
 */
public final class ResetOffsetBody implements JsonBody {
    private final Map<MessageQueue, Long> offsetTable = new TreeMap<>();

    @Override
    public void writeTo(JsonWriter writer) {
        writer.beginObject().name("offsetTable").beginObject();
        for (Map.Entry<MessageQueue, Long> entry : offsetTable.entrySet()) {
            entry.getKey().writeAsKey(writer);
            writer.value(entry.getValue());
        }
        writer.endObject().endObject();
    }

    /** Queue → new offset, ordered by queue; filled by the broker before encoding. */
    public Map<MessageQueue, Long> getOffsetTable() {
        return offsetTable;
    }
}

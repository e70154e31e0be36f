package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * GET_BROKER_CONSUME_STATS (317) answer (mqadmin brokerConsumeStats): for every subscription group of the broker,
 * its {@link ConsumeStats} per topic, as {@code "consumeStatsList":[{"group":[stats, ...]}, ...]}, plus the backlog
 * of all of them ({@code totalDiff}) and the messages in flight ({@code totalInflightDiff}).
 */
public final class ConsumeStatsList implements JsonBody {
    /** One single-entry map per group, as the official body has it. */
    private final List<Map<String, List<ConsumeStats>>> consumeStatsList = new ArrayList<>();
    private final String brokerAddr;
    private long totalDiff;
    private long totalInflightDiff;

    public ConsumeStatsList(String brokerAddr) {
        this.brokerAddr = brokerAddr;
    }

    /** Adds one group's stats and counts their backlog and in-flight messages into the totals. */
    public void add(String group, List<ConsumeStats> statsPerTopic) {
        consumeStatsList.add(Map.of(group, statsPerTopic));
        for (ConsumeStats stats : statsPerTopic) {
            totalDiff += stats.computeTotalDiff();
            totalInflightDiff += stats.computeInflightTotalDiff();
        }
    }

    @Override
    public void writeTo(JsonWriter writer) {
        writer.beginObject().member("brokerAddr", brokerAddr).name("consumeStatsList").beginArray();
        for (Map<String, List<ConsumeStats>> group : consumeStatsList) {
            writer.beginObject();
            for (Map.Entry<String, List<ConsumeStats>> entry : group.entrySet()) {
                BodyCodec.writeArray(writer, entry.getKey(), entry.getValue());
            }
            writer.endObject();
        }
        writer.endArray().member("totalDiff", totalDiff).member("totalInflightDiff", totalInflightDiff).endObject();
    }

    public long getTotalDiff() {
        return totalDiff;
    }

    public long getTotalInflightDiff() {
        return totalInflightDiff;
    }
}

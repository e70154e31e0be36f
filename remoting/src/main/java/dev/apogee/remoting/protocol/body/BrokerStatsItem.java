package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonWriter;

/**
 * One window of a broker statistic in {@link BrokerStatsData}: what was counted in it, per second, and the average
 * of the counted amounts per event ({@code avgpt}: e.g. messages per put).
 */
public record BrokerStatsItem(long sum, double tps, double avgpt) implements JsonBody {
    @Override
    public void writeTo(JsonWriter writer) {
        writer.beginObject()
            .member("avgpt", avgpt)
            .member("sum", sum)
            .member("tps", tps)
            .endObject();
    }
}

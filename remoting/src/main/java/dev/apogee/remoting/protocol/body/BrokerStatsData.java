package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonWriter;

/**
 * VIEW_BROKER_STATS_DATA (315) answer: one statistic (e.g. {@code TOPIC_PUT_NUMS} of a topic) over the last minute,
 * hour and day — what mqadmin statsAll prints as InTPS / OutTPS and the 24-hour totals.
 */
public record BrokerStatsData(BrokerStatsItem statsMinute, BrokerStatsItem statsHour, BrokerStatsItem statsDay)
        implements JsonBody {
    @Override
    public void writeTo(JsonWriter writer) {
        writer.beginObject().name("statsDay");
        statsDay.writeTo(writer);
        writer.name("statsHour");
        statsHour.writeTo(writer);
        writer.name("statsMinute");
        statsMinute.writeTo(writer);
        writer.endObject();
    }
}

package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;

/** Offsets of one queue in {@link TopicStatsTable}. */
public final class TopicOffset implements JsonBody {
    private long minOffset;
    private long maxOffset;
    private long lastUpdateTimestamp;

    public TopicOffset() {
    }

    public TopicOffset(long minOffset, long maxOffset, long lastUpdateTimestamp) {
        this.minOffset = minOffset;
        this.maxOffset = maxOffset;
        this.lastUpdateTimestamp = lastUpdateTimestamp;
    }

    @Override
    public void writeTo(JsonWriter writer) {
        writer.beginObject()
            .member("lastUpdateTimestamp", lastUpdateTimestamp)
            .member("maxOffset", maxOffset)
            .member("minOffset", minOffset)
            .endObject();
    }

    /** Reads topic offsets, or returns null for JSON null. */
    public static TopicOffset readFrom(JsonReader reader) {
        if (reader.skipIfNull()) {
            return null;
        }
        TopicOffset offset = new TopicOffset();
        reader.beginObject();
        while (reader.hasNext()) {
            switch (reader.nextName()) {
                case "minOffset": offset.minOffset = reader.nextLong(); break;
                case "maxOffset": offset.maxOffset = reader.nextLong(); break;
                case "lastUpdateTimestamp": offset.lastUpdateTimestamp = reader.nextLong(); break;
                default: reader.skipValue();
            }
        }
        reader.endObject();
        return offset;
    }

    public long getMinOffset() {
        return minOffset;
    }

    public void setMinOffset(long minOffset) {
        this.minOffset = minOffset;
    }

    public long getMaxOffset() {
        return maxOffset;
    }

    public void setMaxOffset(long maxOffset) {
        this.maxOffset = maxOffset;
    }

    public long getLastUpdateTimestamp() {
        return lastUpdateTimestamp;
    }

    public void setLastUpdateTimestamp(long lastUpdateTimestamp) {
        this.lastUpdateTimestamp = lastUpdateTimestamp;
    }
}

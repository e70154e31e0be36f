package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;

/** One queue's progress in {@link ConsumeStats}: broker max offset versus the group's committed/pulled offsets. */
public final class OffsetWrapper implements JsonBody {
    private long brokerOffset;
    private long consumerOffset;
    private long pullOffset;
    private long lastTimestamp;

    public OffsetWrapper() {
    }

    public OffsetWrapper(long brokerOffset, long consumerOffset, long pullOffset, long lastTimestamp) {
        this.brokerOffset = brokerOffset;
        this.consumerOffset = consumerOffset;
        this.pullOffset = pullOffset;
        this.lastTimestamp = lastTimestamp;
    }

    @Override
    public void writeTo(JsonWriter writer) {
        writer.beginObject()
            .member("brokerOffset", brokerOffset)
            .member("consumerOffset", consumerOffset)
            .member("lastTimestamp", lastTimestamp)
            .member("pullOffset", pullOffset)
            .endObject();
    }

    /** Reads offsets, or returns null for JSON null. */
    public static OffsetWrapper readFrom(JsonReader reader) {
        if (reader.skipIfNull()) {
            return null;
        }
        OffsetWrapper offsets = new OffsetWrapper();
        reader.beginObject();
        while (reader.hasNext()) {
            switch (reader.nextName()) {
                case "brokerOffset": offsets.brokerOffset = reader.nextLong(); break;
                case "consumerOffset": offsets.consumerOffset = reader.nextLong(); break;
                case "pullOffset": offsets.pullOffset = reader.nextLong(); break;
                case "lastTimestamp": offsets.lastTimestamp = reader.nextLong(); break;
                default: reader.skipValue();
            }
        }
        reader.endObject();
        return offsets;
    }

    public long getBrokerOffset() {
        return brokerOffset;
    }

    public void setBrokerOffset(long brokerOffset) {
        this.brokerOffset = brokerOffset;
    }

    public long getConsumerOffset() {
        return consumerOffset;
    }

    public void setConsumerOffset(long consumerOffset) {
        this.consumerOffset = consumerOffset;
    }

    public long getPullOffset() {
        return pullOffset;
    }

    public void setPullOffset(long pullOffset) {
        this.pullOffset = pullOffset;
    }

    public long getLastTimestamp() {
        return lastTimestamp;
    }

    public void setLastTimestamp(long lastTimestamp) {
        this.lastTimestamp = lastTimestamp;
    }
}

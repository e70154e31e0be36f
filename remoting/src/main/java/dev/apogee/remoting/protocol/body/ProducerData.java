package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;
import java.util.Objects;

/** A producer group of a client instance in {@link HeartbeatData}. */
public final class ProducerData implements JsonBody {
    private String groupName;

    public ProducerData() {
    }

    public ProducerData(String groupName) {
        this.groupName = groupName;
    }

    @Override
    public void writeTo(JsonWriter writer) {
        writer.beginObject().member("groupName", groupName).endObject();
    }

    /** Reads producer data, or returns null for JSON null. */
    public static ProducerData readFrom(JsonReader reader) {
        if (reader.skipIfNull()) {
            return null;
        }
        ProducerData data = new ProducerData();
        reader.beginObject();
        while (reader.hasNext()) {
            if ("groupName".equals(reader.nextName())) {
                data.groupName = reader.nextString();
            } else {
                reader.skipValue();
            }
        }
        reader.endObject();
        return data;
    }

    public String getGroupName() {
        return groupName;
    }

    public void setGroupName(String groupName) {
        this.groupName = groupName;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ProducerData && Objects.equals(groupName, ((ProducerData) o).groupName);
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(groupName);
    }

    @Override
    public String toString() {
        return "ProducerData[groupName=" + groupName + ']';
    }
}

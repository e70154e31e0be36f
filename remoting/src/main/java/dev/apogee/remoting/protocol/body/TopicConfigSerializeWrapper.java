package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A broker's topic table with its data version: the {@code topicConfigSerializeWrapper} of
 * {@link RegisterBrokerBody} and the GET_ALL_TOPIC_CONFIG body.
 *
 * <p>When {@link #getMappingDataVersion()} is non-null this encodes as the official
 * {@code TopicConfigAndMappingSerializeWrapper} (what a 5.x broker registers), with empty
 * {@code topicQueueMappingDetailMap}/{@code topicQueueMappingInfoMap}: static topics are not supported, and
 * mapping entries received are skipped. A null mapping version gives the plain 4.9.x shape.
 */
public final class TopicConfigSerializeWrapper implements JsonBody {
    private Map<String, TopicConfig> topicConfigTable = new LinkedHashMap<>();
    private DataVersion dataVersion = new DataVersion();
    private DataVersion mappingDataVersion;

    @Override
    public void writeTo(JsonWriter writer) {
        writer.beginObject();
        if (dataVersion != null) {
            writer.name("dataVersion");
            dataVersion.writeTo(writer);
        }
        if (mappingDataVersion != null) {
            writer.name("mappingDataVersion");
            mappingDataVersion.writeTo(writer);
        }
        BodyCodec.writeMap(writer, "topicConfigTable", topicConfigTable);
        if (mappingDataVersion != null) {
            writer.name("topicQueueMappingDetailMap").beginObject().endObject();
            writer.name("topicQueueMappingInfoMap").beginObject().endObject();
        }
        writer.endObject();
    }

    /** Reads a wrapper, or returns null for JSON null. */
    public static TopicConfigSerializeWrapper readFrom(JsonReader reader) {
        if (reader.skipIfNull()) {
            return null;
        }
        TopicConfigSerializeWrapper wrapper = new TopicConfigSerializeWrapper();
        reader.beginObject();
        while (reader.hasNext()) {
            switch (reader.nextName()) {
                case "topicConfigTable":
                    wrapper.topicConfigTable = BodyCodec.readMap(reader, TopicConfig::readFrom, wrapper.topicConfigTable);
                    break;
                case "dataVersion": wrapper.dataVersion = DataVersion.readFrom(reader); break;
                case "mappingDataVersion": wrapper.mappingDataVersion = DataVersion.readFrom(reader); break;
                default: reader.skipValue();
            }
        }
        reader.endObject();
        return wrapper;
    }

    public static TopicConfigSerializeWrapper decode(byte[] body) {
        return JsonBody.decode(body, TopicConfigSerializeWrapper::readFrom);
    }

    public Map<String, TopicConfig> getTopicConfigTable() {
        return topicConfigTable;
    }

    public void setTopicConfigTable(Map<String, TopicConfig> topicConfigTable) {
        this.topicConfigTable = topicConfigTable;
    }

    public DataVersion getDataVersion() {
        return dataVersion;
    }

    public void setDataVersion(DataVersion dataVersion) {
        this.dataVersion = dataVersion;
    }

    public DataVersion getMappingDataVersion() {
        return mappingDataVersion;
    }

    public void setMappingDataVersion(DataVersion mappingDataVersion) {
        this.mappingDataVersion = mappingDataVersion;
    }
}

package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A topic's configuration on one broker, as registered with the namesrv and stored by the broker.
 * Defaults are the official ones: 16/16 queues, perm RW (6), SINGLE_TAG, not ordered, no attributes.
 * (The official {@code topicMessageType} is derived from attributes and never serialised.)
 */
public final class TopicConfig implements JsonBody {
    public static final int DEFAULT_QUEUE_NUMS = 16;

    private String topicName;
    private int readQueueNums = DEFAULT_QUEUE_NUMS;
    private int writeQueueNums = DEFAULT_QUEUE_NUMS;
    private int perm = PermName.PERM_READ | PermName.PERM_WRITE;
    private TopicFilterType topicFilterType = TopicFilterType.SINGLE_TAG;
    private int topicSysFlag;
    private boolean order;
    private Map<String, String> attributes = new HashMap<>();

    public TopicConfig() {
    }

    public TopicConfig(String topicName) {
        this.topicName = topicName;
    }

    public TopicConfig(String topicName, int readQueueNums, int writeQueueNums, int perm) {
        this.topicName = topicName;
        this.readQueueNums = readQueueNums;
        this.writeQueueNums = writeQueueNums;
        this.perm = perm;
    }

    @Override
    public void writeTo(JsonWriter writer) {
        writer.beginObject().stringMapMember("attributes", attributes)
            .member("order", order)
            .member("perm", perm)
            .member("readQueueNums", readQueueNums);
        BodyCodec.writeEnum(writer, "topicFilterType", topicFilterType);
        writer.member("topicName", topicName)
            .member("topicSysFlag", topicSysFlag)
            .member("writeQueueNums", writeQueueNums)
            .endObject();
    }

    /** Reads a topic config, or returns null for JSON null. */
    public static TopicConfig readFrom(JsonReader reader) {
        if (reader.skipIfNull()) {
            return null;
        }
        TopicConfig config = new TopicConfig();
        reader.beginObject();
        while (reader.hasNext()) {
            switch (reader.nextName()) {
                case "topicName": config.topicName = reader.nextString(); break;
                case "readQueueNums": config.readQueueNums = reader.nextInt(); break;
                case "writeQueueNums": config.writeQueueNums = reader.nextInt(); break;
                case "perm": config.perm = reader.nextInt(); break;
                case "topicFilterType":
                    config.topicFilterType = BodyCodec.readEnum(reader, TopicFilterType.class);
                    break;
                case "topicSysFlag": config.topicSysFlag = reader.nextInt(); break;
                case "order": config.order = reader.nextBoolean(); break;
                case "attributes": config.attributes = BodyCodec.readStringMap(reader, config.attributes); break;
                default: reader.skipValue();
            }
        }
        reader.endObject();
        return config;
    }

    public static TopicConfig decode(byte[] body) {
        return JsonBody.decode(body, TopicConfig::readFrom);
    }

    public String getTopicName() {
        return topicName;
    }

    public void setTopicName(String topicName) {
        this.topicName = topicName;
    }

    public int getReadQueueNums() {
        return readQueueNums;
    }

    public void setReadQueueNums(int readQueueNums) {
        this.readQueueNums = readQueueNums;
    }

    public int getWriteQueueNums() {
        return writeQueueNums;
    }

    public void setWriteQueueNums(int writeQueueNums) {
        this.writeQueueNums = writeQueueNums;
    }

    public int getPerm() {
        return perm;
    }

    public void setPerm(int perm) {
        this.perm = perm;
    }

    public TopicFilterType getTopicFilterType() {
        return topicFilterType;
    }

    public void setTopicFilterType(TopicFilterType topicFilterType) {
        this.topicFilterType = topicFilterType;
    }

    public int getTopicSysFlag() {
        return topicSysFlag;
    }

    public void setTopicSysFlag(int topicSysFlag) {
        this.topicSysFlag = topicSysFlag;
    }

    public boolean isOrder() {
        return order;
    }

    public void setOrder(boolean order) {
        this.order = order;
    }

    public Map<String, String> getAttributes() {
        return attributes;
    }

    public void setAttributes(Map<String, String> attributes) {
        this.attributes = attributes;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof TopicConfig)) {
            return false;
        }
        TopicConfig other = (TopicConfig) o;
        return readQueueNums == other.readQueueNums && writeQueueNums == other.writeQueueNums
            && perm == other.perm && topicSysFlag == other.topicSysFlag && order == other.order
            && Objects.equals(topicName, other.topicName) && topicFilterType == other.topicFilterType
            && Objects.equals(attributes, other.attributes);
    }

    @Override
    public int hashCode() {
        return Objects.hash(topicName, readQueueNums, writeQueueNums, perm, topicFilterType, topicSysFlag, order,
            attributes);
    }

    @Override
    public String toString() {
        return "TopicConfig[topicName=" + topicName + ", readQueueNums=" + readQueueNums + ", writeQueueNums="
            + writeQueueNums + ", perm=" + PermName.toString(perm) + ", topicFilterType=" + topicFilterType
            + ", topicSysFlag=" + topicSysFlag + ", order=" + order + ", attributes=" + attributes + ']';
    }
}

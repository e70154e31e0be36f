package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Set;

/**
 * One topic subscription of a consumer group. For TAG expressions {@code tagsSet} holds the tags and
 * {@code codeSet} their {@link String#hashCode()}s (what the consume queue stores per message), built by
 * {@link #buildSubscriptionData(String, String, long)}. {@code subVersion} is the build time in ms: pulls
 * carry it and the broker answers SUBSCRIPTION_NOT_LATEST when its copy is older.
 * ({@code filterClassSource} of the official class is never serialised and is not modelled.)
 */
public final class SubscriptionData implements JsonBody {
    /** The expression matching every message. */
    public static final String SUB_ALL = "*";

    private boolean classFilterMode;
    private String topic;
    private String subString;
    private Set<String> tagsSet = new LinkedHashSet<>();
    private Set<Integer> codeSet = new LinkedHashSet<>();
    private long subVersion;
    private String expressionType = ExpressionType.TAG;

    public SubscriptionData() {
    }

    public SubscriptionData(String topic, String subString, long subVersion) {
        this.topic = topic;
        this.subString = subString;
        this.subVersion = subVersion;
    }

    /** {@link #buildSubscriptionData(String, String, long)} stamped with the current time. */
    public static SubscriptionData buildSubscriptionData(String topic, String expression) {
        return buildSubscriptionData(topic, expression, System.currentTimeMillis());
    }

    /**
     * Parses a TAG expression as the official {@code FilterAPI} does: null, empty or exactly {@code *}
     * subscribes to everything (subString becomes {@code *}, no tags); otherwise split on {@code ||}, trim,
     * drop empties, each tag's hash code going into the code set.
     */
    public static SubscriptionData buildSubscriptionData(String topic, String expression, long subVersion) {
        SubscriptionData data = new SubscriptionData(topic, expression, subVersion);
        if (expression == null || expression.isEmpty() || SUB_ALL.equals(expression)) {
            data.subString = SUB_ALL;
            return data;
        }
        int from = 0;
        while (from <= expression.length()) {
            int separator = expression.indexOf("||", from);
            int to = separator < 0 ? expression.length() : separator;
            String tag = expression.substring(from, to).trim();
            if (!tag.isEmpty()) {
                data.tagsSet.add(tag);
                data.codeSet.add(tag.hashCode());
            }
            from = to + 2;
        }
        return data;
    }

    /** A subscription with another expression type; only TAG expressions are parsed into tags. */
    public static SubscriptionData buildSubscriptionData(String topic, String expression, String expressionType,
                                                         long subVersion) {
        if (ExpressionType.isTagType(expressionType)) {
            return buildSubscriptionData(topic, expression, subVersion);
        }
        SubscriptionData data = new SubscriptionData(topic, expression, subVersion);
        data.expressionType = expressionType;
        return data;
    }

    @Override
    public void writeTo(JsonWriter writer) {
        writer.beginObject().member("classFilterMode", classFilterMode);
        if (codeSet != null) {
            writer.name("codeSet").beginArray();
            for (Integer code : codeSet) {
                if (code != null) {
                    writer.value(code.intValue());
                }
            }
            writer.endArray();
        }
        writer.member("expressionType", expressionType)
            .member("subString", subString)
            .member("subVersion", subVersion)
            .stringArrayMember("tagsSet", tagsSet)
            .member("topic", topic)
            .endObject();
    }

    /** Reads a subscription, or returns null for JSON null. */
    public static SubscriptionData readFrom(JsonReader reader) {
        if (reader.skipIfNull()) {
            return null;
        }
        SubscriptionData data = new SubscriptionData();
        reader.beginObject();
        while (reader.hasNext()) {
            switch (reader.nextName()) {
                case "classFilterMode": data.classFilterMode = reader.nextBoolean(); break;
                case "topic": data.topic = reader.nextString(); break;
                case "subString": data.subString = reader.nextString(); break;
                case "tagsSet": data.tagsSet = BodyCodec.readStringSet(reader, data.tagsSet); break;
                case "codeSet": data.codeSet = BodyCodec.readSet(reader, JsonReader::nextInt, data.codeSet); break;
                case "subVersion": data.subVersion = reader.nextLong(); break;
                case "expressionType": data.expressionType = reader.nextString(); break;
                default: reader.skipValue();
            }
        }
        reader.endObject();
        return data;
    }

    public static SubscriptionData decode(byte[] body) {
        return JsonBody.decode(body, SubscriptionData::readFrom);
    }

    public boolean isClassFilterMode() {
        return classFilterMode;
    }

    public void setClassFilterMode(boolean classFilterMode) {
        this.classFilterMode = classFilterMode;
    }

    public String getTopic() {
        return topic;
    }

    public void setTopic(String topic) {
        this.topic = topic;
    }

    public String getSubString() {
        return subString;
    }

    public void setSubString(String subString) {
        this.subString = subString;
    }

    public Set<String> getTagsSet() {
        return tagsSet;
    }

    public void setTagsSet(Set<String> tagsSet) {
        this.tagsSet = tagsSet;
    }

    public Set<Integer> getCodeSet() {
        return codeSet;
    }

    public void setCodeSet(Set<Integer> codeSet) {
        this.codeSet = codeSet;
    }

    public long getSubVersion() {
        return subVersion;
    }

    public void setSubVersion(long subVersion) {
        this.subVersion = subVersion;
    }

    public String getExpressionType() {
        return expressionType;
    }

    public void setExpressionType(String expressionType) {
        this.expressionType = expressionType;
    }

    /** Same members as the official equals. */
    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof SubscriptionData)) {
            return false;
        }
        SubscriptionData other = (SubscriptionData) o;
        return classFilterMode == other.classFilterMode && subVersion == other.subVersion
            && Objects.equals(topic, other.topic) && Objects.equals(subString, other.subString)
            && Objects.equals(tagsSet, other.tagsSet) && Objects.equals(codeSet, other.codeSet)
            && Objects.equals(expressionType, other.expressionType);
    }

    @Override
    public int hashCode() {
        return Objects.hash(classFilterMode, topic, subString, tagsSet, codeSet, subVersion, expressionType);
    }

    @Override
    public String toString() {
        return "SubscriptionData[topic=" + topic + ", subString=" + subString + ", tagsSet=" + tagsSet
            + ", codeSet=" + codeSet + ", subVersion=" + subVersion + ", expressionType=" + expressionType + ']';
    }
}

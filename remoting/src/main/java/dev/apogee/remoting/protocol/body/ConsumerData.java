package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Set;

/** A consumer group of a client instance in {@link HeartbeatData}, with its subscriptions. */
public final class ConsumerData implements JsonBody {
    private String groupName;
    private ConsumeType consumeType;
    private MessageModel messageModel;
    private ConsumeFromWhere consumeFromWhere;
    private Set<SubscriptionData> subscriptionDataSet = new LinkedHashSet<>();
    private boolean unitMode;

    @Override
    public void writeTo(JsonWriter writer) {
        writer.beginObject();
        BodyCodec.writeEnum(writer, "consumeFromWhere", consumeFromWhere);
        BodyCodec.writeEnum(writer, "consumeType", consumeType);
        writer.member("groupName", groupName);
        BodyCodec.writeEnum(writer, "messageModel", messageModel);
        BodyCodec.writeArray(writer, "subscriptionDataSet", subscriptionDataSet);
        writer.member("unitMode", unitMode).endObject();
    }

    /** Reads consumer data, or returns null for JSON null. */
    public static ConsumerData readFrom(JsonReader reader) {
        if (reader.skipIfNull()) {
            return null;
        }
        ConsumerData data = new ConsumerData();
        reader.beginObject();
        while (reader.hasNext()) {
            switch (reader.nextName()) {
                case "groupName": data.groupName = reader.nextString(); break;
                case "consumeType": data.consumeType = BodyCodec.readEnum(reader, ConsumeType.class); break;
                case "messageModel": data.messageModel = BodyCodec.readEnum(reader, MessageModel.class); break;
                case "consumeFromWhere":
                    data.consumeFromWhere = BodyCodec.readEnum(reader, ConsumeFromWhere.class);
                    break;
                case "subscriptionDataSet":
                    data.subscriptionDataSet = BodyCodec.readSet(reader, SubscriptionData::readFrom,
                        data.subscriptionDataSet);
                    break;
                case "unitMode": data.unitMode = reader.nextBoolean(); break;
                default: reader.skipValue();
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

    public ConsumeType getConsumeType() {
        return consumeType;
    }

    public void setConsumeType(ConsumeType consumeType) {
        this.consumeType = consumeType;
    }

    public MessageModel getMessageModel() {
        return messageModel;
    }

    public void setMessageModel(MessageModel messageModel) {
        this.messageModel = messageModel;
    }

    public ConsumeFromWhere getConsumeFromWhere() {
        return consumeFromWhere;
    }

    public void setConsumeFromWhere(ConsumeFromWhere consumeFromWhere) {
        this.consumeFromWhere = consumeFromWhere;
    }

    public Set<SubscriptionData> getSubscriptionDataSet() {
        return subscriptionDataSet;
    }

    public void setSubscriptionDataSet(Set<SubscriptionData> subscriptionDataSet) {
        this.subscriptionDataSet = subscriptionDataSet;
    }

    public boolean isUnitMode() {
        return unitMode;
    }

    public void setUnitMode(boolean unitMode) {
        this.unitMode = unitMode;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ConsumerData)) {
            return false;
        }
        ConsumerData other = (ConsumerData) o;
        return unitMode == other.unitMode && Objects.equals(groupName, other.groupName)
            && consumeType == other.consumeType && messageModel == other.messageModel
            && consumeFromWhere == other.consumeFromWhere
            && Objects.equals(subscriptionDataSet, other.subscriptionDataSet);
    }

    @Override
    public int hashCode() {
        return Objects.hash(groupName, consumeType, messageModel, consumeFromWhere, subscriptionDataSet, unitMode);
    }

    @Override
    public String toString() {
        return "ConsumerData[groupName=" + groupName + ", consumeType=" + consumeType + ", messageModel="
            + messageModel + ", consumeFromWhere=" + consumeFromWhere + ", unitMode=" + unitMode
            + ", subscriptionDataSet=" + subscriptionDataSet + ']';
    }
}

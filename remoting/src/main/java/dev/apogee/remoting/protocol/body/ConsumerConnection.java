package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/** GET_CONSUMER_CONNECTION_LIST (203) answer: a group's live connections and subscriptions (mqadmin). */
public final class ConsumerConnection implements JsonBody {
    private Set<Connection> connectionSet = new LinkedHashSet<>();
    private Map<String, SubscriptionData> subscriptionTable = new LinkedHashMap<>();
    private ConsumeType consumeType;
    private MessageModel messageModel;
    private ConsumeFromWhere consumeFromWhere;

    @Override
    public void writeTo(JsonWriter writer) {
        writer.beginObject();
        BodyCodec.writeArray(writer, "connectionSet", connectionSet);
        BodyCodec.writeEnum(writer, "consumeFromWhere", consumeFromWhere);
        BodyCodec.writeEnum(writer, "consumeType", consumeType);
        BodyCodec.writeEnum(writer, "messageModel", messageModel);
        BodyCodec.writeMap(writer, "subscriptionTable", subscriptionTable);
        writer.endObject();
    }

    /** Reads a consumer connection, or returns null for JSON null. */
    public static ConsumerConnection readFrom(JsonReader reader) {
        if (reader.skipIfNull()) {
            return null;
        }
        ConsumerConnection body = new ConsumerConnection();
        reader.beginObject();
        while (reader.hasNext()) {
            switch (reader.nextName()) {
                case "connectionSet":
                    body.connectionSet = BodyCodec.readSet(reader, Connection::readFrom, body.connectionSet);
                    break;
                case "subscriptionTable":
                    body.subscriptionTable = BodyCodec.readMap(reader, SubscriptionData::readFrom,
                        body.subscriptionTable);
                    break;
                case "consumeType": body.consumeType = BodyCodec.readEnum(reader, ConsumeType.class); break;
                case "messageModel": body.messageModel = BodyCodec.readEnum(reader, MessageModel.class); break;
                case "consumeFromWhere":
                    body.consumeFromWhere = BodyCodec.readEnum(reader, ConsumeFromWhere.class);
                    break;
                default: reader.skipValue();
            }
        }
        reader.endObject();
        return body;
    }

    public static ConsumerConnection decode(byte[] body) {
        return JsonBody.decode(body, ConsumerConnection::readFrom);
    }

    public Set<Connection> getConnectionSet() {
        return connectionSet;
    }

    public void setConnectionSet(Set<Connection> connectionSet) {
        this.connectionSet = connectionSet;
    }

    public Map<String, SubscriptionData> getSubscriptionTable() {
        return subscriptionTable;
    }

    public void setSubscriptionTable(Map<String, SubscriptionData> subscriptionTable) {
        this.subscriptionTable = subscriptionTable;
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
}

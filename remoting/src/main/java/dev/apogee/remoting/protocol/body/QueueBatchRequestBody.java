package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The shape LOCK_BATCH_MQ and UNLOCK_BATCH_MQ requests share: a client of a consumer group naming a set of queues.
 * {@code onlyThisBroker} is set on broker-to-broker lock replication.
 */
public abstract class QueueBatchRequestBody implements JsonBody {
    private String consumerGroup;
    private String clientId;
    private boolean onlyThisBroker;
    private Set<MessageQueue> mqSet = new LinkedHashSet<>();

    @Override
    public void writeTo(JsonWriter writer) {
        writer.beginObject().member("clientId", clientId).member("consumerGroup", consumerGroup);
        BodyCodec.writeArray(writer, "mqSet", mqSet);
        writer.member("onlyThisBroker", onlyThisBroker).endObject();
    }

    /** Reads a request into a new {@code T}, or returns null for JSON null. */
    static <T extends QueueBatchRequestBody> T readInto(JsonReader reader, Supplier<T> factory) {
        if (reader.skipIfNull()) {
            return null;
        }
        T body = factory.get();
        reader.beginObject();
        while (reader.hasNext()) {
            switch (reader.nextName()) {
                case "consumerGroup": body.setConsumerGroup(reader.nextString()); break;
                case "clientId": body.setClientId(reader.nextString()); break;
                case "onlyThisBroker": body.setOnlyThisBroker(reader.nextBoolean()); break;
                case "mqSet": body.setMqSet(BodyCodec.readSet(reader, MessageQueue::readFrom, body.getMqSet())); break;
                default: reader.skipValue();
            }
        }
        reader.endObject();
        return body;
    }

    public String getConsumerGroup() {
        return consumerGroup;
    }

    public void setConsumerGroup(String consumerGroup) {
        this.consumerGroup = consumerGroup;
    }

    public String getClientId() {
        return clientId;
    }

    public void setClientId(String clientId) {
        this.clientId = clientId;
    }

    public boolean isOnlyThisBroker() {
        return onlyThisBroker;
    }

    public void setOnlyThisBroker(boolean onlyThisBroker) {
        this.onlyThisBroker = onlyThisBroker;
    }

    public Set<MessageQueue> getMqSet() {
        return mqSet;
    }

    public void setMqSet(Set<MessageQueue> mqSet) {
        this.mqSet = mqSet;
    }
}

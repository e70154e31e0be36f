package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * UNLOCK_BATCH_MQ (42) request: an orderly consumer releases these queues. {@code onlyThisBroker} is set
 * on broker-to-broker replication. Same shape as {@link LockBatchRequestBody}.
 */
public final class UnlockBatchRequestBody implements JsonBody {
    private String consumerGroup;
    private String clientId;
    private boolean onlyThisBroker;
    private Set<MessageQueue> mqSet = new LinkedHashSet<>();

    @Override
    public void writeTo(JsonWriter writer) {
        LockBatchRequestBody.writeQueueRequest(writer, clientId, consumerGroup, mqSet, onlyThisBroker);
    }

    /** Reads an unlock request, or returns null for JSON null. */
    public static UnlockBatchRequestBody readFrom(JsonReader reader) {
        if (reader.skipIfNull()) {
            return null;
        }
        UnlockBatchRequestBody body = new UnlockBatchRequestBody();
        reader.beginObject();
        while (reader.hasNext()) {
            switch (reader.nextName()) {
                case "consumerGroup": body.consumerGroup = reader.nextString(); break;
                case "clientId": body.clientId = reader.nextString(); break;
                case "onlyThisBroker": body.onlyThisBroker = reader.nextBoolean(); break;
                case "mqSet": body.mqSet = BodyCodec.readSet(reader, MessageQueue::readFrom, body.mqSet); break;
                default: reader.skipValue();
            }
        }
        reader.endObject();
        return body;
    }

    public static UnlockBatchRequestBody decode(byte[] body) {
        return JsonBody.decode(body, UnlockBatchRequestBody::readFrom);
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

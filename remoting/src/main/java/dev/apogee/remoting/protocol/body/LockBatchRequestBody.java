package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * LOCK_BATCH_MQ (41) request: an orderly consumer asks to own these queues. {@code onlyThisBroker} is set
 * on broker-to-broker lock replication. The unlock request ({@link UnlockBatchRequestBody}) has the same shape.
 */
public final class LockBatchRequestBody implements JsonBody {
    private String consumerGroup;
    private String clientId;
    private boolean onlyThisBroker;
    private Set<MessageQueue> mqSet = new LinkedHashSet<>();

    @Override
    public void writeTo(JsonWriter writer) {
        writeQueueRequest(writer, clientId, consumerGroup, mqSet, onlyThisBroker);
    }

    static void writeQueueRequest(JsonWriter writer, String clientId, String consumerGroup, Set<MessageQueue> mqSet,
                                  boolean onlyThisBroker) {
        writer.beginObject().member("clientId", clientId).member("consumerGroup", consumerGroup);
        BodyCodec.writeArray(writer, "mqSet", mqSet);
        writer.member("onlyThisBroker", onlyThisBroker).endObject();
    }

    /** Reads a lock request, or returns null for JSON null. */
    public static LockBatchRequestBody readFrom(JsonReader reader) {
        if (reader.skipIfNull()) {
            return null;
        }
        LockBatchRequestBody body = new LockBatchRequestBody();
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

    public static LockBatchRequestBody decode(byte[] body) {
        return JsonBody.decode(body, LockBatchRequestBody::readFrom);
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

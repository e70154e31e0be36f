package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * HEART_BEAT (34) body: a client instance's identity and every producer and consumer group it runs.
 * {@code clientID} is the identity for rebalancing and locks. {@code heartbeatFingerprint} and
 * {@code withoutSub} exist from 5.x only (heartbeat v2; 0/false otherwise).
 */
public final class HeartbeatData implements JsonBody {
    private String clientID;
    private Set<ProducerData> producerDataSet = new LinkedHashSet<>();
    private Set<ConsumerData> consumerDataSet = new LinkedHashSet<>();
    private int heartbeatFingerprint;
    private boolean withoutSub;

    @Override
    public void writeTo(JsonWriter writer) {
        writer.beginObject().member("clientID", clientID);
        BodyCodec.writeArray(writer, "consumerDataSet", consumerDataSet);
        writer.member("heartbeatFingerprint", heartbeatFingerprint);
        BodyCodec.writeArray(writer, "producerDataSet", producerDataSet);
        writer.member("withoutSub", withoutSub).endObject();
    }

    /** Reads a heartbeat, or returns null for JSON null. */
    public static HeartbeatData readFrom(JsonReader reader) {
        if (reader.skipIfNull()) {
            return null;
        }
        HeartbeatData data = new HeartbeatData();
        reader.beginObject();
        while (reader.hasNext()) {
            switch (reader.nextName()) {
                case "clientID": data.clientID = reader.nextString(); break;
                case "producerDataSet":
                    data.producerDataSet = BodyCodec.readSet(reader, ProducerData::readFrom, data.producerDataSet);
                    break;
                case "consumerDataSet":
                    data.consumerDataSet = BodyCodec.readSet(reader, ConsumerData::readFrom, data.consumerDataSet);
                    break;
                case "heartbeatFingerprint": data.heartbeatFingerprint = reader.nextInt(); break;
                case "withoutSub": data.withoutSub = reader.nextBoolean(); break;
                default: reader.skipValue();
            }
        }
        reader.endObject();
        return data;
    }

    public static HeartbeatData decode(byte[] body) {
        return JsonBody.decode(body, HeartbeatData::readFrom);
    }

    public String getClientID() {
        return clientID;
    }

    public void setClientID(String clientID) {
        this.clientID = clientID;
    }

    public Set<ProducerData> getProducerDataSet() {
        return producerDataSet;
    }

    public void setProducerDataSet(Set<ProducerData> producerDataSet) {
        this.producerDataSet = producerDataSet;
    }

    public Set<ConsumerData> getConsumerDataSet() {
        return consumerDataSet;
    }

    public void setConsumerDataSet(Set<ConsumerData> consumerDataSet) {
        this.consumerDataSet = consumerDataSet;
    }

    public int getHeartbeatFingerprint() {
        return heartbeatFingerprint;
    }

    public void setHeartbeatFingerprint(int heartbeatFingerprint) {
        this.heartbeatFingerprint = heartbeatFingerprint;
    }

    public boolean isWithoutSub() {
        return withoutSub;
    }

    public void setWithoutSub(boolean withoutSub) {
        this.withoutSub = withoutSub;
    }
}

package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;

/** CHECK_CLIENT_CONFIG (46) request: a client asks whether the broker can filter a non-TAG subscription. */
public final class CheckClientRequestBody implements JsonBody {
    private String clientId;
    private String group;
    private SubscriptionData subscriptionData;
    private String namespace;

    @Override
    public void writeTo(JsonWriter writer) {
        writer.beginObject()
            .member("clientId", clientId)
            .member("group", group)
            .member("namespace", namespace);
        if (subscriptionData != null) {
            writer.name("subscriptionData");
            subscriptionData.writeTo(writer);
        }
        writer.endObject();
    }

    /** Reads a check request, or returns null for JSON null. */
    public static CheckClientRequestBody readFrom(JsonReader reader) {
        if (reader.skipIfNull()) {
            return null;
        }
        CheckClientRequestBody body = new CheckClientRequestBody();
        reader.beginObject();
        while (reader.hasNext()) {
            switch (reader.nextName()) {
                case "clientId": body.clientId = reader.nextString(); break;
                case "group": body.group = reader.nextString(); break;
                case "subscriptionData": body.subscriptionData = SubscriptionData.readFrom(reader); break;
                case "namespace": body.namespace = reader.nextString(); break;
                default: reader.skipValue();
            }
        }
        reader.endObject();
        return body;
    }

    public static CheckClientRequestBody decode(byte[] body) {
        return JsonBody.decode(body, CheckClientRequestBody::readFrom);
    }

    public String getClientId() {
        return clientId;
    }

    public void setClientId(String clientId) {
        this.clientId = clientId;
    }

    public String getGroup() {
        return group;
    }

    public void setGroup(String group) {
        this.group = group;
    }

    public SubscriptionData getSubscriptionData() {
        return subscriptionData;
    }

    public void setSubscriptionData(SubscriptionData subscriptionData) {
        this.subscriptionData = subscriptionData;
    }

    public String getNamespace() {
        return namespace;
    }

    public void setNamespace(String namespace) {
        this.namespace = namespace;
    }
}

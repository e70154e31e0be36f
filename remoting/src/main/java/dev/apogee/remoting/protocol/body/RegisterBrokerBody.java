package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * REGISTER_BROKER (103) body: the broker's topic table plus the obsolete filter-server list.
 * A new body carries a mapping data version so it encodes in the 5.x shape (see
 * {@link TopicConfigSerializeWrapper}). Only the uncompressed form is supported: the zlib variant is sent
 * only by brokers configured with {@code compressedRegister=true}.
 */
public final class RegisterBrokerBody implements JsonBody {
    private TopicConfigSerializeWrapper topicConfigSerializeWrapper = newWrapper();
    private List<String> filterServerList = new ArrayList<>();

    private static TopicConfigSerializeWrapper newWrapper() {
        TopicConfigSerializeWrapper wrapper = new TopicConfigSerializeWrapper();
        wrapper.setMappingDataVersion(new DataVersion());
        return wrapper;
    }

    @Override
    public void writeTo(JsonWriter writer) {
        writer.beginObject().stringArrayMember("filterServerList", filterServerList);
        if (topicConfigSerializeWrapper != null) {
            writer.name("topicConfigSerializeWrapper");
            topicConfigSerializeWrapper.writeTo(writer);
        }
        writer.endObject();
    }

    /** Reads a body, or returns null for JSON null. */
    public static RegisterBrokerBody readFrom(JsonReader reader) {
        if (reader.skipIfNull()) {
            return null;
        }
        RegisterBrokerBody body = new RegisterBrokerBody();
        reader.beginObject();
        while (reader.hasNext()) {
            switch (reader.nextName()) {
                case "topicConfigSerializeWrapper":
                    body.topicConfigSerializeWrapper = TopicConfigSerializeWrapper.readFrom(reader);
                    break;
                case "filterServerList":
                    body.filterServerList = BodyCodec.readStringList(reader, body.filterServerList);
                    break;
                default: reader.skipValue();
            }
        }
        reader.endObject();
        return body;
    }

    public static RegisterBrokerBody decode(byte[] body) {
        return JsonBody.decode(body, RegisterBrokerBody::readFrom);
    }

    public TopicConfigSerializeWrapper getTopicConfigSerializeWrapper() {
        return topicConfigSerializeWrapper;
    }

    public void setTopicConfigSerializeWrapper(TopicConfigSerializeWrapper topicConfigSerializeWrapper) {
        this.topicConfigSerializeWrapper = topicConfigSerializeWrapper;
    }

    public List<String> getFilterServerList() {
        return filterServerList;
    }

    public void setFilterServerList(List<String> filterServerList) {
        this.filterServerList = filterServerList;
    }
}

package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;
import java.util.LinkedHashSet;
import java.util.Set;

/** Topic names (206, 224, 304); {@code brokerAddr} is only filled for the system-topic list (304). */
public final class TopicList implements JsonBody {
    private Set<String> topicList = new LinkedHashSet<>();
    private String brokerAddr;

    @Override
    public void writeTo(JsonWriter writer) {
        writer.beginObject()
            .member("brokerAddr", brokerAddr)
            .stringArrayMember("topicList", topicList)
            .endObject();
    }

    /** Reads a topic list, or returns null for JSON null. */
    public static TopicList readFrom(JsonReader reader) {
        if (reader.skipIfNull()) {
            return null;
        }
        TopicList list = new TopicList();
        reader.beginObject();
        while (reader.hasNext()) {
            switch (reader.nextName()) {
                case "topicList": list.topicList = BodyCodec.readStringSet(reader, list.topicList); break;
                case "brokerAddr": list.brokerAddr = reader.nextString(); break;
                default: reader.skipValue();
            }
        }
        reader.endObject();
        return list;
    }

    public static TopicList decode(byte[] body) {
        return JsonBody.decode(body, TopicList::readFrom);
    }

    public Set<String> getTopicList() {
        return topicList;
    }

    public void setTopicList(Set<String> topicList) {
        this.topicList = topicList;
    }

    public String getBrokerAddr() {
        return brokerAddr;
    }

    public void setBrokerAddr(String brokerAddr) {
        this.brokerAddr = brokerAddr;
    }
}

package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * GET_CONSUMER_LIST_BY_GROUP (38) answer, {@code {"consumerIdList":["192.0.2.2@cg1Inst"]}} (official
 * {@code GetConsumerListByGroupResponseBody}). Clients rebalance over this list, so order it consistently.
 */
public final class ConsumerIdList implements JsonBody {
    private List<String> consumerIdList = new ArrayList<>();

    public ConsumerIdList() {
    }

    public ConsumerIdList(List<String> consumerIdList) {
        this.consumerIdList = consumerIdList;
    }

    @Override
    public void writeTo(JsonWriter writer) {
        writer.beginObject().stringArrayMember("consumerIdList", consumerIdList).endObject();
    }

    /** Reads a consumer id list, or returns null for JSON null. */
    public static ConsumerIdList readFrom(JsonReader reader) {
        if (reader.skipIfNull()) {
            return null;
        }
        ConsumerIdList list = new ConsumerIdList();
        reader.beginObject();
        while (reader.hasNext()) {
            if ("consumerIdList".equals(reader.nextName())) {
                list.consumerIdList = BodyCodec.readStringList(reader, list.consumerIdList);
            } else {
                reader.skipValue();
            }
        }
        reader.endObject();
        return list;
    }

    public static ConsumerIdList decode(byte[] body) {
        return JsonBody.decode(body, ConsumerIdList::readFrom);
    }

    public List<String> getConsumerIdList() {
        return consumerIdList;
    }

    public void setConsumerIdList(List<String> consumerIdList) {
        this.consumerIdList = consumerIdList;
    }
}

package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;
import java.util.LinkedHashSet;
import java.util.Set;

/** Consumer group names: the QUERY_TOPIC_CONSUME_BY_WHO (300) answer, {@code {"groupList":["cg1"]}}. */
public final class GroupList implements JsonBody {
    private Set<String> groupList = new LinkedHashSet<>();

    @Override
    public void writeTo(JsonWriter writer) {
        writer.beginObject().stringArrayMember("groupList", groupList).endObject();
    }

    /** Reads a group list, or returns null for JSON null. */
    public static GroupList readFrom(JsonReader reader) {
        if (reader.skipIfNull()) {
            return null;
        }
        GroupList list = new GroupList();
        reader.beginObject();
        while (reader.hasNext()) {
            if ("groupList".equals(reader.nextName())) {
                list.groupList = BodyCodec.readStringSet(reader, list.groupList);
            } else {
                reader.skipValue();
            }
        }
        reader.endObject();
        return list;
    }

    public static GroupList decode(byte[] body) {
        return JsonBody.decode(body, GroupList::readFrom);
    }

    public Set<String> getGroupList() {
        return groupList;
    }

    public void setGroupList(Set<String> groupList) {
        this.groupList = groupList;
    }
}

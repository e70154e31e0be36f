package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;

import java.util.ArrayList;
import java.util.List;

/** BRANCH_RECOVER (9204) answer, Apogee-private: {@code {"branchIds":["X:..", ...]}}, the in-doubt branches. */
public final class BranchIdList implements JsonBody {
    private final List<String> branchIds;

    public BranchIdList(List<String> branchIds) {
        this.branchIds = List.copyOf(branchIds);
    }

    public List<String> branchIds() {
        return branchIds;
    }

    @Override
    public void writeTo(JsonWriter writer) {
        writer.beginObject().stringArrayMember("branchIds", branchIds).endObject();
    }

    public static BranchIdList readFrom(JsonReader reader) {
        List<String> ids = new ArrayList<>();
        if (reader.skipIfNull()) {
            return new BranchIdList(ids);
        }
        reader.beginObject();
        while (reader.hasNext()) {
            if ("branchIds".equals(reader.nextName())) {
                ids = BodyCodec.readStringList(reader, ids);
            } else {
                reader.skipValue();
            }
        }
        reader.endObject();
        return new BranchIdList(ids);
    }

    public static BranchIdList decode(byte[] body) {
        return JsonBody.decode(body, BranchIdList::readFrom);
    }
}

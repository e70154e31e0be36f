package dev.apogee.remoting.protocol.body;

import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;
import java.util.HashMap;
import java.util.Map;

/** String key/value pairs: {@code {"table":{"k":"v"}}} (GET_BROKER_RUNTIME_INFO, KV config, REGISTER_BROKER reply). */
public final class KVTable implements JsonBody {
    private Map<String, String> table = new HashMap<>();

    @Override
    public void writeTo(JsonWriter writer) {
        writer.beginObject().stringMapMember("table", table).endObject();
    }

    /** Reads a table, or returns null for JSON null. */
    public static KVTable readFrom(JsonReader reader) {
        if (reader.skipIfNull()) {
            return null;
        }
        KVTable kv = new KVTable();
        reader.beginObject();
        while (reader.hasNext()) {
            if ("table".equals(reader.nextName())) {
                kv.table = BodyCodec.readStringMap(reader, kv.table);
            } else {
                reader.skipValue();
            }
        }
        reader.endObject();
        return kv;
    }

    public static KVTable decode(byte[] body) {
        return JsonBody.decode(body, KVTable::readFrom);
    }

    public Map<String, String> getTable() {
        return table;
    }

    public void setTable(Map<String, String> table) {
        this.table = table;
    }
}

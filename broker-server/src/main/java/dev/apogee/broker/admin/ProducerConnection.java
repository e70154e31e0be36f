package dev.apogee.broker.admin;

import dev.apogee.remoting.json.JsonWriter;
import dev.apogee.remoting.protocol.body.Connection;
import dev.apogee.remoting.protocol.body.JsonBody;

import java.util.LinkedHashSet;
import java.util.Set;

/**
 * GET_PRODUCER_CONNECTION_LIST (204) answer {@code {"connectionSet":[Connection…]}}. Kept here until the remoting
 * body package has it (write-only: the broker never parses it).
 */
final class ProducerConnection implements JsonBody {
    private final Set<Connection> connectionSet = new LinkedHashSet<>();

    Set<Connection> connectionSet() {
        return connectionSet;
    }

    @Override
    public void writeTo(JsonWriter writer) {
        writer.beginObject().name("connectionSet").beginArray();
        for (Connection connection : connectionSet) {
            connection.writeTo(writer);
        }
        writer.endArray().endObject();
    }
}

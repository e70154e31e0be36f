package dev.apogee.broker.pop.assignment;

import dev.apogee.broker.persist.ConfigFile;
import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;
import dev.apogee.remoting.protocol.body.SetMessageRequestModeRequestBody;

import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The request mode of each (topic, group) set with SET_MESSAGE_REQUEST_MODE, persisted to
 * {@code messageRequestMode.json} in the official {@code MessageRequestModeSerializeWrapper} shape
 * ({@code {"messageRequestModeMap":{topic:{group:mode}}}}) after each change. Concurrent map; writes of the file are
 * serialized by {@link ConfigFile}.
 */
public final class RequestModeTable {
    private final ConfigFile file;
    private final Map<String, Map<String, SetMessageRequestModeRequestBody>> modes = new ConcurrentHashMap<>();

    public RequestModeTable(ConfigFile file) {
        this.file = file;
    }

    public void load() throws IOException {
        Optional<String> json = file.read();
        if (json.isEmpty() || json.get().isBlank()) {
            return;
        }
        JsonReader r = new JsonReader(json.get());
        r.beginObject();
        while (r.hasNext()) {
            if (!"messageRequestModeMap".equals(r.nextName())) {
                r.skipValue();
                continue;
            }
            r.beginObject();
            while (r.hasNext()) {
                String topic = r.nextName();
                r.beginObject();
                while (r.hasNext()) {
                    String group = r.nextName();
                    modes.computeIfAbsent(topic, t -> new ConcurrentHashMap<>()).put(group, SetMessageRequestModeRequestBody.readFrom(r));
                }
                r.endObject();
            }
            r.endObject();
        }
        r.endObject();
    }

    /** The mode set for the group on the topic, or null. */
    public SetMessageRequestModeRequestBody get(String topic, String group) {
        Map<String, SetMessageRequestModeRequestBody> byGroup = modes.get(topic);
        return byGroup == null ? null : byGroup.get(group);
    }

    public void set(SetMessageRequestModeRequestBody mode) throws IOException {
        modes.computeIfAbsent(mode.topic(), t -> new ConcurrentHashMap<>()).put(mode.consumerGroup(), mode);
        file.write(toJson());
    }

    public String toJson() {
        JsonWriter w = new JsonWriter();
        w.beginObject().name("messageRequestModeMap").beginObject();
        for (Map.Entry<String, Map<String, SetMessageRequestModeRequestBody>> t : new TreeMap<>(modes).entrySet()) {
            w.name(t.getKey()).beginObject();
            for (Map.Entry<String, SetMessageRequestModeRequestBody> g : new TreeMap<>(t.getValue()).entrySet()) {
                w.name(g.getKey());
                g.getValue().writeTo(w);
            }
            w.endObject();
        }
        w.endObject().endObject();
        return w.toString();
    }
}

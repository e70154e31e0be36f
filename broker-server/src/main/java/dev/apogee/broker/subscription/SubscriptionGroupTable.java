package dev.apogee.broker.subscription;

import dev.apogee.broker.persist.ConfigFile;
import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.json.JsonWriter;
import dev.apogee.remoting.naming.NameEncoding;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Consumer group settings, persisted in {@code config/subscriptionGroup.json}. Groups are auto-created on their
 * first heartbeat when enabled. Lock-free reads; writes persist synchronously (rare: once per new group).
 */
public final class SubscriptionGroupTable {
    private static final Logger LOG = LoggerFactory.getLogger(SubscriptionGroupTable.class);

    private final Map<String, SubscriptionGroupConfig> groups = new ConcurrentHashMap<>();
    private final ConfigFile file;
    private final boolean autoCreate;

    public SubscriptionGroupTable(ConfigFile file, boolean autoCreate) {
        this.file = file;
        this.autoCreate = autoCreate;
    }

    public void load() throws IOException {
        file.read().ifPresent(json -> {
            JsonReader reader = new JsonReader(json.getBytes(StandardCharsets.UTF_8));
            reader.beginObject();
            while (reader.hasNext()) {
                if (!reader.nextName().equals("subscriptionGroupTable")) {
                    reader.skipValue();
                    continue;
                }
                reader.beginObject();
                while (reader.hasNext()) {
                    reader.nextName();
                    SubscriptionGroupConfig config = SubscriptionGroupConfig.readFrom(reader);
                    groups.put(config.groupName(), config);
                }
                reader.endObject();
            }
            reader.endObject();
        });
    }

    /** The group's config; auto-created with defaults when allowed, else {@code null} for an unknown group. */
    public SubscriptionGroupConfig findOrCreate(String group) {
        SubscriptionGroupConfig config = groups.get(group);
        if (config != null || !autoCreate) {
            return config;
        }
        SubscriptionGroupConfig created = SubscriptionGroupConfig.defaults(group);
        SubscriptionGroupConfig raced = groups.putIfAbsent(group, created);
        if (raced != null) {
            return raced;
        }
        LOG.info("auto-created subscription group {}", NameEncoding.describe(group));
        persist();
        return created;
    }

    public SubscriptionGroupConfig get(String group) {
        return groups.get(group);
    }

    public void put(SubscriptionGroupConfig config) {
        groups.put(config.groupName(), config);
        persist();
    }

    public boolean delete(String group) {
        boolean removed = groups.remove(group) != null;
        if (removed) {
            persist();
        }
        return removed;
    }

    public Collection<SubscriptionGroupConfig> all() {
        return groups.values();
    }

    /** The whole table as the official GET_ALL_SUBSCRIPTIONGROUP_CONFIG body. */
    public String toJson() {
        JsonWriter writer = new JsonWriter();
        writer.beginObject().name("subscriptionGroupTable").beginObject();
        for (SubscriptionGroupConfig config : groups.values()) {
            writer.name(config.groupName());
            config.writeTo(writer);
        }
        writer.endObject().endObject();
        return writer.toString();
    }

    private synchronized void persist() {
        try {
            file.write(toJson());
        } catch (IOException e) {
            throw new UncheckedIOException("persisting subscription groups to " + file.path() + " failed", e);
        }
    }
}

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
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Consumer group settings, persisted in {@code config/subscriptionGroup.json}. Groups are auto-created on their
 * first heartbeat when enabled. Lock-free reads; writes persist synchronously (rare: once per new group).
 * An auto-created group whose write fails (a full disk) is served from memory and written again by
 * {@link #persistIfDirty()} on the broker's periodic persist thread: a consumer must still read while the disk is
 * full, and the group is recreated from the next heartbeat anyway if the broker stops before the retry succeeds.
 */
public final class SubscriptionGroupTable {
    private static final Logger LOG = LoggerFactory.getLogger(SubscriptionGroupTable.class);

    private final Map<String, SubscriptionGroupConfig> groups = new ConcurrentHashMap<>();
    private final ConfigFile file;
    private final boolean autoCreate;
    private final AtomicBoolean dirty = new AtomicBoolean();

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
        try {
            persist();
        } catch (UncheckedIOException e) {
            dirty.set(true);
            LOG.warn("subscription group {} kept in memory, its write retried on the next persist round: {}",
                    NameEncoding.describe(group), e.getCause().toString());
        }
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

    /** Writes the table again when an earlier auto-creation could not; called by the periodic persist thread. */
    public void persistIfDirty() {
        if (dirty.compareAndSet(true, false)) {
            try {
                persist();
            } catch (UncheckedIOException e) {
                dirty.set(true);
                throw e;
            }
        }
    }

    private synchronized void persist() {
        try {
            file.write(toJson());
        } catch (IOException e) {
            throw new UncheckedIOException("persisting subscription groups to " + file.path() + " failed", e);
        }
    }
}

package dev.apogee.namesrv.kv;

import dev.apogee.remoting.json.Json;
import dev.apogee.remoting.json.JsonException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.TreeMap;

/**
 * namespace → key → value, persisted as the official {@code kvConfig.json} shape
 * ({@code {"configTable":{"ns":{"k":"v"}}}}). Each change is written to a temporary file that then replaces the
 * file, so a crash leaves either the old or the new content. Thread-safe: all methods are synchronized (changes are
 * rare admin operations; reads are map lookups).
 */
public final class KvConfigStore {
    /** Namespace of ordered topics' queue layout ({@code brokerName:queueCount;...} per topic). */
    public static final String ORDER_TOPIC_CONFIG = "ORDER_TOPIC_CONFIG";

    private static final Logger LOG = LoggerFactory.getLogger(KvConfigStore.class);

    private final Path file;
    private final Map<String, Map<String, String>> table = new TreeMap<>();

    public KvConfigStore(Path file) {
        this.file = file;
    }

    /** Loads the file if it exists. A corrupt file is an error: silently starting empty would lose config. */
    public synchronized void load() throws IOException {
        if (!Files.exists(file)) {
            LOG.info("NAMESRV-KV-LOAD no KV config file at {}, starting empty", file);
            return;
        }
        Object tree;
        try {
            tree = Json.parse(Files.readAllBytes(file));
        } catch (JsonException e) {
            throw new IOException("KV config file " + file + " is not valid JSON: " + e.getMessage(), e);
        }
        if (tree instanceof Map<?, ?> root && root.get("configTable") instanceof Map<?, ?> namespaces) {
            namespaces.forEach((ns, entries) -> {
                if (entries instanceof Map<?, ?> map) {
                    Map<String, String> target = table.computeIfAbsent(String.valueOf(ns), n -> new TreeMap<>());
                    map.forEach((k, v) -> target.put(String.valueOf(k), String.valueOf(v)));
                }
            });
        }
        LOG.info("NAMESRV-KV-LOAD loaded KV config from {}: {} namespaces", file, table.size());
    }

    public synchronized void put(String namespace, String key, String value) {
        String previous = table.computeIfAbsent(namespace, n -> new TreeMap<>()).put(key, value);
        if (!value.equals(previous)) {
            LOG.info("NAMESRV-KV-PUT KV config put: namespace={} key={} value={} (was {})", namespace, key, value,
                    previous);
            persist();
        }
    }

    public synchronized String get(String namespace, String key) {
        Map<String, String> entries = table.get(namespace);
        return entries == null ? null : entries.get(key);
    }

    public synchronized void delete(String namespace, String key) {
        Map<String, String> entries = table.get(namespace);
        if (entries != null && entries.remove(key) != null) {
            if (entries.isEmpty()) {
                table.remove(namespace);
            }
            LOG.info("NAMESRV-KV-DELETE KV config deleted: namespace={} key={}", namespace, key);
            persist();
        }
    }

    /** A copy of the namespace's entries; empty when the namespace does not exist. */
    public synchronized Map<String, String> list(String namespace) {
        Map<String, String> entries = table.get(namespace);
        return entries == null ? Map.of() : new TreeMap<>(entries);
    }

    /** Writes the whole table to a temporary file, then moves it over the file. Caller holds the monitor. */
    private void persist() {
        Path temp = null;
        try {
            Path dir = file.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            temp = Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
            Files.write(temp, Json.write(Map.of("configTable", table)).getBytes(StandardCharsets.UTF_8));
            try {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            deleteQuietly(temp);
            // the change stays in memory; the caller's request fails so the operator sees it
            throw new UncheckedIOException("NAMESRV-KV-PERSIST cannot write KV config file " + file, e);
        }
    }

    private static void deleteQuietly(Path temp) {
        if (temp == null) {
            return;
        }
        try {
            Files.deleteIfExists(temp);
        } catch (IOException e) {
            LOG.warn("NAMESRV-KV-PERSIST cannot delete temporary file {}", temp, e);
        }
    }
}

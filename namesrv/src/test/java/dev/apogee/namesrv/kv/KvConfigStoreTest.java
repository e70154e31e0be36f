package dev.apogee.namesrv.kv;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class KvConfigStoreTest {
    @TempDir
    Path dir;

    @Test
    void changesArePersistedInTheOfficialShapeAndReloaded() throws Exception {
        Path file = dir.resolve("sub/kvConfig.json");
        KvConfigStore store = new KvConfigStore(file);
        store.load();
        store.put("ORDER_TOPIC_CONFIG", "T1", "broker-a:4");
        store.put("ns", "k", "v");
        store.delete("ns", "k");

        assertEquals("{\"configTable\":{\"ORDER_TOPIC_CONFIG\":{\"T1\":\"broker-a:4\"}}}", Files.readString(file));
        try (var files = Files.list(file.getParent())) {
            assertEquals(1, files.count(), "no temporary file left behind");
        }

        KvConfigStore reloaded = new KvConfigStore(file);
        reloaded.load();
        assertEquals("broker-a:4", reloaded.get("ORDER_TOPIC_CONFIG", "T1"));
        assertEquals(Map.of("T1", "broker-a:4"), reloaded.list("ORDER_TOPIC_CONFIG"));
        assertNull(reloaded.get("ns", "k"));
        assertEquals(Map.of(), reloaded.list("ns"));
    }

    @Test
    void corruptFileIsAnError() throws Exception {
        Path file = dir.resolve("kv.json");
        Files.writeString(file, "{broken");
        assertThrows(IOException.class, () -> new KvConfigStore(file).load());
    }
}

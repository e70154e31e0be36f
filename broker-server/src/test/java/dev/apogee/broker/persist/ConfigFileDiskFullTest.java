package dev.apogee.broker.persist;

import dev.apogee.store.disk.SmallTmpfs;
import dev.apogee.store.file.NoSpace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The JSON tables (consumer offsets, timer and delay progress, topics, groups) on a full tmpfs: a write that meets
 * ENOSPC fails, leaves the last content readable and takes no space with partial temporary files; once space is
 * back the next write succeeds.
 */
class ConfigFileDiskFullTest {
    @TempDir
    Path dir;

    @Test
    void aFailedWriteKeepsTheLastContentAndLeavesNoPartialFiles() throws Exception {
        try (SmallTmpfs fs = SmallTmpfs.mount(dir, 1)) {
            ConfigFile file = new ConfigFile(fs.path().resolve("config").resolve("consumerOffset.json"));
            String v1 = "{\"offsetTable\":{\"T@g\":{\"0\":41}}}";
            String v2 = "{\"offsetTable\":{\"T@g\":{\"0\":42}},\"pad\":\"" + "y".repeat(256 << 10) + "\"}";
            file.write(v1);
            file.write(v1); // now with a backup too
            Path filler = fs.fill("filler");

            IOException e = assertThrows(IOException.class, () -> file.write(v2));
            assertTrue(NoSpace.is(e), "ENOSPC: " + e);
            assertEquals(Optional.of(v1), file.read());
            try (Stream<Path> files = Files.list(file.path().getParent())) {
                assertEquals(List.of("consumerOffset.json", "consumerOffset.json.bak"),
                        files.map(p -> p.getFileName().toString()).sorted().toList(), "no partial temp files");
            }

            Files.delete(filler);
            file.write(v2);
            assertEquals(Optional.of(v2), file.read());
        }
    }
}

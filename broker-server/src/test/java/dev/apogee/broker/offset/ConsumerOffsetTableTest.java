package dev.apogee.broker.offset;

import dev.apogee.broker.persist.ConfigFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Persisting offsets only once the log they point into is durable (the power-cut rule of the offset file). */
class ConsumerOffsetTableTest {
    @TempDir
    Path dir;

    @Test
    void writesTheOffsetsTakenBeforeTheLogWasMadeDurable() throws IOException {
        ConfigFile file = new ConfigFile(dir.resolve("consumerOffset.json"));
        ConsumerOffsetTable table = new ConsumerOffsetTable(file);
        table.commit("g", "t", 0, 5);
        // a commit arriving while the log is forced may point past what that force covered: it waits for next time
        table.persist(() -> {
            table.commit("g", "t", 0, 9);
            return true;
        });
        ConsumerOffsetTable reloaded = new ConsumerOffsetTable(file);
        reloaded.load();
        assertEquals(5, reloaded.query("g", "t", 0));
    }

    @Test
    void leavesTheFileAsItWasWhenTheLogCouldNotBeMadeDurable() throws IOException {
        ConfigFile file = new ConfigFile(dir.resolve("consumerOffset.json"));
        ConsumerOffsetTable table = new ConsumerOffsetTable(file);
        table.commit("g", "t", 0, 5);
        table.persist();
        String before = Files.readString(file.path());
        table.commit("g", "t", 0, 9);
        IOException refused = assertThrows(IOException.class, () -> table.persist(() -> false));
        assertEquals("the commit log the offsets point into could not be made durable; not persisted",
                refused.getMessage());
        assertEquals(before, Files.readString(file.path()));
    }
}

package dev.apogee.broker.subscription;

import dev.apogee.broker.persist.ConfigFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SubscriptionGroupTableTest {
    @TempDir
    Path dir;

    /** A regular file where the config directory belongs makes every write fail, as a full disk does. */
    @Test
    void anAutoCreatedGroupWhoseWriteFailsIsServedAndWrittenOnTheNextRound() throws Exception {
        Path blocker = dir.resolve("config");
        Files.writeString(blocker, "not a directory");
        Path json = blocker.resolve("subscriptionGroup.json");
        SubscriptionGroupTable table = new SubscriptionGroupTable(new ConfigFile(json), true);

        assertNotNull(table.findOrCreate("cg-full-disk"), "served from memory");
        assertThrows(UncheckedIOException.class, table::persistIfDirty, "still failing: the retry reports it");

        Files.delete(blocker);
        table.persistIfDirty();
        assertTrue(Files.isRegularFile(json), "written once the disk has room");
        SubscriptionGroupTable reloaded = new SubscriptionGroupTable(new ConfigFile(json), false);
        reloaded.load();
        assertEquals("cg-full-disk", reloaded.get("cg-full-disk").groupName());

        Files.delete(json);
        table.persistIfDirty();
        assertFalse(Files.exists(json), "nothing rewritten once the table is clean");
    }
}

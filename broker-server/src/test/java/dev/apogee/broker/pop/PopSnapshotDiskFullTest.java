package dev.apogee.broker.pop;

import dev.apogee.store.disk.SmallTmpfs;
import dev.apogee.store.file.NoSpace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The POP snapshot on a full tmpfs: the previous snapshot survives a write that meets ENOSPC, whole. */
class PopSnapshotDiskFullTest {
    @TempDir
    Path dir;

    @Test
    void aFailedSnapshotKeepsThePreviousOneAndItsSpace() throws Exception {
        try (SmallTmpfs fs = SmallTmpfs.mount(dir, 1)) {
            Path file = fs.path().resolve("pop").resolve("pop.snapshot");
            PopSnapshot snapshot = new PopSnapshot(file);
            PopLedgers ledgers = new PopLedgers();
            byte[] first = snapshot.encode(ledgers, 7);
            snapshot.writeFile(first);
            Path filler = fs.fill("filler");

            byte[] big = new byte[512 << 10];
            IOException e = assertThrows(IOException.class, () -> snapshot.writeFile(big));
            assertTrue(NoSpace.is(e), "ENOSPC: " + e);
            assertArrayEquals(first, Files.readAllBytes(file));
            assertFalse(Files.exists(file.resolveSibling("pop.snapshot.tmp")), "partial snapshot deleted");
            assertTrue(snapshot.load(new PopLedgers()) == 7, "the previous snapshot still loads");

            Files.delete(filler);
            snapshot.writeFile(big);
        }
    }
}

package dev.apogee.store.powercut;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The power-cut filesystem itself: what survives a cut, torn writes, directory entries, injected EIO. */
@Timeout(120)
class PowerCutFsTest {
    @TempDir
    Path dir;
    private PowerCutFs fs;

    @BeforeEach
    void mount() throws Exception {
        assumeTrue(PowerCutFs.unavailableReason().isEmpty(),
                () -> "power-cut filesystem skipped: " + PowerCutFs.unavailableReason().orElseThrow());
        fs = PowerCutFs.mount(dir);
    }

    @AfterEach
    void unmount() throws Exception {
        if (fs != null) {
            fs.close();
        }
    }

    @Test
    void unsyncedWritesAreGoneAndSyncedOnesKept() throws Exception {
        Path file = fs.root().resolve("data");
        try (FileChannel ch = open(file)) {
            ch.write(ascii("durable"), 0);
            ch.force(false);
            ch.write(ascii("-volatile"), 7);
        }
        fsyncDir(fs.root());
        assertEquals("durable-volatile", Files.readString(file), "reads see the page cache before the cut");

        fs.powerCut(0);

        assertEquals("durable", Files.readString(file));
    }

    @Test
    void newFilesNeedTheirDirectoryFsynced() throws Exception {
        Path kept = fs.root().resolve("sub").resolve("kept");
        Files.createDirectories(kept.getParent());
        writeSynced(kept, "a");
        fsyncDir(kept.getParent());
        fsyncDir(fs.root());
        Path lost = fs.root().resolve("sub").resolve("lost");
        writeSynced(lost, "b"); // content forced, but the entry never made durable

        fs.powerCut(0);

        assertEquals("a", Files.readString(kept));
        assertFalse(Files.exists(lost), "a file whose directory was not fsynced survived the cut");
    }

    @Test
    void aNewFileOfARemovedNameStartsEmpty() throws Exception {
        Path file = fs.root().resolve("reused");
        writeSynced(file, "old content");
        fsyncDir(fs.root());
        Files.delete(file);
        writeSynced(file, "new");
        fsyncDir(fs.root());

        fs.powerCut(0);

        assertEquals("new", Files.readString(file));
    }

    @Test
    void deletedFileComesBackUntilItsDirectoryIsFsynced() throws Exception {
        Path file = fs.root().resolve("f");
        writeSynced(file, "x");
        fsyncDir(fs.root());
        Files.delete(file);

        fs.powerCut(0);

        assertEquals("x", Files.readString(file));
    }

    @Test
    void sharedMappingIsDurableAfterForceOnly() throws Exception {
        Path file = fs.root().resolve("mapped");
        try (FileChannel ch = open(file)) {
            MappedByteBuffer map = ch.map(FileChannel.MapMode.READ_WRITE, 0, 8192);
            map.put(0, "forced".getBytes(StandardCharsets.US_ASCII));
            map.force();
            map.put(4096, "unforced".getBytes(StandardCharsets.US_ASCII));
        }
        fsyncDir(fs.root());

        fs.powerCut(0);

        byte[] after = Files.readAllBytes(file);
        assertEquals(8192, after.length);
        assertEquals("forced", new String(after, 0, 6, StandardCharsets.US_ASCII));
        assertArrayEquals(new byte[8], Arrays.copyOfRange(after, 4096, 4104), "unforced mapped bytes survived");
    }

    @Test
    void tornWriteKeepsAPrefixOfTheUnsyncedBytes() throws Exception {
        Path file = fs.root().resolve("torn");
        byte[] durable = filled('A', 1000);
        byte[] pending = filled('B', 5000);
        boolean tornInside = false;
        for (long seed = 1; seed <= 5; seed++) {
            try (FileChannel ch = open(file)) {
                ch.truncate(0);
                ch.write(ByteBuffer.wrap(durable), 0);
                ch.force(false);
            }
            fsyncDir(fs.root());
            try (FileChannel ch = open(file)) {
                ch.write(ByteBuffer.wrap(pending), 1000);
            }

            fs.powerCut(seed);

            byte[] after = Files.readAllBytes(file);
            assertTrue(after.length >= 1000 && after.length <= 6000, "length " + after.length);
            assertArrayEquals(durable, Arrays.copyOf(after, 1000));
            for (int i = 1000; i < after.length; i++) {
                assertEquals('B', after[i], "byte " + i + " of a torn write");
            }
            tornInside |= after.length > 1000 && after.length < 6000;
            fs.powerCut(0);
            assertArrayEquals(after, Files.readAllBytes(file), "the torn bytes reached the disk: a later cut keeps them");
        }
        assertTrue(tornInside, "no seed tore the write inside its range");
        assertTrue(fs.log().contains("tore /torn"), fs.log());
    }

    @Test
    void failedFsyncLosesItsDataEvenWhenARetrySucceeds() throws Exception {
        Path file = fs.root().resolve("eio");
        writeSynced(file, "ok");
        fsyncDir(fs.root());
        try (FileChannel ch = open(file)) {
            ch.write(ascii("lost"), 2);
            fs.failNextFsync();
            assertThrows(IOException.class, () -> ch.force(false));
            ch.force(false); // the retry "succeeds": Linux cleaned the pages, nothing is left to write
        }

        fs.powerCut(0);

        assertEquals("ok", Files.readString(file));
        assertTrue(fs.log().contains("injected EIO on fsync of /eio"), fs.log());
    }

    private static void writeSynced(Path file, String text) throws IOException {
        try (FileChannel ch = open(file)) {
            ch.write(ascii(text), 0);
            ch.force(false);
        }
    }

    private static FileChannel open(Path file) throws IOException {
        return FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
    }

    private static void fsyncDir(Path d) throws IOException {
        try (FileChannel ch = FileChannel.open(d, StandardOpenOption.READ)) {
            ch.force(true);
        }
    }

    private static ByteBuffer ascii(String s) {
        return ByteBuffer.wrap(s.getBytes(StandardCharsets.US_ASCII));
    }

    private static byte[] filled(char c, int n) {
        byte[] b = new byte[n];
        Arrays.fill(b, (byte) c);
        return b;
    }
}

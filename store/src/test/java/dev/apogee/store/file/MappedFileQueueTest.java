package dev.apogee.store.file;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.*;

class MappedFileQueueTest {
    @TempDir
    Path dir;

    @Test
    void addressesFilesByOffsetAndTruncates() throws Exception {
        MappedFileQueue q = MappedFileQueue.direct(dir, 1024);
        for (int i = 0; i < 3; i++) {
            MappedFile f = q.lastFileForAppend(0);
            f.mappedBuffer().put(0, (byte) 1).put(1023, (byte) 1);
            f.setWrotePosition(1024, 0);
        }
        MappedFile last = q.lastFileForAppend(0);
        last.mappedBuffer().put(10, (byte) 7);
        last.setWrotePosition(500, 0);
        assertEquals(4, q.files().size());
        assertEquals(3 * 1024 + 500, q.maxReadableOffset());
        assertEquals(2048, q.findByOffset(2048 + 5).fileFromOffset());
        assertNull(q.findByOffset(4 * 1024));
        assertNull(q.findByOffset(-1));

        q.truncateTo(1024 + 1);
        assertEquals(2, q.files().size());
        assertEquals(1025, q.maxReadableOffset());
        assertEquals(0, q.findByOffset(1024).mappedBuffer().get(1023), "tail past the cut is zeroed");
        assertFalse(Files.exists(dir.resolve(MappedFile.fileName(2048))));
    }

    @Test
    void loadDropsShortTailAndTemporaryFiles() throws Exception {
        MappedFileQueue q = MappedFileQueue.direct(dir, 1024);
        q.lastFileForAppend(0).setWrotePosition(1024, 0);
        q.lastFileForAppend(0);
        q.close();
        Files.write(dir.resolve(MappedFile.fileName(2048)), new byte[10]);
        Files.write(dir.resolve(MappedFile.fileName(3072) + MappedFile.TMP_SUFFIX), new byte[10]);
        MappedFileQueue reloaded = new MappedFileQueue(dir, 1024, from -> {
            throw new AssertionError();
        });
        reloaded.load();
        assertEquals(2, reloaded.files().size());
        assertFalse(Files.exists(dir.resolve(MappedFile.fileName(2048))));
        assertFalse(Files.exists(dir.resolve(MappedFile.fileName(3072) + MappedFile.TMP_SUFFIX)));
    }

    @Test
    void preallocatedFileIsCompleteOnDisk() throws Exception {
        MappedFile f = MappedFile.create(dir, 4096, 64 * 1024, MappedFile.Warmup.PREALLOCATE, null);
        assertEquals(64 * 1024, Files.size(f.path()));
        assertEquals("00000000000000004096", f.path().getFileName().toString());
        f.close();
    }
}

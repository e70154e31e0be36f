package dev.apogee.store.file;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Where the reservation frontier lands and that it never overwrites written bytes (a plain file system). */
class SpaceReservationTest {
    private static final int MB = 1 << 20;

    @TempDir
    Path dir;

    @Test
    void aSparseFileGetsItsFirstChunkAndTheFrontierMovesByChunksWithAMargin() throws Exception {
        MappedFile f = MappedFile.create(dir, 0, 3 * MB, MappedFile.Warmup.NONE, null);
        try {
            assertEquals(MB, f.reservedPosition(), "first chunk at creation");
            f.mappedBuffer().putLong(0, 0x0123456789ABCDEFL);
            f.reserve(8, 100);
            assertEquals(MB, f.reservedPosition(), "within the frontier: nothing to do");
            f.reserve(8, MB - SpaceReservation.MARGIN + 1);
            assertEquals(2 * MB, f.reservedPosition(), "never less than the margin past the end");
            assertEquals(0x0123456789ABCDEFL, f.mappedBuffer().getLong(0), "written bytes below dataEnd kept");
            f.reserve(8, 3 * MB);
            assertEquals(3 * MB, f.reservedPosition(), "capped at the file's end");
        } finally {
            f.destroy();
        }
    }

    @Test
    void aPreallocatedFileIsReservedWhole() throws Exception {
        MappedFile f = MappedFile.create(dir, 0, 2 * MB, MappedFile.Warmup.PREALLOCATE, null);
        try {
            assertEquals(2 * MB, f.reservedPosition());
        } finally {
            f.destroy();
        }
    }

    @Test
    void zeroFromClearsOnlyTheTail() throws Exception {
        MappedFile f = MappedFile.create(dir, 0, 2 * MB, MappedFile.Warmup.NONE, null);
        try {
            f.mappedBuffer().putLong(0, 7L);
            f.mappedBuffer().putLong(MB + 16, 9L); // past the frontier in a sparse file: a stale byte to clear
            f.zeroFrom(8);
            assertEquals(7L, f.mappedBuffer().getLong(0));
            assertEquals(0L, f.mappedBuffer().getLong(MB + 16));
        } finally {
            f.destroy();
        }
    }
}

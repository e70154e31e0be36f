package dev.apogee.store.flush;

import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import dev.apogee.store.PutResult;
import dev.apogee.store.PutStatus;
import dev.apogee.store.file.MappedFile;
import dev.apogee.store.file.MappedFileQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.*;

class GroupCommitServiceTest {
    @TempDir
    Path dir;

    private static PutResult written(long offset, int bytes) {
        return new PutResult(PutStatus.PUT_OK, offset, bytes, 0, 1, 0, new long[] {offset});
    }

    @Test
    void oneForceCompletesEveryCoveredRequest() throws Exception {
        MappedFileQueue q = MappedFileQueue.direct(dir, 4096);
        MappedFile f = q.lastFileForAppend(0);
        f.setWrotePosition(300, 1);
        GroupCommitService s = new GroupCommitService(q, 5_000);
        CompletableFuture<PutResult> a = s.submit(written(0, 100));
        CompletableFuture<PutResult> b = s.submit(written(100, 100));
        CompletableFuture<PutResult> c = s.submit(written(200, 100));
        s.start();
        try {
            assertEquals(PutStatus.PUT_OK, c.get(5, TimeUnit.SECONDS).status());
            assertEquals(PutStatus.PUT_OK, a.get(5, TimeUnit.SECONDS).status());
            assertEquals(PutStatus.PUT_OK, b.get(5, TimeUnit.SECONDS).status());
            assertEquals(1, s.forceCount(), "requests queued before the first round share one force");
            assertEquals(300, q.flushedWhere());
        } finally {
            s.shutdown(5_000);
        }
    }

    @Test
    void requestNotDurableInTimeCompletesWithFlushDiskTimeout() throws Exception {
        MappedFileQueue q = MappedFileQueue.direct(dir, 4096);
        q.lastFileForAppend(0).setWrotePosition(100, 1);
        GroupCommitService s = new GroupCommitService(q, 50);
        s.start();
        try {
            // claims bytes past what was written: no force can ever cover it
            PutResult r = s.submit(written(100, 100)).get(5, TimeUnit.SECONDS);
            assertEquals(PutStatus.FLUSH_DISK_TIMEOUT, r.status());
            assertEquals(100, r.wroteOffset(), "offsets are kept: the message was appended");
            assertEquals(1, s.timeoutCount());
        } finally {
            s.shutdown(5_000);
        }
    }

    @Test
    void shutdownCompletesPendingRequests() throws Exception {
        MappedFileQueue q = MappedFileQueue.direct(dir, 4096);
        q.lastFileForAppend(0).setWrotePosition(100, 1);
        GroupCommitService s = new GroupCommitService(q, 60_000);
        CompletableFuture<PutResult> pending = s.submit(written(0, 100));
        s.shutdown(5_000);
        assertEquals(PutStatus.PUT_OK, pending.get(5, TimeUnit.SECONDS).status(), "flushed by the final round");
        assertEquals(100, q.flushedWhere());
        assertEquals(PutStatus.FLUSH_DISK_TIMEOUT, s.submit(written(0, 100)).get().status());
    }
}

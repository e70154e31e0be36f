package dev.apogee.store.flush;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

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

    /** Appends {@code bytes} to the last file like the commit log does (under its lock), returning the result. */
    private static PutResult append(MappedFileQueue q, int bytes) throws Exception {
        synchronized (q) {
            MappedFile f = q.lastFileForAppend(0);
            int pos = f.wrotePosition();
            f.setWrotePosition(pos + bytes, 1);
            return written(f.fileFromOffset() + pos, bytes);
        }
    }

    /** How writer {@code index} waits for its put to be durable; returns the completed result. */
    @FunctionalInterface
    private interface Acknowledgement {
        PutResult await(GroupCommitService service, int writer, PutResult put) throws Exception;
    }

    /**
     * {@code threads} writers each append and await {@code perThread} records of 100 bytes; checks that every record
     * was acknowledged PUT_OK only once forced, and that all bytes are durable at the end.
     */
    private void writeConcurrently(GroupCommitService s, MappedFileQueue q, int threads, int perThread,
            Acknowledgement acknowledgement) throws Exception {
        AtomicInteger early = new AtomicInteger();
        AtomicInteger notOk = new AtomicInteger();
        List<Thread> writers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int writer = t;
            Thread w = new Thread(() -> {
                try {
                    for (int i = 0; i < perThread; i++) {
                        PutResult done = acknowledgement.await(s, writer, append(q, 100));
                        if (q.flushedWhere() < done.nextOffset()) {
                            early.incrementAndGet();
                        }
                        if (done.status() != PutStatus.PUT_OK) {
                            notOk.incrementAndGet();
                        }
                    }
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
            });
            writers.add(w);
            w.start();
        }
        for (Thread w : writers) {
            w.join(60_000);
            assertFalse(w.isAlive(), "a writer is stuck");
        }
        assertEquals(0, early.get(), "acknowledged before its bytes were forced");
        assertEquals(0, notOk.get());
        assertEquals((long) threads * perThread * 100, q.flushedWhere());
    }

    @Test
    void concurrentWritersAreAcknowledgedOnlyOnceDurable() throws Exception {
        MappedFileQueue q = MappedFileQueue.direct(dir, 1 << 20);
        GroupCommitService s = new GroupCommitService(q, 60_000);
        s.start();
        try {
            // checked on the completing thread, at completion: the force must already cover it
            AtomicInteger early = new AtomicInteger();
            writeConcurrently(s, q, 8, 300, (service, writer, put) -> service.submit(put).thenApply(done -> {
                if (q.flushedWhere() < done.nextOffset()) {
                    early.incrementAndGet();
                }
                return done;
            }).get(30, TimeUnit.SECONDS));
            assertEquals(0, early.get(), "a future completed before its bytes were forced");
            assertTrue(s.forceCount() <= 8L * 300);
        } finally {
            s.shutdown(5_000);
        }
    }

    @Test
    void putsRacingShutdownAllComplete() throws Exception {
        MappedFileQueue q = MappedFileQueue.direct(dir, 1 << 20);
        GroupCommitService s = new GroupCommitService(q, 60_000);
        s.start();
        AtomicLong early = new AtomicLong();
        List<CompletableFuture<PutResult>> futures = java.util.Collections.synchronizedList(new ArrayList<>());
        CountDownLatch running = new CountDownLatch(4);
        List<Thread> writers = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            Thread w = new Thread(() -> {
                try {
                    for (int i = 0; i < 2_000; i++) {
                        CompletableFuture<PutResult> f = s.submit(append(q, 10));
                        futures.add(f.whenComplete((done, e) -> {
                            if (done.status() == PutStatus.PUT_OK && q.flushedWhere() < done.nextOffset()) {
                                early.incrementAndGet();
                            }
                        }));
                        if (i == 10) {
                            running.countDown();
                        }
                    }
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
            });
            writers.add(w);
            w.start();
        }
        assertTrue(running.await(30, TimeUnit.SECONDS));
        s.shutdown(10_000);
        for (Thread w : writers) {
            w.join(60_000);
        }
        for (CompletableFuture<PutResult> f : futures) {
            PutStatus st = f.get(10, TimeUnit.SECONDS).status();
            assertTrue(st == PutStatus.PUT_OK || st == PutStatus.FLUSH_DISK_TIMEOUT, st.toString());
        }
        assertEquals(0, early.get(), "PUT_OK given for bytes not yet forced");
    }

    @Test
    void aBlockingCallerForcesOnItsOwnThreadWhenNoRoundRuns() throws Exception {
        MappedFileQueue q = MappedFileQueue.direct(dir, 4096);
        q.lastFileForAppend(0).setWrotePosition(200, 1);
        GroupCommitService s = new GroupCommitService(q, 60_000);
        // not started: its idle round would force these bytes itself, racing the caller (no round runs here)
        try {
            PutResult r = s.awaitDurable(written(0, 200));
            assertEquals(PutStatus.PUT_OK, r.status());
            assertEquals(200, q.flushedWhere(), "durable when awaitDurable returns");
            assertEquals(1, s.callerForceCount(), "forced by the caller, not handed to the service");
            assertEquals(1, s.forceCount());
            PutResult covered = written(100, 100);
            assertSame(covered, s.awaitDurable(covered), "already durable: returned as it is");
            assertEquals(1, s.forceCount());
        } finally {
            s.shutdown(5_000);
        }
    }

    @Test
    void blockingCallersAndSubmittersMixedAreAcknowledgedOnlyOnceDurable() throws Exception {
        MappedFileQueue q = MappedFileQueue.direct(dir, 1 << 20);
        GroupCommitService s = new GroupCommitService(q, 60_000);
        s.start();
        try {
            writeConcurrently(s, q, 6, 300, (service, writer, put) -> writer % 2 == 0 ? service.awaitDurable(put)
                    : service.submit(put).get(30, TimeUnit.SECONDS));
            assertTrue(s.callerForceCount() > 0, "some blocking callers forced by themselves");
        } finally {
            s.shutdown(5_000);
        }
    }

    @Test
    void aLoneWritersPutIsForcedOnItsThread() throws Exception {
        MappedFileQueue q = MappedFileQueue.direct(dir, 1 << 20);
        GroupCommitService s = new GroupCommitService(q, 60_000, null, () -> { }, 60_000_000_000L);
        // not started: its idle round could force the bytes first, racing the writer (no round runs here)
        try {
            PutResult lone = append(q, 100);
            CompletableFuture<PutResult> done = s.submitOrForce(lone);
            assertTrue(done.isDone(), "forced on the calling thread: complete when returned");
            assertEquals(1, s.callerForceCount());
            assertTrue(q.flushedWhere() >= lone.nextOffset());
        } finally {
            s.shutdown(5_000);
        }
    }

    @Test
    void putsThatMetInARoundKeepMeetingInTheService() throws Exception {
        MappedFileQueue q = MappedFileQueue.direct(dir, 1 << 20);
        GroupCommitService s = new GroupCommitService(q, 60_000, null, () -> { }, 60_000_000_000L);
        // three writers meet in one round: from then on (within the window) a put goes through the service
        List<CompletableFuture<PutResult>> together = List.of(s.submit(append(q, 100)), s.submit(append(q, 100)),
                s.submit(append(q, 100)));
        s.start();
        try {
            for (CompletableFuture<PutResult> f : together) {
                assertEquals(PutStatus.PUT_OK, f.get(5, TimeUnit.SECONDS).status());
            }
            PutResult after = append(q, 100);
            assertEquals(PutStatus.PUT_OK, s.submitOrForce(after).get(5, TimeUnit.SECONDS).status());
            assertEquals(0, s.callerForceCount(), "after a shared round the service forces");
            assertTrue(q.flushedWhere() >= after.nextOffset());
        } finally {
            s.shutdown(5_000);
        }
    }
}

package dev.apogee.store.crash;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.apogee.store.MessageStore;
import dev.apogee.store.PutResult;
import dev.apogee.store.PutStatus;
import dev.apogee.store.StoreTestSupport;
import dev.apogee.store.StoreVerifier;
import dev.apogee.store.record.MessageRecordFlyweight;
import dev.apogee.store.recovery.StoreCheckpoint;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.*;

/**
 * kill -9 tests: a child JVM appends with SYNC_FLUSH and reports acknowledged messages; the parent SIGKILLs it at
 * random moments, recovers the store and checks that every acknowledged message is present and intact, that no
 * queue entry points at a missing or partial record, and that the store takes new writes.
 */
@Tag("slow")
class CrashRecoveryTest {
    private static final int MIN_KILLS = 20;
    private static final long BUDGET_NANOS = TimeUnit.SECONDS.toNanos(100);

    @TempDir
    Path dir;

    /** One acknowledged message as the child reported it. */
    private record Ack(long id, int queueId, long queueOffset, long physicalOffset, int size) {
        static Ack parse(String line) {
            String[] p = line.split(" ");
            return new Ack(Long.parseLong(p[1]), Integer.parseInt(p[2]), Long.parseLong(p[3]), Long.parseLong(p[4]),
                    Integer.parseInt(p[5]));
        }
    }

    @Test
    void everyAcknowledgedMessageSurvivesSigkill() throws Exception {
        runKillLoop(new Random(42), false);
    }

    @Test
    void everyAcknowledgedMessageSurvivesSigkillWithTornOrCorruptedTail() throws Exception {
        runKillLoop(new Random(4242), true);
    }

    private void runKillLoop(Random random, boolean damageTail) throws Exception {
        List<Ack> acked = new ArrayList<>();
        long nextId = 0;
        long start = System.nanoTime();
        int kills = 0;
        while (kills < MIN_KILLS && System.nanoTime() - start < BUDGET_NANOS) {
            List<Ack> fresh = runChildAndKill(random, nextId);
            kills++;
            acked.addAll(fresh);
            nextId = acked.stream().mapToLong(Ack::id).max().orElse(nextId - 1) + 1 + 100_000;
            if (damageTail) {
                damageTail(random, acked);
            }
            verify(acked);
        }
        assertTrue(kills >= MIN_KILLS, "only " + kills + " kills within the time budget");
        assertTrue(acked.size() > 100, "children acknowledged too few messages: " + acked.size());
    }

    /** Children started so far: the odd ones stage their appends. */
    private int childrenStarted;

    private List<Ack> runChildAndKill(Random random, long firstId) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-Xmx128m", "-XX:TieredStopAtLevel=1", "-cp",
                System.getProperty("java.class.path"), CrashWriterMain.class.getName(), dir.toString(),
                Long.toString(firstId), "4",
                // children alternate between each put writing its own bytes and the staging ring (64 KiB: smaller
                // than a file, so it wraps around), so both SYNC_FLUSH write paths are killed mid-flight
                Integer.toString(childrenStarted++ % 2 == 0 ? 0 : 64 * 1024));
        pb.redirectError(ProcessBuilder.Redirect.DISCARD);
        Process child = pb.start();
        ConcurrentLinkedQueue<Ack> acks = new ConcurrentLinkedQueue<>();
        AtomicBoolean ready = new AtomicBoolean();
        Thread reader = new Thread(() -> readAcks(child, acks, ready), "crash-child-reader");
        reader.start();
        boolean killDuringStartup = random.nextInt(5) == 0;
        long killAfterMs = killDuringStartup ? 50 + random.nextInt(400) : 20 + random.nextInt(400);
        long t0 = System.nanoTime();
        if (!killDuringStartup) {
            await().atMost(30, TimeUnit.SECONDS).until(() -> !acks.isEmpty() || !child.isAlive());
            t0 = System.nanoTime();
        }
        long deadline = t0 + TimeUnit.MILLISECONDS.toNanos(killAfterMs);
        await().atMost(30, TimeUnit.SECONDS).pollInterval(5, TimeUnit.MILLISECONDS)
                .until(() -> System.nanoTime() >= deadline || !child.isAlive());
        assertTrue(child.isAlive(), "child died on its own");
        child.destroyForcibly();
        assertTrue(child.waitFor(30, TimeUnit.SECONDS));
        reader.join(30_000);
        return new ArrayList<>(acks);
    }

    private static void readAcks(Process child, ConcurrentLinkedQueue<Ack> acks, AtomicBoolean ready) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.equals("READY")) {
                    ready.set(true);
                } else if (line.startsWith("ACK ") && line.split(" ").length == 6) {
                    acks.add(Ack.parse(line));
                }
            }
        } catch (Exception e) {
            // the pipe breaks when the child is killed; the last partial line is dropped
        }
    }

    /**
     * Tears or corrupts bytes past the last acknowledged record (those were never acknowledged) and past the
     * checkpoint's flushed offset: bytes below it were forced before the checkpoint was written, so no crash can tear
     * them (recovery starts its scan there and does not re-read them); a child killed between its force and its ack
     * line, or the parent's own write, leaves such durable bytes past the last ack.
     */
    private void damageTail(Random random, List<Ack> acked) throws Exception {
        long ackedEnd = Math.max(StoreCheckpoint.load(dir.resolve("checkpoint")).physicSafeOffset(),
                acked.stream().mapToLong(a -> a.physicalOffset() + a.size()).max().orElse(0));
        Path last = StoreVerifier.lastCommitLogFile(dir);
        long fileStart = Long.parseLong(last.getFileName().toString());
        int fileSize = (int) Files.size(last);
        long from = Math.max(ackedEnd, fileStart);
        int pos = (int) (from - fileStart);
        if (pos >= fileSize - 16) {
            return;
        }
        int len = Math.min(1 + random.nextInt(600), fileSize - pos);
        byte[] bytes = new byte[len];
        try (FileChannel ch = FileChannel.open(last, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            switch (random.nextInt(3)) {
                case 0 -> random.nextBytes(bytes); // garbage
                case 1 -> { } // zeroes: a torn write
                default -> { // flip one byte of whatever follows
                    ch.read(ByteBuffer.wrap(bytes), pos);
                    int at = random.nextInt(len);
                    bytes[at] ^= (byte) (1 + random.nextInt(255));
                }
            }
            ch.write(ByteBuffer.wrap(bytes), pos);
        }
    }

    private void verify(List<Ack> acked) throws Exception {
        try (MessageStore store = MessageStore.open(CrashWriterMain.config(dir))) {
            store.start();
            MessageRecordFlyweight rec = new MessageRecordFlyweight();
            for (Ack a : acked) {
                ByteBuffer b = store.lookMessageByOffset(a.physicalOffset()).orElseThrow(
                        () -> new AssertionError("acknowledged message lost: " + a));
                rec.wrap(b, 0);
                assertArrayEquals(CrashWriterMain.payload(a.id()), rec.body(), "body of " + a);
                assertEquals(a.queueOffset(), rec.queueOffset());
                assertEquals(a.queueId(), rec.queueId());
                assertEquals(a.physicalOffset(), store.getCommitLogOffsetInQueue("Crash", a.queueId(), a.queueOffset()),
                        "queue entry of " + a);
            }
            for (int q = 0; q < CrashWriterMain.QUEUES; q++) {
                StoreVerifier.assertQueueConsistent(store, "Crash", q);
            }
            PutResult r = store.putMessage(StoreTestSupport.message("Crash", 0, "parent-write")).get(10, TimeUnit.SECONDS);
            assertEquals(PutStatus.PUT_OK, r.status());
            StoreTestSupport.awaitDispatched(store);
            assertEquals(store.getMaxOffsetInQueue("Crash", 0), r.queueOffset() + 1);
        }
    }
}

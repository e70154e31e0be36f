package dev.apogee.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import dev.apogee.store.record.MessageRecordFlyweight;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static dev.apogee.store.StoreTestSupport.*;
import static dev.apogee.store.StoreVerifier.*;
import static org.junit.jupiter.api.Assertions.*;

class RecoveryTest {
    private static final int QUEUES = 3;

    @TempDir
    Path dir;

    /**
     * The FLIP_*_OF_LAST cases damage a header field the body CRC does not cover; the whole-record CRC
     * ({@code __CRC32#}) must reject the record, or recovery would keep it with a wrong topic, queue or offset.
     */
    enum Damage {
        NONE, GARBAGE_AFTER_END, ZERO_LAST_BYTES, FLIP_CRC_BYTE, FLIP_IN_EARLIER_FILE, DELETE_CONSUME_QUEUES,
        FLIP_QUEUE_ID_OF_LAST, FLIP_QUEUE_OFFSET_OF_LAST, FLIP_TOPIC_OF_LAST, FLIP_PROPERTY_OF_LAST
    }

    private StoreConfig config(Path d) {
        return smallConfig(d).flushConsumeQueueIntervalMs(60_000).build();
    }

    @Test
    void cleanRestartKeepsEverythingAndContinuesOffsets() throws Exception {
        List<PutResult> written = new ArrayList<>();
        try (MessageStore store = openStarted(config(dir))) {
            for (int i = 0; i < 300; i++) {
                written.add(put(store, message("R", i % QUEUES, "m" + i + repeat('.', 400))));
            }
        }
        assertFalse(Files.exists(dir.resolve("abort")), "clean shutdown removes the abort marker");
        try (MessageStore store = openStarted(config(dir))) {
            assertEquals(written.get(299).nextOffset(), store.getMaxPhyOffset());
            for (int q = 0; q < QUEUES; q++) {
                assertEquals(100, store.getMaxOffsetInQueue("R", q));
                assertQueueConsistent(store, "R", q);
            }
            PutResult next = put(store, message("R", 0, "after"));
            assertEquals(100, next.queueOffset());
            assertEquals(written.get(299).nextOffset(), next.wroteOffset());
        }
    }

    @ParameterizedTest
    @EnumSource(Damage.class)
    void abnormalRecoveryCutsTheTornTailAndRebuildsQueues(Damage damage) throws Exception {
        List<PutResult> written = new ArrayList<>();
        Path crash = dir.resolve("crash");
        Path live = dir.resolve("live");
        try (MessageStore store = openStarted(config(live))) {
            for (int i = 0; i < 60; i++) {
                written.add(put(store, tagged("R", i % QUEUES, "m" + i + repeat('.', 700), null, "k" + i, null)));
            }
            store.checkpointNow();
            for (int i = 60; i < 240; i++) {
                written.add(put(store, tagged("R", i % QUEUES, "m" + i + repeat('.', 700), null, "k" + i, null)));
            }
            awaitDispatched(store);
            copyDir(live, crash);
        }
        int survivors = damage(crash, damage, written);
        try (MessageStore store = openStarted(config(crash))) {
            long end = survivors == 0 ? 0 : written.get(survivors - 1).nextOffset();
            assertEquals(end, store.getMaxPhyOffset());
            for (int i = 0; i < written.size(); i++) {
                PutResult r = written.get(i);
                if (i < survivors) {
                    assertEquals("m" + i + repeat('.', 700), body(store.lookMessageByOffset(r.wroteOffset()).orElseThrow()));
                    assertEquals(1, store.queryMessage("R", "k" + i, 5, 0, Long.MAX_VALUE).messages().size());
                } else {
                    assertTrue(store.lookMessageByOffset(r.wroteOffset()).isEmpty(), "cut: " + i);
                    assertTrue(store.queryMessage("R", "k" + i, 5, 0, Long.MAX_VALUE).messages().isEmpty());
                }
            }
            for (int q = 0; q < QUEUES; q++) {
                int expected = (int) java.util.stream.IntStream.range(0, survivors).filter(i -> i % QUEUES == 0).count();
                if (q == 0) {
                    assertEquals(expected, store.getMaxOffsetInQueue("R", 0));
                }
                assertQueueConsistent(store, "R", q);
            }
            long expectedNext = store.getMaxOffsetInQueue("R", 1);
            PutResult next = put(store, message("R", 1, "after-crash"));
            assertEquals(PutStatus.PUT_OK, next.status());
            assertEquals(expectedNext, next.queueOffset());
            assertTrue(next.wroteOffset() >= end, "new writes continue after the recovered end");
            awaitDispatched(store);
            assertQueueConsistent(store, "R", 1);
        }
        try (MessageStore store = openStarted(config(crash))) {
            for (int q = 0; q < QUEUES; q++) {
                assertQueueConsistent(store, "R", q);
            }
        }
    }

    /** Damages the crash image; returns how many of the written messages must survive. */
    private static int damage(Path crash, Damage damage, List<PutResult> written) throws IOException {
        PutResult last = written.get(written.size() - 1);
        Path lastFile = lastCommitLogFile(crash);
        long fileStart = Long.parseLong(lastFile.getFileName().toString());
        int lastPos = (int) (last.wroteOffset() - fileStart);
        switch (damage) {
            case NONE:
                return written.size();
            case DELETE_CONSUME_QUEUES:
                deleteTree(crash.resolve("consumequeue"));
                deleteTree(crash.resolve("index"));
                Files.delete(crash.resolve("checkpoint")); // documented way to force a full rebuild
                return written.size();
            case GARBAGE_AFTER_END: {
                byte[] junk = new byte[300];
                new Random(7).nextBytes(junk);
                write(lastFile, lastPos + last.wroteBytes(), junk);
                return written.size();
            }
            case ZERO_LAST_BYTES:
                write(lastFile, lastPos + last.wroteBytes() - 100, new byte[100]);
                return written.size() - 1;
            case FLIP_CRC_BYTE:
                flip(lastFile, lastPos + last.wroteBytes() - 60);
                return written.size() - 1;
            case FLIP_QUEUE_ID_OF_LAST:
                flip(lastFile, lastPos + MessageRecordFlyweight.QUEUE_ID_OFFSET + 3);
                return written.size() - 1;
            case FLIP_QUEUE_OFFSET_OF_LAST:
                flip(lastFile, lastPos + MessageRecordFlyweight.QUEUE_OFFSET_OFFSET + 7);
                return written.size() - 1;
            case FLIP_TOPIC_OF_LAST:
                flip(lastFile, lastPos + lastRecord(lastFile, lastPos).topicOffset());
                return written.size() - 1;
            case FLIP_PROPERTY_OF_LAST:
                flip(lastFile, lastPos + lastRecord(lastFile, lastPos).propertiesLengthOffset() + 3);
                return written.size() - 1;
            case FLIP_IN_EARLIER_FILE: {
                int victim = 0;
                while (written.get(victim + 1).wroteOffset() < fileStart - CL_FILE_SIZE) {
                    victim++;
                }
                PutResult v = written.get(victim);
                Path file = crash.resolve("commitlog").resolve(dev.apogee.store.file.MappedFile.fileName(
                        v.wroteOffset() - v.wroteOffset() % CL_FILE_SIZE));
                flip(file, (int) (v.wroteOffset() % CL_FILE_SIZE) + 100);
                return victim;
            }
            default:
                throw new IllegalStateException();
        }
    }

    private static MessageRecordFlyweight lastRecord(Path file, int pos) throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(file));
        return new MessageRecordFlyweight().wrap(bytes, pos);
    }

    private static void write(Path file, int pos, byte[] bytes) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(bytes), pos);
        }
    }

    private static void flip(Path file, int pos) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer b = ByteBuffer.allocate(1);
            ch.read(b, pos);
            b.put(0, (byte) (b.get(0) ^ 0x5A)).rewind();
            ch.write(b, pos);
        }
    }

    private static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) {
            return;
        }
        try (var s = Files.walk(p)) {
            for (Path x : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(x);
            }
        }
    }
}

package dev.apogee.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import dev.apogee.store.record.MessageRecordFlyweight;

import static org.junit.jupiter.api.Assertions.*;

/** Checks used after recovery: every queue entry points at a whole, matching record. */
public final class StoreVerifier {
    private StoreVerifier() {
    }

    /** Every entry in [min, max) of the queue points at an intact record of that topic/queue/offset. */
    public static void assertQueueConsistent(MessageStore store, String topic, int queueId) {
        long min = store.getMinOffsetInQueue(topic, queueId);
        long max = store.getMaxOffsetInQueue(topic, queueId);
        for (long i = min; i < max; i++) {
            long phys = store.getCommitLogOffsetInQueue(topic, queueId, i);
            assertTrue(phys >= 0, "entry " + i + " of " + topic + "/" + queueId);
            ByteBuffer rec = store.lookMessageByOffset(phys).orElseThrow(
                    () -> new AssertionError("entry points at a missing record: " + phys));
            MessageRecordFlyweight v = new MessageRecordFlyweight().wrap(rec, 0);
            assertEquals(i, v.queueOffset());
            assertEquals(queueId, v.queueId());
            assertEquals(topic, v.topic());
            assertEquals(phys, v.physicalOffset());
            assertTrue(phys + v.totalSize() <= store.getMaxPhyOffset());
            java.util.zip.CRC32 crc = new java.util.zip.CRC32();
            crc.update(v.body());
            assertEquals((int) crc.getValue() & 0x7FFFFFFF, v.bodyCrc(), "body intact at " + phys);
        }
    }

    /** Copies a live store directory: the copy looks like the directory of a process killed right now. */
    public static void copyDir(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }

    /** The last commit-log file holding data (the pre-allocated next file, if any, is skipped). */
    public static Path lastCommitLogFile(Path storeDir) throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(storeDir.resolve("commitlog"))) {
            files = s.filter(p -> p.getFileName().toString().matches("\\d{20}")).sorted().toList();
        }
        for (int i = files.size() - 1; i > 0; i--) {
            try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(files.get(i))) {
                ByteBuffer first = ByteBuffer.allocate(4);
                ch.read(first, 0);
                if (first.getInt(0) != 0) {
                    return files.get(i);
                }
            }
        }
        return files.get(0);
    }
}

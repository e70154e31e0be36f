package dev.apogee.store.check;

import dev.apogee.store.MessageStore;
import dev.apogee.store.StoreConfig;
import dev.apogee.store.consumequeue.ConsumeQueueEntry;
import dev.apogee.store.file.MappedFile;
import dev.apogee.store.record.MessageRecordFlyweight;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.apogee.store.StoreTestSupport.*;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.*;

/**
 * store-check on a real store written by {@link MessageStore} (several commit-log files), closed cleanly, then
 * damaged on purpose: every defect is reported with its kind, file and position, and nothing else is.
 */
class StoreCheckTest {
    private static final String TOPIC = "Orders";
    private static final int MESSAGES = 120;

    @TempDir
    Path dir;

    /** Commit-log offset of each message, by (queue id, queue offset) = (i % 2, i / 2). */
    private final List<Long> offsets = new ArrayList<>();

    @Test
    void cleanStoreHasNoDefects() throws Exception {
        writeAndClose();
        List<String> phases = new ArrayList<>();
        StoreCheckReport report = StoreCheck.run(dir, (phase, done, total) -> {
            assertTrue(done <= total, phase + " " + done + "/" + total);
            phases.add(phase);
        });
        assertTrue(report.clean(), report.listedDefects().toString());
        assertEquals(MESSAGES, report.records());
        assertEquals(MESSAGES, report.consumeQueueEntries());
        assertEquals(2, report.consumeQueues());
        assertTrue(report.commitLogFiles() > 1, "the messages span several files: " + report.commitLogFiles());
        assertFalse(report.uncleanShutdown());
        assertTrue(phases.contains("commitlog") && phases.contains("consumequeue"), phases.toString());
    }

    @Test
    void flippedBodyByteAndWrongTagsCodeAreReportedWithTheirPlace() throws Exception {
        writeAndClose();
        long damaged = offsets.get(40);
        int bodyAt = bodyPosition(damaged);
        flipByte(damaged + bodyAt);
        Path queueFile = dir.resolve("consumequeue").resolve(TOPIC).resolve("1").resolve(MappedFile.fileName(0));
        int entryAt = 7 * ConsumeQueueEntry.ENTRY_SIZE; // queue 1, queue offset 7 = message 15
        writeLong(queueFile, entryAt + ConsumeQueueEntry.TAGS_CODE_OFFSET, 4242L);

        StoreCheckReport report = StoreCheck.run(dir, StoreCheckProgress.NONE);

        assertEquals(2, report.defects(), report.listedDefects().toString());
        assertEquals(Map.of(DefectKind.RECORD_BODY_CRC, 1L, DefectKind.CQ_TAGS_CODE_MISMATCH, 1L),
                report.defectsByKind());
        StoreDefect crc = report.listedDefects().get(0);
        assertEquals("commitlog/" + MappedFile.fileName(fileStart(damaged)), crc.file());
        assertEquals(damaged - fileStart(damaged), crc.position());
        StoreDefect tags = report.listedDefects().get(1);
        assertEquals("consumequeue/" + TOPIC + "/1/" + MappedFile.fileName(0), tags.file());
        assertEquals(entryAt, tags.position());
        assertTrue(tags.detail().contains("4242"), tags.detail());
        assertEquals(MESSAGES - 1, report.records(), "the damaged record is not counted as whole");
    }

    @Test
    void brokenRecordStructureIsSkippedToTheNextRecord() throws Exception {
        writeAndClose();
        long damaged = offsets.get(10);
        long next = offsets.get(11);
        flipByte(damaged + MessageRecordFlyweight.MAGIC_OFFSET);
        Path queueFile = dir.resolve("consumequeue").resolve(TOPIC).resolve("0").resolve(MappedFile.fileName(0));
        writeInt(queueFile, 2 * ConsumeQueueEntry.ENTRY_SIZE + ConsumeQueueEntry.SIZE_OFFSET, 99); // message 4

        StoreCheckReport report = StoreCheck.run(dir, StoreCheckProgress.NONE);

        assertEquals(Map.of(DefectKind.RECORD_BAD_MAGIC, 1L, DefectKind.CQ_NO_RECORD, 1L,
                DefectKind.CQ_SIZE_MISMATCH, 1L), report.defectsByKind(), report.listedDefects().toString());
        assertEquals(MESSAGES - 1, report.records());
        assertEquals(next - damaged, report.skippedBytes(), "resumed at the next record");
    }

    @Test
    void storeOpenInABrokerIsRefused() throws Exception {
        writeAndClose();
        try (MessageStore open = MessageStore.open(config())) {
            StoreCheck.StoreInUseException e = assertThrows(StoreCheck.StoreInUseException.class,
                    () -> StoreCheck.run(dir, StoreCheckProgress.NONE));
            assertTrue(e.getMessage().contains("in use by a running broker"), e.getMessage());
        }
        assertThrows(IOException.class, () -> StoreCheck.run(dir.resolve("nothing"), StoreCheckProgress.NONE));
    }

    private StoreConfig config() {
        return smallConfig(dir).build();
    }

    private void writeAndClose() throws Exception {
        MessageStore store = openStarted(config());
        try {
            String body = "x".repeat(1500); // 120 messages of ~1.6 KiB fill three 64 KiB files
            for (int i = 0; i < MESSAGES; i++) {
                offsets.add(put(store, tagged(TOPIC, i % 2, body + i, "tag" + (i % 3), "k" + i, null))
                        .wroteOffset());
            }
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> store.getDispatchedPhyOffset() >= store.getMaxPhyOffset());
        } finally {
            store.shutdown();
        }
    }

    private int bodyPosition(long recordOffset) throws IOException {
        ByteBuffer header = read(recordOffset, 256);
        return new MessageRecordFlyweight().wrap(header, 0).bodyOffset();
    }

    private static long fileStart(long offset) {
        return offset - offset % CL_FILE_SIZE;
    }

    private Path logFile(long offset) {
        return dir.resolve("commitlog").resolve(MappedFile.fileName(fileStart(offset)));
    }

    private ByteBuffer read(long offset, int length) throws IOException {
        try (FileChannel ch = FileChannel.open(logFile(offset), StandardOpenOption.READ)) {
            ByteBuffer b = ByteBuffer.allocate(length);
            ch.read(b, offset - fileStart(offset));
            return b.flip();
        }
    }

    private void flipByte(long offset) throws IOException {
        try (FileChannel ch = FileChannel.open(logFile(offset), StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer b = ByteBuffer.allocate(1);
            long at = offset - fileStart(offset);
            ch.read(b, at);
            b.put(0, (byte) (b.get(0) ^ 0x5A)).rewind();
            ch.write(b, at);
        }
    }

    private static void writeLong(Path file, int at, long value) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.allocate(8).putLong(0, value), at);
        }
    }

    private static void writeInt(Path file, int at, int value) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.allocate(4).putInt(0, value), at);
        }
    }
}

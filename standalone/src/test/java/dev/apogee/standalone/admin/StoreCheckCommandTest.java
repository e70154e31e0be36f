package dev.apogee.standalone.admin;

import dev.apogee.client.ClientConfig;
import dev.apogee.client.message.Message;
import dev.apogee.client.producer.Producer;
import dev.apogee.client.producer.ProducerConfig;
import dev.apogee.client.producer.SendStatus;
import dev.apogee.store.consumequeue.ConsumeQueueEntry;
import dev.apogee.store.file.MappedFile;
import dev.apogee.store.record.MessageRecordFlyweight;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code store-check} on the store of our real broker: refused while the broker runs, clean after it stopped, and
 * after a body byte is flipped and a consume-queue entry's tags code overwritten, both reported in the summary with
 * their file and position, exit code 1.
 */
class StoreCheckCommandTest {
    private static final int MESSAGES = 50;
    private static final int COMMIT_LOG_FILE = 32 * 1024 * 1024;

    @TempDir
    Path dir;

    @Test
    void refusedWhileRunningThenCleanThenReportsEachDefect() throws Exception {
        AdminServer server = new AdminServer(dir);
        Path store = server.storeDir();
        try {
            send(server.namesrv());
            AdminServer.Run locked = AdminServer.run(false, "store-check", "-d", store.toString());
            assertEquals(1, locked.exitCode(), locked.toString());
            assertTrue(locked.err().contains("is in use by a running broker"), locked.toString());
            assertEquals(1, locked.err().lines().count(), locked.toString());
        } finally {
            server.close();
        }

        AdminServer.Run clean = AdminServer.run(false, "store-check", "-d", store.toString());
        assertEquals(0, clean.exitCode(), clean.toString());
        assertTrue(clean.out().contains("commitlog: 100%"), "plain progress lines: " + clean);
        assertTrue(clean.out().contains("consumequeue: 100%"), clean.toString());
        long records = count(clean, "commit log: \\d+ files, (\\d+) records");
        assertTrue(records >= MESSAGES, clean.toString());
        assertTrue(count(clean, "(\\d+) entries checked") >= MESSAGES, clean.toString());
        assertTrue(clean.out().contains("result: OK, no errors"), clean.toString());

        Path queueFile = firstQueueFile(store);
        ByteBuffer entry = read(queueFile, 0, ConsumeQueueEntry.ENTRY_SIZE);
        long recordOffset = entry.getLong(ConsumeQueueEntry.PHYSICAL_OFFSET_OFFSET);
        Path logFile = store.resolve("commitlog").resolve(MappedFile.fileName(0));
        int bodyAt = new MessageRecordFlyweight().wrap(read(logFile, recordOffset, 512), 0).bodyOffset();
        flip(logFile, recordOffset + bodyAt + 2);
        int entryAt = ConsumeQueueEntry.ENTRY_SIZE; // the queue's second entry
        write(queueFile, entryAt + ConsumeQueueEntry.TAGS_CODE_OFFSET, ByteBuffer.allocate(8).putLong(0, 77L));

        AdminServer.Run damaged = AdminServer.run(true, "store-check", "-d", store.toString());
        assertEquals(1, damaged.exitCode(), damaged.toString());
        String out = damaged.out();
        assertTrue(out.contains("\rcommitlog    [") && out.contains("100%"), "a progress bar on a terminal: " + out);
        assertEquals(records - 1, count(damaged, "commit log: \\d+ files, (\\d+) records"),
                "the damaged record is not counted as whole");
        assertTrue(Pattern.compile("(?m)^  RECORD_BODY_CRC +1$").matcher(out).find(), out);
        assertTrue(Pattern.compile("(?m)^  CQ_TAGS_CODE_MISMATCH +1$").matcher(out).find(), out);
        assertTrue(out.contains("  RECORD_BODY_CRC commitlog/" + MappedFile.fileName(0) + " @" + recordOffset + ": "),
                out);
        assertTrue(out.contains("  CQ_TAGS_CODE_MISMATCH " + store.relativize(queueFile)
                + " @" + entryAt + ": "), out);
        assertTrue(out.contains("has tags code 77"), out);
        assertTrue(out.contains("result: 2 error(s)"), out);
        assertTrue(recordOffset < COMMIT_LOG_FILE);
    }

    private static long count(AdminServer.Run run, String regex) {
        Matcher m = Pattern.compile(regex).matcher(run.out());
        assertTrue(m.find(), regex + " in " + run);
        return Long.parseLong(m.group(1));
    }

    private static void send(String namesrv) throws Exception {
        Producer producer = new Producer(new ProducerConfig("ledger-producer").setClientConfig(
                new ClientConfig().setNamesrvAddress(namesrv).setInstanceName("store-check-test")));
        producer.start();
        try {
            for (int i = 0; i < MESSAGES; i++) {
                Message m = new Message("ledger", "tag" + (i % 4), "k" + i,
                        ("entry " + i + " " + "x".repeat(100)).getBytes(StandardCharsets.UTF_8));
                if (i == 0) { // the first send waits for the broker's registration to reach the name server
                    await().atMost(Duration.ofSeconds(30)).ignoreExceptions()
                            .until(() -> producer.send(m).status() == SendStatus.SEND_OK);
                } else {
                    assertEquals(SendStatus.SEND_OK, producer.send(m).status());
                }
            }
        } finally {
            producer.shutdown();
        }
    }

    /** The first consume-queue file of the topic holding at least two entries. */
    private static Path firstQueueFile(Path store) throws IOException {
        try (Stream<Path> queues = Files.list(store.resolve("consumequeue").resolve("ledger"))) {
            for (Path queue : queues.sorted().toList()) {
                Path file = queue.resolve(MappedFile.fileName(0));
                if (Files.exists(file) && read(file, ConsumeQueueEntry.ENTRY_SIZE, ConsumeQueueEntry.ENTRY_SIZE)
                        .getInt(ConsumeQueueEntry.SIZE_OFFSET) > 0) {
                    return file;
                }
            }
        }
        throw new AssertionError("no consume queue of 'ledger' with two entries");
    }

    private static ByteBuffer read(Path file, long at, int length) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer b = ByteBuffer.allocate(length);
            ch.read(b, at);
            return b.flip();
        }
    }

    private static void write(Path file, long at, ByteBuffer bytes) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.write(bytes, at);
        }
    }

    private static void flip(Path file, long at) throws IOException {
        ByteBuffer b = read(file, at, 1);
        b.put(0, (byte) (b.get(0) ^ 0x20));
        write(file, at, b);
    }
}

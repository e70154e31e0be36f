package dev.apogee.store;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.apogee.store.record.MessageRecordFlyweight;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static dev.apogee.store.StoreTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

class MessageStoreBasicTest {
    @TempDir
    Path dir;

    @Test
    void appendsAndReadsBackWithStoreAssignedFields() throws Exception {
        try (MessageStore store = openStarted(smallConfig(dir).build())) {
            PutResult r0 = put(store, message("T", 0, "hello"));
            PutResult r1 = put(store, message("T", 0, "world"));
            PutResult other = put(store, message("T", 1, "other"));
            assertEquals(PutStatus.PUT_OK, r0.status());
            assertEquals(0, r0.wroteOffset());
            assertEquals(0, r0.queueOffset());
            assertEquals(1, r1.queueOffset());
            assertEquals(r0.wroteBytes(), r1.wroteOffset());
            assertEquals(0, other.queueOffset());
            awaitDispatched(store);

            GetResult g = store.getMessages("T", 0, 0, 32, 1 << 20, MessageFilter.ALL);
            assertEquals(GetStatus.FOUND, g.status());
            assertEquals(2, g.messageCount());
            assertEquals(2, g.nextBeginOffset());
            assertEquals(r0.wroteBytes() + r1.wroteBytes(), g.totalBytes());
            MessageRecordFlyweight rec = view(g.messages().get(1));
            assertEquals("world", body(g.messages().get(1)));
            assertEquals(1, rec.queueOffset());
            assertEquals(r1.wroteOffset(), rec.physicalOffset());
            assertEquals(r1.storeTimestamp(), rec.storeTimestamp());
            assertEquals("T", rec.topic());
            assertTrue(g.messages().get(0).isReadOnly());
            assertEquals(2, store.getMaxOffsetInQueue("T", 0));
            assertEquals(0, store.getMinOffsetInQueue("T", 0));
            ByteBuffer byOffset = store.lookMessageByOffset(r1.wroteOffset()).orElseThrow();
            assertEquals("world", body(byOffset));
            assertTrue(store.lookMessageByOffset(r1.wroteOffset() + 1).isEmpty());
        }
    }

    @Test
    void rollsOverToNextFileWithBlankRecord() throws Exception {
        try (MessageStore store = openStarted(smallConfig(dir).build())) {
            String body = repeat('x', 1000);
            List<PutResult> results = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                results.add(put(store, message("Roll", 0, body + i)));
            }
            assertTrue(store.getMaxPhyOffset() > 3L * CL_FILE_SIZE);
            for (PutResult r : results) {
                assertEquals(PutStatus.PUT_OK, r.status());
                long startFile = r.wroteOffset() / CL_FILE_SIZE;
                long endFile = (r.wroteOffset() + r.wroteBytes() - 1) / CL_FILE_SIZE;
                assertEquals(startFile, endFile, "a record never spans two files");
            }
            // the first record of file 1 starts exactly at the file boundary; file 0 ends with a blank record
            PutResult firstOfFile1 = results.stream().filter(r -> r.wroteOffset() >= CL_FILE_SIZE).findFirst().orElseThrow();
            assertEquals(CL_FILE_SIZE, firstOfFile1.wroteOffset());
            PutResult lastOfFile0 = results.get(results.indexOf(firstOfFile1) - 1);
            long blankAt = lastOfFile0.nextOffset();
            ByteBuffer file0 = java.nio.ByteBuffer.wrap(java.nio.file.Files.readAllBytes(
                    dir.resolve("commitlog").resolve("00000000000000000000")));
            assertEquals(MessageRecordFlyweight.MAGIC_BLANK, file0.getInt((int) blankAt + 4));
            assertEquals(CL_FILE_SIZE - blankAt, file0.getInt((int) blankAt));
            assertTrue(java.nio.file.Files.exists(dir.resolve("commitlog").resolve("00000000000000065536")));
            awaitDispatched(store);
            long next = 0;
            int seen = 0;
            while (true) {
                GetResult g = store.getMessages("Roll", 0, next, 7, 1 << 20, null);
                if (g.status() != GetStatus.FOUND) {
                    assertEquals(GetStatus.OFFSET_OVERFLOW_ONE, g.status());
                    break;
                }
                for (ByteBuffer b : g.messages()) {
                    assertEquals(body + seen, body(b));
                    seen++;
                }
                next = g.nextBeginOffset();
            }
            assertEquals(200, seen);
        }
    }

    @Test
    void batchAppendIsContiguousWithConsecutiveQueueOffsets() throws Exception {
        try (MessageStore store = openStarted(smallConfig(dir).build())) {
            put(store, message("B", 3, "before"));
            List<MessageToStore> batch = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                batch.add(message("B", 3, "batch-" + i));
            }
            PutResult r = store.putMessages(batch).get();
            assertEquals(PutStatus.PUT_OK, r.status());
            assertEquals(10, r.msgNum());
            assertEquals(1, r.queueOffset());
            assertEquals(10, r.physicalOffsets().length);
            assertEquals(r.wroteOffset(), r.physicalOffsets()[0]);
            awaitDispatched(store);
            GetResult g = store.getMessages("B", 3, 1, 100, 1 << 20, null);
            assertEquals(10, g.messageCount());
            for (int i = 0; i < 10; i++) {
                MessageRecordFlyweight rec = view(g.messages().get(i));
                assertEquals("batch-" + i, body(g.messages().get(i)));
                assertEquals(1 + i, rec.queueOffset());
                assertEquals(r.physicalOffsets()[i], rec.physicalOffset());
            }
            List<MessageToStore> mixed = List.of(message("B", 3, "a"), message("B", 4, "b"));
            assertEquals(PutStatus.MESSAGE_ILLEGAL, store.putMessages(mixed).get().status());
        }
    }

    @Test
    void batchThatDoesNotFitTheFileRollsOverWhole() throws Exception {
        try (MessageStore store = openStarted(smallConfig(dir).build())) {
            String body = repeat('b', 1000);
            long lastOffset = 0;
            while (lastOffset < CL_FILE_SIZE - 5000) {
                lastOffset = put(store, message("B", 0, body)).nextOffset();
            }
            List<MessageToStore> batch = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                batch.add(message("B", 0, body));
            }
            PutResult r = store.putMessages(batch).get();
            assertEquals(PutStatus.PUT_OK, r.status());
            assertEquals(CL_FILE_SIZE, r.wroteOffset());
        }
    }
}

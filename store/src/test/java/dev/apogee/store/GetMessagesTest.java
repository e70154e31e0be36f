package dev.apogee.store;

import java.nio.ByteBuffer;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static dev.apogee.store.StoreTestSupport.*;
import static org.junit.jupiter.api.Assertions.*;

class GetMessagesTest {
    @TempDir
    Path dir;

    @Test
    void everyStatusAndNextBeginOffsetAsInThePullTable() throws Exception {
        try (MessageStore store = openStarted(smallConfig(dir).build())) {
            GetResult none = store.getMessages("Nope", 0, 0, 32, 1 << 20, null);
            assertEquals(GetStatus.NO_MATCHED_LOGIC_QUEUE, none.status());
            assertEquals(0, none.nextBeginOffset());
            assertEquals(GetStatus.NO_MATCHED_LOGIC_QUEUE, store.getMessages("Nope", 0, 5, 32, 1 << 20, null).status());

            for (int i = 0; i < 5; i++) {
                put(store, tagged("G", 0, "m" + i, i % 2 == 0 ? "even" : "odd", null, null));
            }
            awaitDispatched(store);
            GetResult found = store.getMessages("G", 0, 1, 2, 1 << 20, null);
            assertEquals(GetStatus.FOUND, found.status());
            assertEquals(3, found.nextBeginOffset());
            assertEquals(0, found.minOffset());
            assertEquals(5, found.maxOffset());

            GetResult one = store.getMessages("G", 0, 5, 32, 1 << 20, null);
            assertEquals(GetStatus.OFFSET_OVERFLOW_ONE, one.status());
            assertEquals(5, one.nextBeginOffset());

            GetResult badly = store.getMessages("G", 0, 9, 32, 1 << 20, null);
            assertEquals(GetStatus.OFFSET_OVERFLOW_BADLY, badly.status());
            assertEquals(5, badly.nextBeginOffset());

            MessageFilter noMatch = tagsCode -> false;
            GetResult unmatched = store.getMessages("G", 0, 0, 32, 1 << 20, noMatch);
            assertEquals(GetStatus.NO_MATCHED_MESSAGE, unmatched.status());
            assertEquals(5, unmatched.nextBeginOffset(), "after the scanned range");
        }
    }

    @Test
    void tagFilterAndPropertiesHookAndByteLimit() throws Exception {
        try (MessageStore store = openStarted(smallConfig(dir).build())) {
            for (int i = 0; i < 10; i++) {
                put(store, tagged("F", 0, "m" + i, i % 2 == 0 ? "even" : "odd", null, null));
            }
            awaitDispatched(store);
            long even = "even".hashCode();
            GetResult evens = store.getMessages("F", 0, 0, 32, 1 << 20, code -> code == even);
            assertEquals(5, evens.messageCount());
            assertEquals("m8", body(evens.messages().get(4)));
            assertEquals(10, evens.nextBeginOffset());

            MessageFilter props = new MessageFilter() {
                @Override
                public boolean matchesTagsCode(long tagsCode) {
                    return true;
                }

                @Override
                public boolean matchesProperties(ByteBuffer storedRecord) {
                    return body(storedRecord).equals("m3");
                }
            };
            GetResult byProps = store.getMessages("F", 0, 0, 32, 1 << 20, props);
            assertEquals(1, byProps.messageCount());
            assertEquals("m3", body(byProps.messages().get(0)));

            int size = store.getMessages("F", 0, 0, 1, 1 << 20, null).totalBytes();
            GetResult limited = store.getMessages("F", 0, 0, 32, size * 3 + 1, null);
            assertEquals(3, limited.messageCount());
            assertEquals(3, limited.nextBeginOffset());
            GetResult tiny = store.getMessages("F", 0, 0, 32, 1, null);
            assertEquals(1, tiny.messageCount(), "the first message is returned even when over the byte limit");
        }
    }

    @Test
    void offsetTooSmallAfterRetention() throws Exception {
        MutableClock clock = new MutableClock(System.currentTimeMillis());
        StoreConfig config = smallConfig(dir).clock(clock).deleteWhenHour(-1).build();
        double[] usage = {0.1};
        config = config.toBuilder().diskUsageProbe(p -> usage[0]).build();
        try (MessageStore store = openStarted(config)) {
            String body = repeat('r', 2000);
            for (int i = 0; i < 100; i++) {
                put(store, message("R", 0, body));
            }
            awaitDispatched(store);
            org.awaitility.Awaitility.await().until(() -> store.getFlushedPhyOffset() >= store.getMaxPhyOffset());
            usage[0] = 0.8;
            assertTrue(store.runRetentionNow() > 0);
            usage[0] = 0.1;
            long min = store.getMinOffsetInQueue("R", 0);
            assertTrue(min > 0);
            GetResult small = store.getMessages("R", 0, 0, 32, 1 << 20, null);
            assertEquals(GetStatus.OFFSET_TOO_SMALL, small.status());
            assertEquals(min, small.nextBeginOffset());
            GetResult atMin = store.getMessages("R", 0, min, 1, 1 << 20, null);
            assertEquals(GetStatus.FOUND, atMin.status());
        }
    }

    @Test
    void queueThatExistsButIsEmpty() throws Exception {
        java.nio.file.Files.createDirectories(dir.resolve("consumequeue").resolve("Empty").resolve("0"));
        try (MessageStore store = openStarted(smallConfig(dir).build())) {
            GetResult r = store.getMessages("Empty", 0, 0, 32, 1 << 20, null);
            assertEquals(GetStatus.NO_MESSAGE_IN_QUEUE, r.status());
            assertEquals(0, r.nextBeginOffset());
        }
    }
}

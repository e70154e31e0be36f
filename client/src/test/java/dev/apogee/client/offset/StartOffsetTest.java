package dev.apogee.client.offset;

import dev.apogee.remoting.protocol.body.ConsumeFromWhere;
import dev.apogee.remoting.protocol.body.MessageQueue;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Start offsets of a queue without a committed offset, per consume-from rule and topic kind; and the local store. */
class StartOffsetTest {
    private static final MessageQueue TOPIC = new MessageQueue("T", "b", 0);
    private static final MessageQueue RETRY = new MessageQueue("%RETRY%g", "b", 0);
    private static final StartOffset.QueueOffsets BROKER = new StartOffset.QueueOffsets() {
        @Override
        public long maxOffset(MessageQueue queue) {
            return 100;
        }

        @Override
        public long searchOffset(MessageQueue queue, long timestamp) {
            return timestamp / 1000;
        }
    };

    @Test
    void rulesTable() throws Exception {
        Object[][] table = {
            {TOPIC, ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET, 100L},
            {RETRY, ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET, 0L},
            {TOPIC, ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, 0L},
            {RETRY, ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, 0L},
            {TOPIC, ConsumeFromWhere.CONSUME_FROM_TIMESTAMP, 42L},
            {RETRY, ConsumeFromWhere.CONSUME_FROM_TIMESTAMP, 100L},
        };
        for (Object[] row : table) {
            LocalOffsetStore empty = new LocalOffsetStore(Path.of("/nonexistent"), "c", "g");
            assertEquals((long) row[2], StartOffset.compute((MessageQueue) row[0], empty, BROKER,
                    (ConsumeFromWhere) row[1], 42_000), row[0] + " " + row[1]);
        }
    }

    @Test
    void aStoredOffsetWinsAndSurvivesARestartOfTheLocalStore(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        LocalOffsetStore store = new LocalOffsetStore(dir, "10.0.0.1@x", "g");
        store.updateOffset(TOPIC, 7, false);
        store.updateOffset(TOPIC, 5, true);
        assertEquals(7, store.readMemory(TOPIC), "increase-only updates never go back");
        store.persistAll(Set.of(TOPIC));
        LocalOffsetStore reloaded = new LocalOffsetStore(dir, "10.0.0.1@x", "g");
        reloaded.load();
        assertEquals(7, StartOffset.compute(TOPIC, reloaded, BROKER, ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET, 0));
    }
}

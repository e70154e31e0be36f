package dev.apogee.broker.offset;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The delivery watermark: what a pull hands out raises it; it never goes back; it goes with its group or topic. */
class DeliveryWatermarksTest {

    @Test
    void returnsTheWatermarkBeforeEachPullAndOnlyRises() {
        DeliveryWatermarks w = new DeliveryWatermarks();
        // {next begin offset of a pull, watermark it must report as "before"}
        long[][] pulls = {{5, 0}, {9, 5}, {3, 9}, {9, 9}, {12, 9}, {12, 12}};
        for (long[] pull : pulls) {
            assertEquals(pull[1], w.advance("g", "t", 2, pull[0]), "pull up to " + pull[0]);
        }
        assertEquals(0, w.advance("g", "t", 1, 4), "queues are separate");
        assertEquals(0, w.advance("other", "t", 2, 4), "groups are separate");
        assertEquals(0, w.advance("g", "t2", 2, 4), "topics are separate");
    }

    @Test
    void growsForHighQueueIdsWithoutLosingLowerOnes() {
        DeliveryWatermarks w = new DeliveryWatermarks();
        w.advance("g", "t", 3, 7);
        assertEquals(0, w.advance("g", "t", 40, 2));
        assertEquals(7, w.advance("g", "t", 3, 8));
        assertEquals(2, w.advance("g", "t", 40, 2));
    }

    @Test
    void forgottenWithTheGroupOrTheTopic() {
        ConsumerOffsetTable table = new ConsumerOffsetTable(null);
        table.delivered().advance("g", "t", 0, 5);
        table.delivered().advance("h", "u", 0, 5);
        table.removeGroup("g");
        table.removeTopic("u");
        assertEquals(0, table.delivered().advance("g", "t", 0, 1));
        assertEquals(0, table.delivered().advance("h", "u", 0, 1));
    }

    @Test
    void survivesAPersistAndLoad(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        dev.apogee.broker.persist.ConfigFile file = new dev.apogee.broker.persist.ConfigFile(
                dir.resolve("consumerOffset.json"));
        ConsumerOffsetTable before = new ConsumerOffsetTable(file);
        before.commit("g", "t", 1, 3);
        before.delivered().advance("g", "t", 1, 8);
        before.delivered().advance("h", "u", 17, 4);
        before.persist();
        ConsumerOffsetTable after = new ConsumerOffsetTable(file);
        after.load();
        assertEquals(3, after.query("g", "t", 1), "the offsets are still there");
        assertEquals(8, after.delivered().advance("g", "t", 1, 9));
        assertEquals(4, after.delivered().advance("h", "u", 17, 5));
    }
}

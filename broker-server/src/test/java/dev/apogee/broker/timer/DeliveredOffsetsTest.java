package dev.apogee.broker.timer;

import dev.apogee.broker.persist.ConfigFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DeliveredOffsetsTest {
    @Test
    void watermarkAdvancesOverContiguousDeliveriesAndSurvivesReload(@TempDir Path dir) throws Exception {
        ConfigFile file = new ConfigFile(dir.resolve("timerProgress.json"));
        DeliveredOffsets delivered = new DeliveredOffsets(file);
        delivered.load(0);
        delivered.markDelivered(2);
        delivered.markDelivered(5);
        assertEquals(0, delivered.low());
        delivered.markDelivered(0);
        delivered.markDelivered(1);
        assertEquals(3, delivered.low());
        for (int i = 6; i < 200_000; i++) {
            delivered.markDelivered(i);
        }
        assertEquals(3, delivered.low());
        delivered.markDelivered(3);
        delivered.markDelivered(4);
        assertEquals(200_000, delivered.low());
        delivered.markDelivered(200_007);
        delivered.persist();

        DeliveredOffsets reloaded = new DeliveredOffsets(file);
        reloaded.load(0);
        assertEquals(200_000, reloaded.low());
        assertTrue(reloaded.isDelivered(199_999));
        assertTrue(reloaded.isDelivered(200_007));
        assertFalse(reloaded.isDelivered(200_001));
    }
}

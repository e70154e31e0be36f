package dev.apogee.broker.acceptance;

import dev.apogee.store.powercut.PowerCutFs;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Power cuts under SYNC_FLUSH: the broker (child JVM) keeps its store on the power-cut filesystem; the official
 * producer sends from three threads; {@value #CUTS} times the broker is killed with sends in flight and the disk loses
 * everything not fsynced (every other cut tears the last unsynced write at a random byte); the broker then recovers
 * from what the disk kept. At the end every acknowledged message must be stored, intact (body checksum).
 */
@Tag("slow")
@Timeout(900)
class PowerCutSyncFlushTest {
    static final int CUTS = 50;

    @TempDir
    Path dir;

    @Test
    void everyAcknowledgedMessageSurvivesPowerCuts() throws Exception {
        assumeTrue(PowerCutFs.unavailableReason().isEmpty(),
                () -> "power-cut suite skipped: " + PowerCutFs.unavailableReason().orElseThrow());
        long started = System.nanoTime();
        try (PowerCutRig rig = new PowerCutRig(dir, "SYNC_FLUSH")) {
            DefaultMQProducer producer = rig.producer();
            try {
                for (int round = 1; round <= CUTS; round++) {
                    rig.startBroker();
                    rig.loadThenCut(producer, round, 3, 20, round % 2 == 0 ? round : 0);
                }
            } finally {
                producer.shutdown();
            }
            rig.startBroker();
            Map<String, Integer> stored = rig.readStored();
            List<String> lost = rig.acknowledged().keySet().stream().filter(b -> !stored.containsKey(b)).toList();
            List<String> damaged = stored.keySet().stream().filter(b -> !PowerCutRig.intact(b)).toList();
            assertTrue(lost.isEmpty(), lost.size() + " of " + rig.acknowledged().size()
                    + " acknowledged messages lost, e.g. " + lost.stream().limit(5).toList());
            assertTrue(damaged.isEmpty(), "damaged bodies: " + damaged.stream().limit(5).toList());
            assertEquals(CUTS + 1, rig.fs().mounts());
            System.out.printf("power cuts under SYNC_FLUSH: %d cuts (%d torn), %d sends acknowledged, %d stored, none"
                    + " lost or damaged, %.0f s%n", CUTS, CUTS / 2, rig.acknowledged().size(), stored.size(),
                    (System.nanoTime() - started) / 1e9);
        }
    }
}

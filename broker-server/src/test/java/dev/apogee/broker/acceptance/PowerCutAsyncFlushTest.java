package dev.apogee.broker.acceptance;

import dev.apogee.store.powercut.PowerCutFs;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Power cuts under ASYNC_FLUSH: acknowledged messages may be lost (the flush thread forces every
 * {@code flushIntervalCommitLog} ms), and the test measures how many and how old: for each cut, the messages of its
 * round that were acknowledged and are gone, and the time from the oldest of those acknowledgements to the kill. That
 * window must stay within the flush interval (plus {@value #SCHEDULING_SLACK_MS} ms for a flush thread delayed on a
 * loaded two-core machine and the fsync itself); nothing stored may be damaged.
 */
@Tag("slow")
@Timeout(600)
class PowerCutAsyncFlushTest {
    private static final int CUTS = 12;
    private static final long FLUSH_INTERVAL_MS = 500;
    private static final long SCHEDULING_SLACK_MS = 1_500;

    @TempDir
    Path dir;

    @Test
    void lossPerCutStaysWithinTheFlushInterval() throws Exception {
        assumeTrue(PowerCutFs.unavailableReason().isEmpty(),
                () -> "power-cut suite skipped: " + PowerCutFs.unavailableReason().orElseThrow());
        long started = System.nanoTime();
        // least pages 0: every interval flushes whatever is dirty, so the interval alone bounds the loss
        try (PowerCutRig rig = new PowerCutRig(dir, "ASYNC_FLUSH", "flushIntervalCommitLog=" + FLUSH_INTERVAL_MS,
                "flushCommitLogLeastPages=0")) {
            long[] killedAt = new long[CUTS + 1];
            DefaultMQProducer producer = rig.producer();
            try {
                for (int round = 1; round <= CUTS; round++) {
                    rig.startBroker();
                    killedAt[round] = rig.loadThenCut(producer, round, 3, 150, 0);
                }
            } finally {
                producer.shutdown();
            }
            rig.startBroker();
            Map<String, Integer> stored = rig.readStored();
            List<String> report = new ArrayList<>();
            long totalLost = 0;
            long worstMs = 0;
            for (int round = 1; round <= CUTS; round++) {
                String prefix = "r" + round + "-";
                long oldestLostAck = Long.MAX_VALUE;
                int lost = 0;
                for (Map.Entry<String, Long> ack : rig.acknowledged().entrySet()) {
                    if (ack.getKey().startsWith(prefix) && !stored.containsKey(ack.getKey())) {
                        lost++;
                        oldestLostAck = Math.min(oldestLostAck, ack.getValue());
                    }
                }
                long lostMs = lost == 0 ? 0 : (killedAt[round] - oldestLostAck) / 1_000_000;
                totalLost += lost;
                worstMs = Math.max(worstMs, lostMs);
                report.add(lost + " msgs/" + lostMs + " ms");
            }
            List<String> damaged = stored.keySet().stream().filter(b -> !PowerCutRig.intact(b)).toList();
            System.out.printf("power cuts under ASYNC_FLUSH (flush every %d ms): %d cuts, %d sends acknowledged, %d"
                    + " lost (%.1f per cut), worst %d ms of acknowledged sends lost; per cut %s; %.0f s%n",
                    FLUSH_INTERVAL_MS, CUTS, rig.acknowledged().size(), totalLost, totalLost / (double) CUTS, worstMs,
                    report, (System.nanoTime() - started) / 1e9);
            assertTrue(damaged.isEmpty(), "damaged bodies: " + damaged.stream().limit(5).toList());
            assertTrue(worstMs <= FLUSH_INTERVAL_MS + SCHEDULING_SLACK_MS,
                    "a cut lost " + worstMs + " ms of acknowledged sends, more than the flush interval: " + report);
        }
    }
}

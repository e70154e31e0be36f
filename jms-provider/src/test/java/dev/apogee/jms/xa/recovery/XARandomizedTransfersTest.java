package dev.apogee.jms.xa.recovery;

import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.jms.tx.TxBroker;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * At least 1,000 XA transactions "receive from Q1, insert a row, send to Q2" from two sessions of a child-JVM
 * application (Narayana, H2 file database) against our broker, with random application rollbacks, setRollbackOnly,
 * a participant voting no and a participant failing its commit (XAER_RMFAIL, finished by recovery). Every outcome is
 * determinate, so at the end: each Q1 message has exactly one row and exactly one Q2 message, Q1 is empty, nothing is
 * in doubt on the broker or in Narayana's log, and every half message the broker stored is decided.
 */
@Tag("slow")
@Timeout(value = 170, unit = TimeUnit.SECONDS)
class XARandomizedTransfersTest {
    private static final int MESSAGES = 850;
    private static final String Q1 = "XARQ1";
    private static final String Q2 = "XARQ2";

    @TempDir
    Path dir;
    private TxBroker broker;
    private ChildJvm app;

    @AfterEach
    void stop() throws Exception {
        if (app != null) {
            app.close();
        }
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void randomRollbacksAndFailuresLeaveDatabaseAndQueuesConsistent() throws Exception {
        broker = TxBroker.start();
        String namesrv = broker.namesrvAddress();
        String url = "jdbc:h2:file:" + dir.resolve("db").resolve("transfers");
        JdbcDataSource db = TransferApp.database(url);
        XACrashRecoveryTest.createTable(db);
        List<String> jobs = new ArrayList<>();
        for (int i = 0; i < MESSAGES; i++) {
            jobs.add(String.format("m-%04d", i));
        }
        try (QueueProbe probe = new QueueProbe(TransferApp.factory(namesrv))) {
            probe.send(Q1, jobs);
        }
        long seed = System.nanoTime();
        app = ChildJvm.app(dir.resolve("random.out"), List.of("mode=random", "namesrv=" + namesrv,
                "store=" + dir.resolve("narayana"), "db=" + url, "q1=" + Q1, "q2=" + Q2, "n=" + MESSAGES,
                "threads=2", "seed=" + seed, "seconds=120"));
        app.awaitLine("AWAITING-EXIT", Duration.ofSeconds(150));
        String summary = app.line("RANDOM ");
        System.out.println("seed " + seed + ": " + summary);
        Map<String, Long> counts = counts(summary);

        assertEquals(0, counts.get("surprises"), "every transaction ended as drawn\n" + app.output());
        assertEquals(0, counts.get("workerFailures"), app.output());
        assertTrue(counts.get("transactions") >= 1000, "at least 1,000 transactions: " + summary);
        for (String kind : List.of("APP_ROLLBACK", "ROLLBACK_ONLY", "VOTE_NO", "FAIL_COMMIT_ONCE")) {
            assertTrue(counts.get(kind) > 0, kind + " happened: " + summary);
        }
        assertEquals(MESSAGES, counts.get("COMMIT") + counts.get("FAIL_COMMIT_ONCE"),
                "one committed transaction per message: " + summary);
        assertEquals("LOGGED-AFTER-RECOVERY 0", app.line("LOGGED-AFTER-RECOVERY"), "Narayana's log is empty");

        try (QueueProbe probe = new QueueProbe(TransferApp.factory(namesrv))) { // the application still connected
            assertEquals(List.of(), probe.inDoubt(), "nothing in doubt on the broker");
            assertEquals(once(jobs.stream().map(j -> "done " + j).toList()), tally(probe.settledContents(Q2)),
                    "one Q2 message per message");
            assertEquals(List.of(), probe.settledContents(Q1), "every Q1 message consumed");
            List<String> undecided = probe.undecidedHalves(new BrokerConfig().getBrokerName(), Q2);
            assertTrue(probe.lastHalfCount >= MESSAGES, "the sends were half messages: " + probe.lastHalfCount);
            assertEquals(List.of(), undecided, "every half message decided");
        }
        app.writeLine("exit");
        assertEquals(0, app.awaitExit(Duration.ofSeconds(30)), app.output());
        assertEquals(once(jobs), tally(XACrashRecoveryTest.rows(db)), "one row per message");
    }

    private static Map<String, Long> counts(String summary) {
        Map<String, Long> counts = new HashMap<>();
        for (String part : summary.split(" ")) {
            int eq = part.indexOf('=');
            if (eq > 0) {
                counts.put(part.substring(0, eq), Long.parseLong(part.substring(eq + 1)));
            }
        }
        return counts;
    }

    private static Map<String, Long> tally(List<String> values) {
        return new TreeMap<>(values.stream().collect(Collectors.groupingBy(Function.identity(),
                Collectors.counting())));
    }

    private static Map<String, Long> once(List<String> values) {
        return tally(values);
    }
}

package dev.apogee.jms.xa.recovery;

import dev.apogee.namesrv.NameServer;
import dev.apogee.namesrv.config.NamesrvConfig;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import javax.transaction.xa.Xid;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Crash between prepare and commit, with real processes: "receive from Q1, insert a row, send to Q2" under Narayana
 * in a child JVM, our broker in another (SYNC_FLUSH). A {@link TestResource} enlisted first is committed first, after
 * every participant prepared and Narayana logged its decision: there it SIGKILLs the broker, or halts the client
 * JVM. After the restart, Narayana's recovery must finish the transaction: the row once, the Q2 message once, the
 * Q1 message consumed, nothing left in doubt on the broker or in Narayana's log, no undecided half message.
 */
@Tag("slow")
@Timeout(value = 170, unit = TimeUnit.SECONDS)
class XACrashRecoveryTest {
    private static final String BROKER = "broker-xa";
    private static final String Q1 = "XAQ1";
    private static final String Q2 = "XAQ2";
    private static final String JOB = "job-1";

    @TempDir
    Path dir;
    private NameServer namesrv;
    private String namesrvAddress;
    private final List<ChildJvm> children = new ArrayList<>();

    @BeforeEach
    void startNamesrv() throws Exception {
        namesrv = new NameServer(new NamesrvConfig().setListenPort(0).setBindAddress("127.0.0.1")
                .setKvConfigPath(dir.resolve("namesrv").resolve("kvConfig.json"))).start();
        namesrvAddress = namesrv.localAddress();
        createTable(database());
    }

    @AfterEach
    void stop() throws Exception {
        for (ChildJvm c : children) {
            c.close();
        }
        if (namesrv != null) {
            namesrv.close();
        }
    }

    @Test
    void brokerKilledBetweenPrepareAndCommitIsRecovered() throws Exception {
        int port = ChildJvm.freePort();
        ChildJvm broker = child(ChildJvm.broker(dir.resolve("broker"), BROKER, namesrvAddress, port, 1));
        sendJob();

        ChildJvm app = child(ChildJvm.app(dir.resolve("app.out"), appArgs("transfer", "hook=kill:" + broker.pid())));
        app.awaitLine("AWAITING-RECOVER", Duration.ofSeconds(90));
        assertNotNull(app.line("BROKER-KILLED"), app.output());
        assertFalse(broker.isAlive(), "the broker was SIGKILLed");

        child(ChildJvm.broker(dir.resolve("broker"), BROKER, namesrvAddress, port, 2));
        assertInDoubtBeforeRecovery();

        app.writeLine("recover"); // the transaction manager survived: it recovers in the same process
        assertEquals(0, app.awaitExit(Duration.ofSeconds(90)), app.output());
        assertRecovered(app);
    }

    @Test
    void clientHaltedBetweenPrepareAndCommitIsRecoveredByANewProcess() throws Exception {
        child(ChildJvm.broker(dir.resolve("broker"), BROKER, namesrvAddress, ChildJvm.freePort(), 1));
        sendJob();

        ChildJvm app = child(ChildJvm.app(dir.resolve("app.out"), appArgs("transfer", "hook=halt")));
        assertEquals(77, app.awaitExit(Duration.ofSeconds(90)), app.output());
        assertNotNull(app.line("HALTING"), app.output());
        assertInDoubtBeforeRecovery();

        ChildJvm recovery = child(ChildJvm.app(dir.resolve("recovery.out"), appArgs("recover")));
        assertEquals(0, recovery.awaitExit(Duration.ofSeconds(90)), recovery.output());
        assertEquals("LOGGED-BEFORE-RECOVERY 1", recovery.line("LOGGED-BEFORE-RECOVERY"), recovery.output());
        assertRecovered(recovery);
    }

    private ChildJvm child(ChildJvm c) {
        children.add(c);
        return c;
    }

    private List<String> appArgs(String mode, String... more) {
        List<String> args = new ArrayList<>(List.of("mode=" + mode, "namesrv=" + namesrvAddress,
                "store=" + dir.resolve("narayana"), "db=" + databaseUrl(), "q1=" + Q1, "q2=" + Q2));
        args.addAll(List.of(more));
        return args;
    }

    private void sendJob() throws Exception {
        try (QueueProbe probe = new QueueProbe(TransferApp.factory(namesrvAddress))) {
            probe.send(Q1, List.of(JOB));
        }
    }

    /** The crash landed between prepare and commit: our branch is in doubt and its send is not visible. */
    private void assertInDoubtBeforeRecovery() throws Exception {
        try (QueueProbe probe = new QueueProbe(TransferApp.factory(namesrvAddress))) {
            List<Xid> inDoubt = probe.inDoubt();
            assertEquals(1, inDoubt.size(), "one branch prepared and undecided: " + inDoubt);
            assertEquals(List.of(), probe.settledContents(Q2), "nothing on Q2 before the decision");
        }
    }

    private void assertRecovered(ChildJvm recovering) throws Exception {
        assertEquals("LOGGED-AFTER-RECOVERY 0", recovering.line("LOGGED-AFTER-RECOVERY"),
                "Narayana's log is empty: the transaction completed\n" + recovering.output());
        assertEquals(List.of(JOB), rows(), "the row, once");
        try (QueueProbe probe = new QueueProbe(TransferApp.factory(namesrvAddress))) {
            assertEquals(List.of(), probe.inDoubt(), "nothing in doubt on the broker");
            assertEquals(List.of("done " + JOB), probe.settledContents(Q2), "the Q2 message, stored once");
            assertEquals("done " + JOB, probe.receive(Q2, Duration.ofSeconds(30)), "the Q2 message is delivered");
            assertEquals(List.of(), probe.settledContents(Q1), "the Q1 message stays consumed");
            List<String> undecided = probe.undecidedHalves(BROKER, Q2);
            assertTrue(probe.lastHalfCount >= 1, "the send was a half message");
            assertEquals(List.of(), undecided, "no undecided half message");
        }
    }

    private String databaseUrl() {
        return "jdbc:h2:file:" + dir.resolve("db").resolve("transfers");
    }

    private JdbcDataSource database() {
        return TransferApp.database(databaseUrl());
    }

    static void createTable(JdbcDataSource db) throws Exception {
        try (Connection c = db.getConnection(); Statement s = c.createStatement()) {
            // no unique key: a duplicate insert must show as a second row, not as a failed transaction
            s.execute("CREATE TABLE " + TransferApp.TABLE + " (ID BIGINT AUTO_INCREMENT PRIMARY KEY,"
                    + " NAME VARCHAR(100) NOT NULL)");
        }
    }

    private List<String> rows() throws Exception {
        return rows(database());
    }

    static List<String> rows(JdbcDataSource db) throws Exception {
        List<String> names = new ArrayList<>();
        try (Connection c = db.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT NAME FROM " + TransferApp.TABLE + " ORDER BY ID")) {
            while (rs.next()) {
                names.add(rs.getString(1));
            }
        }
        return names;
    }
}

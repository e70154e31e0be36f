package dev.apogee.jms.xa.recovery;

import com.arjuna.ats.arjuna.recovery.RecoveryManager;
import dev.apogee.jms.xa.ApogeeXAConnectionFactory;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.TextMessage;
import jakarta.jms.XAConnection;
import jakarta.jms.XASession;
import jakarta.transaction.Transaction;
import jakarta.transaction.TransactionManager;
import org.h2.jdbcx.JdbcDataSource;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The application of the crash tests, run as a child JVM: Narayana (its own object store), an H2 file database and
 * our XA connection factory. Arguments are {@code key=value}; it reports on stdout, one line per step.
 * <ul>
 *   <li>{@code mode=transfer}: one transaction "receive from q1, insert a row, send to q2" with a {@link TestResource}
 *   enlisted first, whose commit runs {@code hook}: {@code kill:<pid>} SIGKILLs the broker (then, on a line
 *   {@code recover} on stdin, this same process runs recovery), {@code halt} halts this JVM.</li>
 *   <li>{@code mode=recover}: a new process recovers the transactions of the object store.</li>
 *   <li>{@code mode=random}: {@link RandomTransfers}.</li>
 * </ul>
 */
public final class TransferApp {
    static final String TABLE = "TRANSFERS";

    private TransferApp() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> a = new HashMap<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            a.put(arg.substring(0, eq), arg.substring(eq + 1));
        }
        TransactionManager tm = NarayanaSetup.configure(Path.of(a.get("store")));
        ApogeeXAConnectionFactory jms = factory(a.get("namesrv"));
        JdbcDataSource db = database(a.get("db"));
        switch (a.get("mode")) {
            case "transfer" -> transfer(tm, jms, db, a);
            case "recover" -> recover(jms, db);
            case "random" -> new RandomTransfers(tm, jms, db, a).run();
            default -> throw new IllegalArgumentException("mode " + a.get("mode"));
        }
        report("EXIT");
        System.exit(0);
    }

    static ApogeeXAConnectionFactory factory(String namesrv) {
        ApogeeXAConnectionFactory f = new ApogeeXAConnectionFactory();
        f.setNamesrvAddress(namesrv);
        f.setTrustedPackages(List.of("dev.apogee.jms"));
        return f;
    }

    static JdbcDataSource database(String url) {
        JdbcDataSource db = new JdbcDataSource();
        db.setURL(url);
        db.setUser("sa");
        return db;
    }

    static void report(String line) {
        System.out.println(line);
        System.out.flush();
    }

    private static void transfer(TransactionManager tm, ApogeeXAConnectionFactory jms, JdbcDataSource db,
            Map<String, String> a) throws Exception {
        String hook = a.get("hook");
        XAConnection connection = jms.createXAConnection();
        connection.start();
        XASession session = connection.createXASession();
        MessageConsumer in = session.createConsumer(session.createQueue(a.get("q1")));
        MessageProducer out = session.createProducer(session.createQueue(a.get("q2")));
        javax.sql.XAConnection sql = db.getXAConnection();

        tm.begin();
        Transaction t = tm.getTransaction();
        t.enlistResource(TestResource.atCommit(hook.equals("halt") ? TransferApp::halt
                : () -> kill(Long.parseLong(hook.substring("kill:".length())))));
        t.enlistResource(session.getXAResource());
        t.enlistResource(sql.getXAResource());
        TextMessage job = (TextMessage) in.receive(60_000);
        if (job == null) {
            report("NO-MESSAGE");
            tm.rollback();
            System.exit(2);
        }
        insert(sql.getConnection(), job.getText());
        out.send(session.createTextMessage("done " + job.getText()));
        report("WORK-DONE " + job.getText());
        try {
            tm.commit();
            report("COMMIT-RETURNED");
        } catch (Exception e) {
            report("COMMIT-FAILED " + e);
        }
        report("LOGGED " + NarayanaSetup.loggedTransactions());
        report("AWAITING-RECOVER");
        BufferedReader stdin = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line = stdin.readLine();
        if (!"recover".equals(line)) {
            throw new IllegalStateException("expected 'recover' on stdin, got " + line);
        }
        recover(jms, db); // the transaction manager outlived the broker: it finishes its own transaction
        sql.close();
        connection.close();
    }

    static void insert(Connection c, String name) throws Exception {
        try (PreparedStatement insert = c.prepareStatement("INSERT INTO " + TABLE + " (NAME) VALUES (?)")) {
            insert.setString(1, name);
            insert.executeUpdate();
        }
    }

    /** Two scans of Narayana's recovery; reports the transactions in the log before and after. */
    static void recover(ApogeeXAConnectionFactory jms, JdbcDataSource db) throws Exception {
        RecoveryManager manager = NarayanaSetup.recovery(jms, db);
        report("LOGGED-BEFORE-RECOVERY " + NarayanaSetup.loggedTransactions());
        manager.scan();
        manager.scan();
        report("LOGGED-AFTER-RECOVERY " + NarayanaSetup.loggedTransactions());
        manager.terminate();
        report("RECOVERED");
    }

    private static void kill(long pid) {
        ProcessHandle broker = ProcessHandle.of(pid).orElseThrow();
        broker.destroyForcibly(); // SIGKILL
        broker.onExit().join();
        report("BROKER-KILLED " + pid);
    }

    private static void halt() {
        report("HALTING");
        Runtime.getRuntime().halt(77);
    }
}

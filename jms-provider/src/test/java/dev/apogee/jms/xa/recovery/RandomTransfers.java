package dev.apogee.jms.xa.recovery;

import dev.apogee.jms.xa.ApogeeXAConnectionFactory;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.TextMessage;
import jakarta.jms.XAConnection;
import jakarta.jms.XASession;
import jakarta.transaction.RollbackException;
import jakarta.transaction.Transaction;
import jakarta.transaction.TransactionManager;
import org.h2.jdbcx.JdbcDataSource;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLongArray;

import static dev.apogee.jms.xa.recovery.TransferApp.report;

/**
 * The randomized run: {@code threads} workers, each with its own XA session and database connection, repeat
 * "receive from q1, insert a row, send to q2" until the table holds a row for each of the {@code n} messages. Each
 * transaction draws one outcome, all determinate: commit; application rollback; setRollbackOnly; a third resource
 * voting no at prepare (rolled back); a third resource failing its commit with XAER_RMFAIL once (committed: the
 * decision is logged and the recovery scans at the end finish that resource). Reports counts per outcome, any
 * outcome that differs from the drawn one ("surprises") and the transactions left in Narayana's log, then keeps its
 * connections open until a line on stdin.
 */
final class RandomTransfers {
    enum Draw { COMMIT, APP_ROLLBACK, ROLLBACK_ONLY, VOTE_NO, FAIL_COMMIT_ONCE }

    private final TransactionManager tm;
    private final ApogeeXAConnectionFactory jms;
    private final JdbcDataSource db;
    private final String q1;
    private final String q2;
    private final int n;
    private final int threads;
    private final long seed;
    private final long deadline;
    private final AtomicLongArray drawn = new AtomicLongArray(Draw.values().length);
    private final AtomicLongArray surprises = new AtomicLongArray(Draw.values().length);
    /** Connections closed only on exit (see {@link #run}). */
    private final List<AutoCloseable> open = new ArrayList<>();

    RandomTransfers(TransactionManager tm, ApogeeXAConnectionFactory jms, JdbcDataSource db, Map<String, String> a) {
        this.tm = tm;
        this.jms = jms;
        this.db = db;
        this.q1 = a.get("q1");
        this.q2 = a.get("q2");
        this.n = Integer.parseInt(a.get("n"));
        this.threads = Integer.parseInt(a.get("threads"));
        this.seed = Long.parseLong(a.get("seed"));
        this.deadline = System.currentTimeMillis() + Long.parseLong(a.get("seconds")) * 1000;
    }

    void run() throws Exception {
        long start = System.nanoTime();
        List<Thread> workers = new ArrayList<>();
        List<Throwable> failures = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            Random random = new Random(seed + i);
            Thread w = new Thread(() -> {
                try {
                    work(random);
                } catch (Throwable e) {
                    synchronized (failures) {
                        failures.add(e);
                    }
                    StringWriter trace = new StringWriter();
                    e.printStackTrace(new PrintWriter(trace));
                    report("WORKER-FAILED " + trace);
                }
            }, "transfer-" + i);
            w.start();
            workers.add(w);
        }
        for (Thread w : workers) {
            w.join();
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        long total = 0;
        StringBuilder counts = new StringBuilder();
        for (Draw d : Draw.values()) {
            total += drawn.get(d.ordinal());
            counts.append(' ').append(d).append('=').append(drawn.get(d.ordinal()));
        }
        long surprising = 0;
        for (Draw d : Draw.values()) {
            surprising += surprises.get(d.ordinal());
        }
        report("RANDOM transactions=" + total + counts + " surprises=" + surprising + " workerFailures="
                + failures.size() + " rows=" + committedRows() + " millis=" + millis);
        TransferApp.recover(jms, db); // finishes the resources that failed their commit once
        // the broker is inspected while this process's connections are still open: a half message its branch forgot
        // would otherwise be rolled back by the broker's reaper once the connection is gone, and go unnoticed
        report("AWAITING-EXIT");
        String line = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
        report("EXITING on " + line);
        for (AutoCloseable c : open) {
            c.close();
        }
    }

    private void work(Random random) throws Exception {
        XAConnection connection = jms.createXAConnection();
        javax.sql.XAConnection sql = db.getXAConnection();
        synchronized (open) {
            open.add(connection);
            open.add(sql::close);
        }
        try {
            connection.start();
            XASession session = connection.createXASession();
            MessageConsumer in = session.createConsumer(session.createQueue(q1));
            MessageProducer out = session.createProducer(session.createQueue(q2));
            Connection rows = sql.getConnection(); // one handle: H2 rolls the connection back on each getConnection
            while (System.currentTimeMillis() < deadline && committedRows() < n) {
                Draw draw = draw(random);
                tm.begin();
                Transaction t = tm.getTransaction();
                t.enlistResource(session.getXAResource());
                t.enlistResource(sql.getXAResource());
                t.enlistResource(TestResource.of(draw == Draw.VOTE_NO ? TestResource.Behaviour.VOTE_NO
                        : draw == Draw.FAIL_COMMIT_ONCE ? TestResource.Behaviour.FAIL_COMMIT_ONCE
                        : TestResource.Behaviour.NONE));
                TextMessage job = (TextMessage) in.receive(1_000);
                if (job == null) {
                    tm.rollback(); // nothing for this session now (the other one has it, or all is done)
                    continue;
                }
                TransferApp.insert(rows, job.getText());
                out.send(session.createTextMessage("done " + job.getText()));
                drawn.incrementAndGet(draw.ordinal());
                if (!complete(draw)) {
                    surprises.incrementAndGet(draw.ordinal());
                }
            }
        } finally {
            if (tm.getTransaction() != null) {
                tm.rollback();
            }
        }
    }

    /** Ends the transaction as drawn; false when the outcome is not the expected one. */
    private boolean complete(Draw draw) throws Exception {
        boolean expectCommit = draw == Draw.COMMIT || draw == Draw.FAIL_COMMIT_ONCE;
        switch (draw) {
            case APP_ROLLBACK -> {
                tm.rollback();
                return true;
            }
            case ROLLBACK_ONLY -> tm.setRollbackOnly();
            default -> {
            }
        }
        try {
            tm.commit();
            return expectCommit;
        } catch (RollbackException e) {
            return !expectCommit;
        } catch (Exception e) {
            report("SURPRISE " + draw + " " + e);
            return false;
        }
    }

    private static Draw draw(Random random) {
        int p = random.nextInt(100);
        if (p < 10) {
            return Draw.APP_ROLLBACK;
        }
        if (p < 18) {
            return Draw.ROLLBACK_ONLY;
        }
        if (p < 26) {
            return Draw.VOTE_NO;
        }
        if (p < 32) {
            return Draw.FAIL_COMMIT_ONCE;
        }
        return Draw.COMMIT;
    }

    private int committedRows() throws Exception {
        try (Connection c = db.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(DISTINCT NAME) FROM " + TransferApp.TABLE)) {
            rs.next();
            return rs.getInt(1);
        }
    }
}

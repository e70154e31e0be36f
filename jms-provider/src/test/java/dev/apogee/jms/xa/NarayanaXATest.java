package dev.apogee.jms.xa;

import com.arjuna.ats.arjuna.common.ObjectStoreEnvironmentBean;
import com.arjuna.common.internal.util.propertyservice.BeanPopulator;
import dev.apogee.jms.tx.TxBroker;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.QueueBrowser;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import jakarta.jms.XAConnection;
import jakarta.jms.XASession;
import jakarta.transaction.RollbackException;
import jakarta.transaction.Transaction;
import jakarta.transaction.TransactionManager;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * "Receive from Q1, insert a row, send to Q2" as one global transaction of a real transaction manager (Narayana)
 * over our XA session and an H2 XA database: all effects or none.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class NarayanaXATest {
    private static final AtomicInteger SEQ = new AtomicInteger();
    private static TxBroker broker;
    private static TransactionManager tm;
    private static JdbcDataSource database;
    private final List<Connection> connections = new ArrayList<>();
    private XAConnection jms;
    private XASession xa;
    private javax.sql.XAConnection sql;
    private Queue q1;
    private Queue q2;

    @BeforeAll
    static void start() throws Exception {
        broker = TxBroker.start();
        String store = Files.createTempDirectory(Files.createDirectories(Path.of("target")), "apogee-narayana").toString();
        BeanPopulator.getDefaultInstance(ObjectStoreEnvironmentBean.class).setObjectStoreDir(store);
        BeanPopulator.getNamedInstance(ObjectStoreEnvironmentBean.class, "communicationStore")
                .setObjectStoreDir(store);
        BeanPopulator.getNamedInstance(ObjectStoreEnvironmentBean.class, "stateStore").setObjectStoreDir(store);
        tm = com.arjuna.ats.jta.TransactionManager.transactionManager();
        database = new JdbcDataSource();
        database.setURL("jdbc:h2:mem:apogee_xa;DB_CLOSE_DELAY=-1");
        database.setUser("sa");
        try (java.sql.Connection c = database.getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE JOBS (NAME VARCHAR(100) PRIMARY KEY)");
        }
    }

    @AfterAll
    static void stop() throws Exception {
        if (broker != null) {
            broker.close();
        }
    }

    @BeforeEach
    void open() throws Exception {
        jms = broker.configure(new ApogeeXAConnectionFactory()).createXAConnection();
        connections.add(jms);
        jms.start();
        xa = jms.createXASession();
        int n = SEQ.incrementAndGet();
        q1 = xa.createQueue("XAQ1_" + n);
        q2 = xa.createQueue("XAQ2_" + n);
        sql = database.getXAConnection();
    }

    @AfterEach
    void close() throws Exception {
        if (tm.getTransaction() != null) {
            tm.rollback();
        }
        sql.close();
        for (Connection c : connections) {
            c.close();
        }
    }

    private void sendToQ1(String text) throws JMSException {
        Session s = jms.createSession(false, Session.AUTO_ACKNOWLEDGE);
        s.createProducer(q1).send(s.createTextMessage(text));
        s.close();
    }

    /** Receives from Q1, inserts a row and sends to Q2 inside the current transaction; returns the text received. */
    private String work(MessageConsumer fromQ1, MessageProducer toQ2) throws Exception {
        TextMessage in = (TextMessage) fromQ1.receive(10_000);
        assertNotNull(in, "the message on Q1");
        try (PreparedStatement insert = sql.getConnection().prepareStatement("INSERT INTO JOBS VALUES (?)")) {
            insert.setString(1, in.getText());
            insert.executeUpdate();
        }
        toQ2.send(xa.createTextMessage("done " + in.getText()));
        return in.getText();
    }

    private static int rows(String name) throws Exception {
        try (java.sql.Connection c = database.getConnection();
             PreparedStatement select = c.prepareStatement("SELECT COUNT(*) FROM JOBS WHERE NAME = ?")) {
            select.setString(1, name);
            try (ResultSet rs = select.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    private List<String> browseQ1() throws JMSException {
        Session s = jms.createSession(false, Session.AUTO_ACKNOWLEDGE);
        QueueBrowser browser = s.createBrowser(q1);
        List<String> texts = new ArrayList<>();
        for (Object m : Collections.list(browser.getEnumeration())) {
            texts.add(((TextMessage) m).getText());
        }
        s.close();
        return texts;
    }

    private MessageConsumer checkQ2() throws JMSException {
        return jms.createSession(false, Session.AUTO_ACKNOWLEDGE).createConsumer(q2);
    }

    @Test
    void committedTransactionHasAllThreeEffects() throws Exception {
        sendToQ1("job-commit");
        MessageConsumer onQ2 = checkQ2();
        MessageConsumer fromQ1 = xa.createConsumer(q1);
        MessageProducer toQ2 = xa.createProducer(q2);

        tm.begin();
        Transaction t = tm.getTransaction();
        t.enlistResource(xa.getXAResource());
        t.enlistResource(sql.getXAResource());
        String job = work(fromQ1, toQ2);
        assertNull(onQ2.receive(300), "nothing on Q2 before the commit");
        tm.commit();

        assertEquals(1, rows(job), "the row is committed");
        TextMessage out = (TextMessage) onQ2.receive(10_000);
        assertNotNull(out, "the Q2 message is committed");
        assertEquals("done job-commit", out.getText());
        assertEquals(List.of(), browseQ1(), "the Q1 message is consumed");
    }

    @Test
    void rolledBackTransactionHasNoEffectAndRedelivers() throws Exception {
        sendToQ1("job-rollback");
        MessageConsumer onQ2 = checkQ2();
        MessageConsumer fromQ1 = xa.createConsumer(q1);
        MessageProducer toQ2 = xa.createProducer(q2);

        tm.begin();
        Transaction t = tm.getTransaction();
        t.enlistResource(xa.getXAResource());
        t.enlistResource(sql.getXAResource());
        String job = work(fromQ1, toQ2);
        tm.rollback();

        assertNoEffects(job, onQ2);
        TextMessage again = (TextMessage) fromQ1.receive(10_000);
        assertNotNull(again, "the Q1 message comes again");
        assertEquals(job, again.getText());
        assertTrue(again.getJMSRedelivered());
    }

    @Test
    void aResourceVotingNoRollsEverythingBack() throws Exception {
        sendToQ1("job-vote-no");
        MessageConsumer onQ2 = checkQ2();
        MessageConsumer fromQ1 = xa.createConsumer(q1);
        MessageProducer toQ2 = xa.createProducer(q2);

        tm.begin();
        Transaction t = tm.getTransaction();
        t.enlistResource(xa.getXAResource());
        t.enlistResource(sql.getXAResource());
        t.enlistResource(new VotingNo());
        String job = work(fromQ1, toQ2);
        assertThrows(RollbackException.class, tm::commit);

        assertNoEffects(job, onQ2);
        TextMessage again = (TextMessage) fromQ1.receive(10_000);
        assertNotNull(again, "the Q1 message comes again");
        assertTrue(again.getJMSRedelivered());
    }

    private void assertNoEffects(String job, MessageConsumer onQ2) throws Exception {
        assertEquals(0, rows(job), "no row");
        assertNull(onQ2.receive(500), "no Q2 message");
        assertEquals(List.of(job), browseQ1(), "Q1's offset did not move");
    }

    /** A third resource that votes no at prepare. */
    private static final class VotingNo implements XAResource {
        @Override
        public void start(Xid xid, int flags) {
        }

        @Override
        public void end(Xid xid, int flags) {
        }

        @Override
        public int prepare(Xid xid) throws XAException {
            throw new XAException(XAException.XA_RBROLLBACK);
        }

        @Override
        public void commit(Xid xid, boolean onePhase) {
        }

        @Override
        public void rollback(Xid xid) {
        }

        @Override
        public Xid[] recover(int flag) {
            return new Xid[0];
        }

        @Override
        public void forget(Xid xid) {
        }

        @Override
        public boolean isSameRM(XAResource other) {
            return other == this;
        }

        @Override
        public int getTransactionTimeout() {
            return 0;
        }

        @Override
        public boolean setTransactionTimeout(int seconds) {
            return false;
        }
    }
}

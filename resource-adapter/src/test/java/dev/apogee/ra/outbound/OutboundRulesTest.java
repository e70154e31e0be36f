package dev.apogee.ra.outbound;

import dev.apogee.jms.xa.BranchXid;
import dev.apogee.ra.it.TestBroker;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.IllegalStateException;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import jakarta.jms.TransactionInProgressException;
import jakarta.resource.spi.ManagedConnection;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The outbound handles against our broker in this JVM, without a container: the Jakarta EE rules, and the local and
 * XA transactions the container would drive (here driven by hand through the managed connection).
 */
class OutboundRulesTest {
    private static ApogeeManagedConnectionFactory mcf;

    @BeforeAll
    static void definition() {
        mcf = new ApogeeManagedConnectionFactory();
        mcf.setConnectionUrl(TestBroker.get().url());
    }

    @Test
    void oneSessionPerConnectionAndNoConnectionLevelControls() throws Exception {
        ConnectionFactory cf = (ConnectionFactory) mcf.createConnectionFactory();
        try (Connection c = cf.createConnection()) {
            Session s = c.createSession(true, Session.CLIENT_ACKNOWLEDGE);
            assertFalse(s.getTransacted(), "outside a transaction the arguments are ignored");
            assertEquals(Session.AUTO_ACKNOWLEDGE, s.getAcknowledgeMode());
            IllegalStateException second = assertThrows(IllegalStateException.class, c::createSession);
            assertEquals("APOGEE-RA-0020", second.getErrorCode());
            assertThrows(IllegalStateException.class, () -> c.setClientID("x"));
            assertThrows(IllegalStateException.class, () -> c.setExceptionListener(e -> { }));
            assertThrows(IllegalStateException.class, c::stop);
            assertThrows(IllegalStateException.class, () -> s.setMessageListener(m -> { }));
            s.close();
            c.createSession().close(); // a closed session frees the connection's one slot
        }
    }

    @Test
    void localTransactionCommitsOrDropsTheSends() throws Exception {
        String queue = "ra_outbound_tx";
        send(queue, "rolled-back", false);
        send(queue, "committed", true);
        assertEquals(List.of("committed"), receiveAll(queue, "committed"));
    }

    /** What the container does for a connection used inside its transaction. */
    private static void send(String queue, String text, boolean commit) throws Exception {
        ManagedConnection mc = mcf.createManagedConnection(null, null);
        try {
            mc.getLocalTransaction().begin();
            Connection c = (Connection) mc.getConnection(null, null);
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            assertTrue(s.getTransacted(), "inside a transaction the session is the transaction's");
            s.createProducer(s.createQueue(queue)).send(s.createTextMessage(text));
            assertThrows(TransactionInProgressException.class, s::commit);
            c.close(); // the application closes before the transaction ends, as it usually does
            if (commit) {
                mc.getLocalTransaction().commit();
            } else {
                mc.getLocalTransaction().rollback();
            }
        } finally {
            mc.destroy();
        }
    }

    @Test
    void xaBranchesCommitRollBackAndAPreparedOneIsRecoveredByAnotherConnection() throws Exception {
        String queue = "ra_outbound_xa";
        BranchXid dropped = xid(1);
        BranchXid committed = xid(2);
        BranchXid inDoubt = xid(3);
        ManagedConnection mc = mcf.createManagedConnection(null, null);
        try {
            XAResource xa = mc.getXAResource();
            sendInBranch(mc, xa, dropped, queue, "rolled-back");
            assertEquals(XAResource.XA_OK, xa.prepare(dropped));
            xa.rollback(dropped);
            sendInBranch(mc, xa, committed, queue, "committed");
            assertEquals(XAResource.XA_OK, xa.prepare(committed));
            xa.commit(committed, false);
            sendInBranch(mc, xa, inDoubt, queue, "recovered");
            assertEquals(XAResource.XA_OK, xa.prepare(inDoubt));
        } finally {
            mc.destroy(); // the branch stays prepared on the broker, as after a crash of the application server
        }
        ManagedConnection recovery = mcf.createManagedConnection(null, null);
        try {
            XAResource xa = recovery.getXAResource();
            List<Xid> found = List.of(xa.recover(XAResource.TMSTARTRSCAN | XAResource.TMENDRSCAN));
            assertTrue(found.contains(inDoubt), found::toString);
            xa.commit(inDoubt, false);
            List<Xid> after = List.of(xa.recover(XAResource.TMSTARTRSCAN | XAResource.TMENDRSCAN));
            assertFalse(after.contains(inDoubt), after::toString);
            XAException outside = assertThrows(XAException.class, () -> xa.end(inDoubt, XAResource.TMSUCCESS));
            assertEquals(XAException.XAER_NOTA, outside.errorCode);
        } finally {
            recovery.destroy();
        }
        List<String> got = receiveAll(queue, "recovered", "committed");
        assertEquals(List.of("committed", "recovered"), got.stream().sorted().toList()); // a queue has 4 queue ids

    }

    /** What the container does for a connection used inside its XA transaction: start, the work, end. */
    private static void sendInBranch(ManagedConnection mc, XAResource xa, Xid xid, String queue, String text)
            throws Exception {
        xa.start(xid, XAResource.TMNOFLAGS);
        Connection c = (Connection) mc.getConnection(null, null);
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        assertTrue(s.getTransacted(), "inside a transaction the session is the transaction's");
        s.createProducer(s.createQueue(queue)).send(s.createTextMessage(text));
        TransactionInProgressException refused = assertThrows(TransactionInProgressException.class, s::commit);
        assertEquals("APOGEE-RA-0025", refused.getErrorCode());
        c.close();
        xa.end(xid, XAResource.TMSUCCESS);
    }

    private static BranchXid xid(int n) {
        byte[] gtrid = ("ra-outbound-" + UUID.randomUUID()).getBytes(StandardCharsets.US_ASCII);
        return new BranchXid(4711, gtrid, new byte[] {(byte) n});
    }

    /** Receives until every one of {@code expected} came (bounded), then one more second for extras. */
    private static List<String> receiveAll(String queue, String... expected) throws Exception {
        List<String> got = new ArrayList<>();
        try (Connection c = TestBroker.get().factory().createConnection()) {
            c.start();
            Session session = c.createSession();
            MessageConsumer consumer = session.createConsumer(session.createQueue(queue));
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (!got.containsAll(List.of(expected)) && System.nanoTime() < deadline) {
                if (consumer.receive(500) instanceof TextMessage t) {
                    got.add(t.getText());
                }
            }
            if (consumer.receive(1_000) instanceof TextMessage t) {
                got.add(t.getText());
            }
        }
        return got;
    }
}

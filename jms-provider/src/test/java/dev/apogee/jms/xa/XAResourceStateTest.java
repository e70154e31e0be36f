package dev.apogee.jms.xa;

import dev.apogee.jms.tx.TxBroker;
import jakarta.jms.Connection;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import jakarta.jms.TransactionInProgressException;
import jakarta.jms.TransactionInProgressRuntimeException;
import jakarta.jms.XAJMSContext;
import jakarta.jms.XAConnection;
import jakarta.jms.XASession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;

import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The XAResource state machine of an XA session, driven directly, with the exact XAException codes. */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class XAResourceStateTest {
    private static final AtomicInteger SEQ = new AtomicInteger();
    private static TxBroker broker;
    private final List<Connection> connections = new ArrayList<>();

    @BeforeAll
    static void startBroker() throws Exception {
        broker = TxBroker.start();
    }

    @AfterAll
    static void stopBroker() throws Exception {
        if (broker != null) {
            broker.close();
        }
    }

    @AfterEach
    void closeConnections() throws Exception {
        for (Connection c : connections) {
            c.close();
        }
    }

    private XAConnection connect() throws Exception {
        XAConnection c = broker.configure(new ApogeeXAConnectionFactory()).createXAConnection();
        connections.add(c);
        c.start();
        return c;
    }

    static Xid xid(String name) {
        return new BranchXid(0x4150, (name + "-" + SEQ.incrementAndGet()).getBytes(StandardCharsets.UTF_8),
                new byte[] {1});
    }

    private static void assertXa(int code, Executable call) {
        XAException e = assertThrows(XAException.class, call);
        assertEquals(XAErrors.name(code), XAErrors.name(e.errorCode), e.getMessage());
    }

    @Test
    void branchIdsRoundTrip() {
        BranchXid x = new BranchXid(-7, new byte[] {0, (byte) 0xff, 0x10}, new byte[0]);
        assertEquals("X:-7:00ff10:", x.branchId());
        assertEquals(x, BranchXid.parse(x.branchId()));
        assertNull(BranchXid.parse("L:1234"));
        assertNull(BranchXid.parse("X:1:zz:00"));
        assertTrue(new BranchXid(Integer.MAX_VALUE, new byte[Xid.MAXGTRIDSIZE], new byte[Xid.MAXBQUALSIZE])
                .branchId().length() <= 300);
    }

    @Test
    void startAndEndFollowTheProtocol() throws Exception {
        XAConnection c = connect();
        XAResource r = c.createXASession().getXAResource();
        XAResource other = c.createXASession().getXAResource();
        Xid x = xid("start");

        assertXa(XAException.XAER_INVAL, () -> r.start(null, XAResource.TMNOFLAGS));
        assertXa(XAException.XAER_INVAL, () -> r.start(x, XAResource.TMONEPHASE));
        assertXa(XAException.XAER_NOTA, () -> r.start(x, XAResource.TMJOIN));
        assertXa(XAException.XAER_NOTA, () -> r.end(x, XAResource.TMSUCCESS));
        r.start(x, XAResource.TMNOFLAGS);
        assertXa(XAException.XAER_PROTO, () -> r.start(xid("second"), XAResource.TMNOFLAGS));
        assertXa(XAException.XAER_DUPID, () -> other.start(x, XAResource.TMNOFLAGS));
        assertXa(XAException.XAER_PROTO, () -> other.end(x, XAResource.TMSUCCESS));
        other.start(x, XAResource.TMJOIN);
        other.end(x, XAResource.TMSUCCESS);

        r.end(x, XAResource.TMSUSPEND);
        assertXa(XAException.XAER_PROTO, () -> r.end(x, XAResource.TMSUSPEND));
        assertXa(XAException.XAER_PROTO, () -> other.start(x, XAResource.TMRESUME));
        r.start(x, XAResource.TMRESUME);
        assertXa(XAException.XAER_PROTO, () -> r.prepare(x));
        assertXa(XAException.XAER_INVAL, () -> r.end(x, XAResource.TMJOIN));
        r.end(x, XAResource.TMSUCCESS);
        assertEquals(XAResource.XA_RDONLY, r.prepare(x), "a branch that did nothing is read-only");
        assertXa(XAException.XAER_NOTA, () -> r.prepare(x));
    }

    @Test
    void commitAndRollbackStates() throws Exception {
        XAConnection c = connect();
        XAResource r = c.createXASession().getXAResource();
        Xid x = xid("commit");
        assertXa(XAException.XAER_NOTA, () -> r.commit(x, true));
        assertXa(XAException.XAER_NOTA, () -> r.commit(x, false));
        r.start(x, XAResource.TMNOFLAGS);
        assertXa(XAException.XAER_PROTO, () -> r.commit(x, true));
        r.end(x, XAResource.TMSUCCESS);
        assertXa(XAException.XAER_PROTO, () -> r.commit(x, false));
        r.commit(x, true);

        Xid failed = xid("tmfail");
        r.start(failed, XAResource.TMNOFLAGS);
        r.end(failed, XAResource.TMFAIL);
        assertXa(XAException.XA_RBROLLBACK, () -> r.prepare(failed));
        r.rollback(failed); // the brokers presume abort: rolling back a rolled-back branch again is no error

        Xid failedOnePhase = xid("tmfail1");
        r.start(failedOnePhase, XAResource.TMNOFLAGS);
        r.end(failedOnePhase, XAResource.TMFAIL);
        assertXa(XAException.XA_RBROLLBACK, () -> r.commit(failedOnePhase, true));
    }

    @Test
    void recoverScanFlagsAndTimeouts() throws Exception {
        XAConnection c = connect();
        XAResource r = c.createXASession().getXAResource();
        assertXa(XAException.XAER_INVAL, () -> r.recover(XAResource.TMJOIN));
        assertXa(XAException.XAER_PROTO, () -> r.recover(XAResource.TMNOFLAGS));
        r.recover(XAResource.TMSTARTRSCAN);
        assertEquals(0, r.recover(XAResource.TMNOFLAGS).length);
        assertEquals(0, r.recover(XAResource.TMENDRSCAN).length);
        assertXa(XAException.XAER_PROTO, () -> r.recover(XAResource.TMNOFLAGS));
        assertXa(XAException.XAER_INVAL, () -> r.setTransactionTimeout(-1));
        assertTrue(r.setTransactionTimeout(30));
        assertEquals(30, r.getTransactionTimeout());
    }

    @Test
    void sameResourceManagerMeansSameConnection() throws Exception {
        XAConnection c = connect();
        XAResource a = c.createXASession().getXAResource();
        XAResource b = c.createXASession().getXAResource();
        XAResource elsewhere = connect().createXASession().getXAResource();
        assertTrue(a.isSameRM(b));
        assertFalse(a.isSameRM(elsewhere));
    }

    @Test
    void xaSessionRefusesLocalTransactionCallsAndIsAutoOutsideAGlobalOne() throws Exception {
        XAConnection c = connect();
        XASession xa = c.createXASession();
        assertTrue(xa.getTransacted());
        assertThrows(TransactionInProgressException.class, xa::commit);
        assertThrows(TransactionInProgressException.class, xa::rollback);

        Queue q = xa.createQueue("XAQ_AUTO_" + SEQ.incrementAndGet());
        Session plain = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageConsumer check = plain.createConsumer(q);
        xa.createProducer(q).send(xa.createTextMessage("outside"));
        TextMessage m = (TextMessage) check.receive(10_000);
        assertNotNull(m, "a send outside a global transaction is visible at once");
        assertEquals("outside", m.getText());
    }

    @Test
    void xaContextIsTransactedByItsResource() throws Exception {
        try (XAJMSContext context = broker.configure(new ApogeeXAConnectionFactory()).createXAContext()) {
            assertTrue(context.getTransacted());
            assertEquals(Session.SESSION_TRANSACTED, context.getSessionMode());
            assertThrows(TransactionInProgressRuntimeException.class, context::commit);
            assertThrows(TransactionInProgressRuntimeException.class, context::rollback);
            assertEquals(context, context.getContext());
            XAResource r = context.getXAResource();
            Xid x = xid("context");
            r.start(x, XAResource.TMNOFLAGS);
            r.end(x, XAResource.TMSUCCESS);
            assertEquals(XAResource.XA_RDONLY, r.prepare(x));
        }
    }

    @Test
    void workOfASessionClosedInsideTheBranchStillCommits() throws Exception {
        XAConnection c = connect();
        Session plain = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Queue q1 = plain.createQueue("XAQ_CLOSED1_" + SEQ.incrementAndGet());
        Queue q2 = plain.createQueue("XAQ_CLOSED2_" + SEQ.incrementAndGet());
        plain.createProducer(q1).send(plain.createTextMessage("take-me"));
        MessageConsumer onQ2 = plain.createConsumer(q2);

        XASession xa = c.createXASession();
        XAResource r = xa.getXAResource();
        Xid x = xid("closed");
        r.start(x, XAResource.TMNOFLAGS);
        assertNotNull(xa.createConsumer(q1).receive(10_000));
        xa.createProducer(q2).send(xa.createTextMessage("sent-before-close"));
        xa.close(); // the manager still owns the branch
        r.end(x, XAResource.TMSUCCESS);
        assertEquals(XAResource.XA_OK, r.prepare(x));
        r.commit(x, false);

        TextMessage out = (TextMessage) onQ2.receive(10_000);
        assertNotNull(out);
        assertEquals("sent-before-close", out.getText());
        assertNull(plain.createConsumer(q1).receive(500), "Q1's message was consumed by the branch");
    }

    @Test
    void preparedBranchIsInvisibleUntilCommittedAndListedByRecover() throws Exception {
        XAConnection c = connect();
        XASession xa = c.createXASession();
        XAResource r = xa.getXAResource();
        Queue q = xa.createQueue("XAQ_2PC_" + SEQ.incrementAndGet());
        Session plain = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageConsumer check = plain.createConsumer(q);
        Xid x = xid("2pc");

        r.start(x, XAResource.TMNOFLAGS);
        xa.createProducer(q).send(xa.createTextMessage("in-doubt"));
        r.end(x, XAResource.TMSUCCESS);
        assertEquals(XAResource.XA_OK, r.prepare(x));
        assertNull(check.receive(300), "a prepared send is not visible");
        Xid[] found = r.recover(XAResource.TMSTARTRSCAN | XAResource.TMENDRSCAN);
        assertTrue(Arrays.asList(found).contains(BranchXid.of(x)), "recover lists the prepared branch");

        r.commit(x, false);
        TextMessage m = (TextMessage) check.receive(10_000);
        assertNotNull(m, "visible after commit");
        assertEquals("in-doubt", m.getText());
        assertFalse(Arrays.asList(r.recover(XAResource.TMSTARTRSCAN | XAResource.TMENDRSCAN))
                .contains(BranchXid.of(x)));
        assertXa(XAException.XA_HEURCOM, () -> r.rollback(x));
    }

    @Test
    void branchPastItsTimeoutIsRolledBackAtPrepareAndItsSendDiscarded() throws Exception {
        XAConnection c = connect();
        XASession xa = c.createXASession();
        XAResource r = xa.getXAResource();
        Queue q = xa.createQueue("XAQ_TIMEOUT_" + SEQ.incrementAndGet());
        MessageConsumer check = c.createSession(false, Session.AUTO_ACKNOWLEDGE).createConsumer(q);
        assertTrue(r.setTransactionTimeout(1));
        Xid x = xid("timeout");
        r.start(x, XAResource.TMNOFLAGS);
        xa.createProducer(q).send(xa.createTextMessage("too-late"));
        r.end(x, XAResource.TMSUCCESS);
        Thread.sleep(1_200); // let the branch's one-second timeout pass (not a performance assertion)

        assertXa(XAException.XA_RBTIMEOUT, () -> r.prepare(x));
        assertXa(XAException.XAER_NOTA, () -> r.commit(x, true));
        assertNull(check.receive(500), "the timed-out branch's send was rolled back");

        r.setTransactionTimeout(0); // no limit again: a new branch commits normally
        Xid y = xid("no-timeout");
        r.start(y, XAResource.TMNOFLAGS);
        xa.createProducer(q).send(xa.createTextMessage("in-time"));
        r.end(y, XAResource.TMSUCCESS);
        r.commit(y, true);
        TextMessage m = (TextMessage) check.receive(10_000);
        assertNotNull(m);
        assertEquals("in-time", m.getText());
    }
}

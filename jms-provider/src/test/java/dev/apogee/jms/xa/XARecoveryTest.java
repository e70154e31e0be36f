package dev.apogee.jms.xa;

import dev.apogee.jms.tx.TxBroker;
import jakarta.jms.Connection;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Queue;
import jakarta.jms.QueueBrowser;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import jakarta.jms.XAConnection;
import jakarta.jms.XASession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A prepared XA branch survives a broker restart, is listed by recover and is committed from a fresh resource. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class XARecoveryTest {
    private static TxBroker broker;

    @BeforeAll
    static void start() throws Exception {
        broker = TxBroker.start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void preparedBranchIsRecoveredAndCommittedAfterABrokerRestart() throws Exception {
        ApogeeXAConnectionFactory factory = broker.configure(new ApogeeXAConnectionFactory());
        Xid xid = new BranchXid(0x4150, "recover-me".getBytes(StandardCharsets.UTF_8), new byte[] {7});
        Queue q1;
        Queue q2;
        XAConnection before = factory.createXAConnection();
        try {
            before.start();
            XASession xa = before.createXASession();
            q1 = xa.createQueue("XARQ1");
            q2 = xa.createQueue("XARQ2");
            Session plain = before.createSession(false, Session.AUTO_ACKNOWLEDGE);
            plain.createProducer(q1).send(plain.createTextMessage("in-doubt"));
            MessageConsumer fromQ1 = xa.createConsumer(q1);

            XAResource r = xa.getXAResource();
            r.start(xid, XAResource.TMNOFLAGS);
            assertNotNull(fromQ1.receive(10_000));
            xa.createProducer(q2).send(xa.createTextMessage("after recovery"));
            r.end(xid, XAResource.TMSUCCESS);
            assertEquals(XAResource.XA_OK, r.prepare(xid));
        } finally {
            before.close(); // the preparing process is gone
        }

        broker.restartBroker();

        try (ApogeeXAResourceRecovery recovery = new ApogeeXAResourceRecovery(factory)) {
            await().atMost(60, TimeUnit.SECONDS).ignoreExceptions().untilAsserted(() -> {
                XAResource[] resources = recovery.getXAResources();
                assertEquals(1, resources.length);
                Xid[] inDoubt = resources[0].recover(XAResource.TMSTARTRSCAN | XAResource.TMENDRSCAN);
                assertTrue(Arrays.asList(inDoubt).contains(xid), "recover lists " + xid);
            });
            recovery.resource().commit(xid, false);
        }

        Connection after = factory.createConnection();
        try {
            after.start();
            Session s = after.createSession(false, Session.AUTO_ACKNOWLEDGE);
            TextMessage out = (TextMessage) s.createConsumer(q2).receive(30_000);
            assertNotNull(out, "the recovered branch's send is visible");
            assertEquals("after recovery", out.getText());
            QueueBrowser browser = s.createBrowser(q1);
            assertEquals(Collections.emptyList(), Collections.list(browser.getEnumeration()),
                    "the recovered branch consumed Q1's message");
        } finally {
            after.close();
        }
    }
}

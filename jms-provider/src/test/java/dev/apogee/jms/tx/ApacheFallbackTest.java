package dev.apogee.jms.tx;

import dev.apogee.anchor.ApacheRocketMq;
import dev.apogee.jms.interop.ApacheAnchor;
import dev.apogee.jms.api.ApogeeConnectionFactory;
import dev.apogee.jms.xa.ApogeeXAConnectionFactory;
import dev.apogee.jms.xa.BranchXid;
import jakarta.jms.Connection;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import jakarta.jms.XAConnection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import javax.transaction.xa.XAException;
import javax.transaction.xa.XAResource;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Against an Apache RocketMQ broker (no branch protocol) a transacted session still commits, by sending and then
 * acknowledging, and an XA resource refuses to start work (XAER_RMERR) and has nothing to recover.
 */
@Tag("interop")
@Tag("slow")
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class ApacheFallbackTest {
    private static ApacheRocketMq rmq;

    @BeforeAll
    static void start() throws Exception {
        rmq = ApacheAnchor.start("apogee-jms-apache");
    }

    @AfterAll
    static void stop() throws Exception {
        if (rmq != null) {
            rmq.close();
        }
    }

    private static <F extends ApogeeConnectionFactory> F configure(F factory) {
        factory.setNamesrvAddress(rmq.namesrvAddress());
        factory.setTrustedPackages(List.of("dev.apogee.jms"));
        return factory;
    }

    @Test
    void transactedSessionFallsBackToSendThenAcknowledge() throws Exception {
        Connection c = configure(new ApogeeConnectionFactory()).createConnection();
        try {
            c.start();
            Session plain = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Queue q1 = plain.createQueue("APQ1_" + System.nanoTime());
            Queue q2 = plain.createQueue("APQ2_" + System.nanoTime());
            MessageConsumer onQ2 = plain.createConsumer(q2);
            plain.createProducer(q1).send(plain.createTextMessage("apache"));

            Session tx = c.createSession(true, Session.SESSION_TRANSACTED);
            TextMessage in = (TextMessage) tx.createConsumer(q1).receive(30_000);
            assertNotNull(in);
            tx.createProducer(q2).send(tx.createTextMessage("forwarded " + in.getText()));
            tx.commit();

            TextMessage out = (TextMessage) onQ2.receive(30_000);
            assertNotNull(out, "the commit sent the buffered message");
            assertEquals("forwarded apache", out.getText());
        } finally {
            c.close();
        }
    }

    @Test
    void xaResourceReportsTheMissingProtocol() throws Exception {
        XAConnection c = configure(new ApogeeXAConnectionFactory()).createXAConnection();
        try {
            XAResource r = c.createXASession().getXAResource();
            assertEquals(0, r.recover(XAResource.TMSTARTRSCAN | XAResource.TMENDRSCAN).length);
            XAException e = assertThrows(XAException.class,
                    () -> r.start(new BranchXid(1, new byte[] {1}, new byte[] {2}), XAResource.TMNOFLAGS));
            assertEquals(XAException.XAER_RMERR, e.errorCode);
        } finally {
            c.close();
        }
    }
}

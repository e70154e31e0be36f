package dev.apogee.jms.tx;

import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.QueueBrowser;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Local JMS transactions are atomic branches on our broker: a transacted session's sends and consumed positions
 * become visible together at commit, and nothing of them before.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class LocalTransactionTest {
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

    private Connection connect() throws Exception {
        Connection c = broker.factory().createConnection();
        connections.add(c);
        c.start();
        return c;
    }

    private static String name(String base) {
        return base + "_" + SEQ.incrementAndGet() + "_" + System.nanoTime() % 100_000;
    }

    private static void send(Connection c, Queue q, String text) throws JMSException {
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        s.createProducer(q).send(s.createTextMessage(text));
        s.close();
    }

    private static List<String> browse(Connection c, Queue q) throws JMSException {
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        QueueBrowser browser = s.createBrowser(q);
        List<String> texts = new ArrayList<>();
        for (Object m : Collections.list(browser.getEnumeration())) {
            texts.add(((TextMessage) m).getText());
        }
        s.close();
        return texts;
    }

    @Test
    void consumeAndSendsBecomeVisibleTogetherAtCommit() throws Exception {
        Connection c = connect();
        Session plain = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Queue q1 = plain.createQueue(name("TXQ1"));
        Queue q2 = plain.createQueue(name("TXQ2"));
        Topic t3 = plain.createTopic(name("TXT3"));
        MessageConsumer onQ2 = plain.createConsumer(q2);
        MessageConsumer onT3 = plain.createConsumer(t3);
        send(c, q1, "order-1");

        Session tx = c.createSession(true, Session.SESSION_TRANSACTED);
        TextMessage in = (TextMessage) tx.createConsumer(q1).receive(10_000);
        assertNotNull(in, "the message sent to Q1");
        MessageProducer out = tx.createProducer(null);
        out.send(q2, tx.createTextMessage("to-q2"));
        out.send(t3, tx.createTextMessage("to-t3"));

        assertNull(onQ2.receive(300), "nothing on Q2 before commit");
        assertNull(onT3.receive(300), "nothing on T3 before commit");
        assertEquals(List.of("order-1"), browse(c, q1), "Q1's offset has not moved before commit");

        tx.commit();

        TextMessage q2Message = (TextMessage) onQ2.receive(10_000);
        TextMessage t3Message = (TextMessage) onT3.receive(10_000);
        assertNotNull(q2Message, "Q2 message after commit");
        assertNotNull(t3Message, "T3 message after commit");
        assertEquals("to-q2", q2Message.getText());
        assertEquals("to-t3", t3Message.getText());
        assertEquals(List.of(), browse(c, q1), "Q1's message is consumed at commit");
    }

    @Test
    void rollbackSendsNothingAndRedeliversTheConsumedMessage() throws Exception {
        Connection c = connect();
        Session plain = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Queue q1 = plain.createQueue(name("TXQ1"));
        Queue q2 = plain.createQueue(name("TXQ2"));
        MessageConsumer onQ2 = plain.createConsumer(q2);
        send(c, q1, "order-2");

        Session tx = c.createSession(true, Session.SESSION_TRANSACTED);
        MessageConsumer fromQ1 = tx.createConsumer(q1);
        Message first = fromQ1.receive(10_000);
        assertNotNull(first);
        assertFalse(first.getJMSRedelivered());
        tx.createProducer(q2).send(tx.createTextMessage("must-not-arrive"));
        tx.rollback();

        TextMessage again = (TextMessage) fromQ1.receive(10_000);
        assertNotNull(again, "the rolled-back message comes again");
        assertEquals("order-2", again.getText());
        assertTrue(again.getJMSRedelivered());
        tx.commit();

        assertNull(onQ2.receive(500), "the rolled-back send never arrives");
        assertEquals(List.of(), browse(c, q1), "consumed by the second commit");
    }

    @Test
    void sessionClosedWithoutCommitGivesTheMessageToTheNextConsumer() throws Exception {
        Connection c = connect();
        Session plain = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Queue q1 = plain.createQueue(name("TXQ1"));
        Queue q2 = plain.createQueue(name("TXQ2"));
        MessageConsumer onQ2 = plain.createConsumer(q2);
        send(c, q1, "order-3");

        Session tx = c.createSession(true, Session.SESSION_TRANSACTED);
        assertNotNull(tx.createConsumer(q1).receive(10_000));
        tx.createProducer(q2).send(tx.createTextMessage("must-not-arrive"));
        tx.close();

        Session next = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        TextMessage again = (TextMessage) next.createConsumer(q1).receive(10_000);
        assertNotNull(again, "the uncommitted message returns to a new consumer");
        assertEquals("order-3", again.getText());
        assertNull(onQ2.receive(500));
    }

    @Test
    void aCommitWithNothingToDoSucceeds() throws Exception {
        Connection c = connect();
        Session tx = c.createSession(true, Session.SESSION_TRANSACTED);
        tx.commit();
        tx.rollback();
    }

    @Test
    void aLargeCommitDeliversItsSendsInSendOrder() throws Exception {
        Connection c = connect();
        Session plain = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Queue q = plain.createQueue(name("TXBIG"));
        MessageConsumer check = plain.createConsumer(q);
        Session tx = c.createSession(true, Session.SESSION_TRANSACTED);
        MessageProducer out = tx.createProducer(q);
        int count = 300; // more than the halves a commit keeps in flight at once, so the window refills
        List<String> sent = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            sent.add("m-" + i);
            out.send(tx.createTextMessage("m-" + i));
        }
        assertNull(check.receive(200), "nothing visible before commit");
        tx.commit();

        List<String> received = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            TextMessage m = (TextMessage) check.receive(10_000);
            assertNotNull(m, "message " + i + " of the commit");
            received.add(m.getText());
        }
        assertEquals(sent, received, "one session's transacted sends arrive in send order");
        assertNull(check.receive(200), "no duplicate");
    }

    /**
     * A commit whose bodies exceed what one BRANCH_COMMIT_LOCAL request carries goes as pipelined halves and a
     * prepare instead: still atomic (nothing before the commit), complete and in send order; and a rollback after it
     * redelivers what the session consumed, marked redelivered.
     */
    @Test
    void aCommitTooBigForOneRequestStillCommitsInOrderAndRollbackRedelivers() throws Exception {
        Connection c = connect();
        Session plain = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Queue q = plain.createQueue(name("TXHUGE"));
        MessageConsumer check = plain.createConsumer(q);
        Session tx = c.createSession(true, Session.SESSION_TRANSACTED);
        MessageProducer out = tx.createProducer(q);
        int count = 6;
        byte[] body = new byte[1 << 20]; // 6 MiB in all: more than one local-commit request takes (4 MiB)
        for (int i = 0; i < count; i++) {
            jakarta.jms.BytesMessage m = tx.createBytesMessage();
            body[0] = (byte) i;
            m.writeBytes(body);
            out.send(m);
        }
        assertNull(check.receive(200), "nothing visible before commit");
        tx.commit();
        for (int i = 0; i < count; i++) {
            jakarta.jms.BytesMessage m = (jakarta.jms.BytesMessage) check.receive(10_000);
            assertNotNull(m, "message " + i + " of the commit");
            assertEquals(1 << 20, m.getBodyLength());
            assertEquals((byte) i, m.readByte(), "send order");
        }
        assertNull(check.receive(200), "no duplicate");

        check.close();
        send(c, q, "consumed-then-rolled-back");
        MessageConsumer in = tx.createConsumer(q);
        Message first = in.receive(10_000);
        assertEquals("consumed-then-rolled-back", ((TextMessage) first).getText());
        assertFalse(first.getJMSRedelivered());
        tx.rollback();
        Message again = in.receive(10_000);
        assertEquals("consumed-then-rolled-back", ((TextMessage) again).getText());
        assertTrue(again.getJMSRedelivered());
        tx.commit();
    }
}

package dev.apogee.jms.failure;

import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import org.junit.jupiter.api.extension.RegisterExtension;
import dev.apogee.jms.api.JmsBrokerExtension;

/**
 * Jakarta Messaging §3.4.7/§3.5.11 across consumers: a message handed to a consumer that closed without
 * acknowledging (CLIENT_ACKNOWLEDGE) or committing (transacted) comes to the next consumer of the queue with
 * JMSRedelivered=true and JMSXDeliveryCount ≥ 2 — the broker's delivery watermark, not a local recover. A message
 * nobody was handed before is not marked.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class RedeliveryAfterCloseTest {
    private static final AtomicInteger SEQ = new AtomicInteger();
    @RegisterExtension
    static final JmsBrokerExtension broker = new JmsBrokerExtension();

    @ParameterizedTest(name = "session mode {0}")
    @ValueSource(ints = {Session.CLIENT_ACKNOWLEDGE, Session.SESSION_TRANSACTED})
    void unacknowledgedMessageComesBackRedeliveredToTheNextConsumer(int mode) throws Exception {
        Connection connection = broker.factory().createConnection();
        try {
            connection.start();
            Queue queue = queue(connection);
            send(connection, queue, "first");

            Session s1 = connection.createSession(mode);
            MessageConsumer c1 = s1.createConsumer(queue);
            Message m1 = c1.receive(10_000);
            assertNotNull(m1, "first delivery");
            assertFalse(m1.getJMSRedelivered(), "nobody had it before");
            assertEquals(1, m1.getIntProperty("JMSXDeliveryCount"));
            s1.close(); // neither acknowledged nor committed

            Session s2 = connection.createSession(mode);
            MessageConsumer c2 = s2.createConsumer(queue);
            Message m2 = c2.receive(10_000);
            assertNotNull(m2, "the unacknowledged message comes back");
            assertEquals("first", ((TextMessage) m2).getText());
            assertTrue(m2.getJMSRedelivered(), "delivered before to a consumer that closed");
            assertTrue(m2.getIntProperty("JMSXDeliveryCount") >= 2, "delivery count "
                    + m2.getIntProperty("JMSXDeliveryCount"));
            if (mode == Session.SESSION_TRANSACTED) {
                s2.commit();
            } else {
                m2.acknowledge();
            }
            s2.close();

            // acknowledged now: a third consumer neither gets it again nor marks the next new message
            send(connection, queue, "second");
            Session s3 = connection.createSession(mode);
            Message m3 = s3.createConsumer(queue).receive(10_000);
            assertNotNull(m3);
            assertEquals("second", ((TextMessage) m3).getText());
            assertFalse(m3.getJMSRedelivered(), "a message nobody was handed is not redelivered");
            assertEquals(1, m3.getIntProperty("JMSXDeliveryCount"));
            if (mode == Session.SESSION_TRANSACTED) {
                s3.commit();
            } else {
                m3.acknowledge();
            }
        } finally {
            connection.close();
        }
    }

    @Test
    void connectionClosedWithoutAcknowledgeRedeliversOnANewConnection() throws Exception {
        String name = "redeliver_conn_" + SEQ.incrementAndGet();
        Connection first = broker.factory().createConnection();
        try {
            first.start();
            Queue queue = queue(first, name);
            send(first, queue, "kept");
            Session s = first.createSession(Session.CLIENT_ACKNOWLEDGE);
            Message m = s.createConsumer(queue).receive(10_000);
            assertNotNull(m);
            assertFalse(m.getJMSRedelivered());
        } finally {
            first.close();
        }
        Connection second = broker.factory().createConnection();
        try {
            second.start();
            Session s = second.createSession(Session.AUTO_ACKNOWLEDGE);
            MessageConsumer c = s.createConsumer(s.createQueue(name));
            Message m = c.receive(10_000);
            assertNotNull(m);
            assertTrue(m.getJMSRedelivered());
            assertTrue(m.getIntProperty("JMSXDeliveryCount") >= 2);
            assertNull(c.receive(200), "acknowledged (AUTO) on the second delivery");
        } finally {
            second.close();
        }
    }

    private static Queue queue(Connection connection) throws Exception {
        return queue(connection, "redeliver_" + SEQ.incrementAndGet());
    }

    private static Queue queue(Connection connection, String name) throws Exception {
        try (Session s = connection.createSession()) {
            return s.createQueue(name);
        }
    }

    private static void send(Connection connection, Queue queue, String text) throws Exception {
        try (Session s = connection.createSession()) {
            s.createProducer(queue).send(s.createTextMessage(text));
        }
    }
}

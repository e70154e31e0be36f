package dev.apogee.jms.pop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.apogee.jms.api.JmsBrokerExtension;
import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A consumer draining a backlog pops ahead of the application (MAPPING.md, the prefetch under "Acknowledgement of
 * queues and shared subscriptions"): what it popped and has not handed out, the answer of the pop in flight included,
 * goes back to the queue at connection stop and at recover, not counted as a delivery. Were the pop in flight not
 * given back, its messages would stay invisible for the factory's invisible time (60 s), far past these receives.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PopAheadTest {
    private static final int SENT = 300;
    /** Past the ramp 1 + 2 + 4 + 8 + 16: the consumer holds a pop of 32 and has the next one in flight. */
    private static final int TAKEN = 40;

    @RegisterExtension
    static final JmsBrokerExtension broker = new JmsBrokerExtension();

    @Test
    void stoppingTheConnectionGivesThePopAheadBackUncounted() throws Exception {
        try (Connection first = broker.factory().createConnection();
                Connection other = broker.factory().createConnection()) {
            Session s = first.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Queue queue = s.createQueue("AHEAD_STOP_" + System.nanoTime() % 100_000);
            send(s, queue);
            MessageConsumer draining = s.createConsumer(queue);
            first.start();
            Set<Integer> taken = new HashSet<>();
            for (int i = 0; i < TAKEN; i++) {
                Message m = draining.receive(10_000);
                assertNotNull(m, "message " + i);
                assertTrue(taken.add(m.getIntProperty("n")), "twice: " + m);
            }
            first.stop();

            MessageConsumer taker = other.createSession(false, Session.AUTO_ACKNOWLEDGE).createConsumer(queue);
            other.start();
            Set<Integer> rest = new HashSet<>();
            for (int i = 0; i < SENT - TAKEN; i++) {
                Message m = taker.receive(10_000);
                assertNotNull(m, "the rest, message " + i + " (got " + rest.size() + ")");
                int n = m.getIntProperty("n");
                assertFalse(taken.contains(n), "acknowledged already: " + n);
                assertTrue(rest.add(n), "twice: " + n);
                assertEquals(1, m.getIntProperty("JMSXDeliveryCount"), "never delivered before: " + n);
                assertFalse(m.getJMSRedelivered());
            }
            assertNothingMore(taker);
        }
    }

    @Test
    void recoverGivesBackTheDeliveredCountedAndThePopAheadUncounted() throws Exception {
        try (Connection c = broker.factory().createConnection()) {
            Session s = c.createSession(false, Session.CLIENT_ACKNOWLEDGE);
            Queue queue = s.createQueue("AHEAD_RECOVER_" + System.nanoTime() % 100_000);
            send(s, queue);
            MessageConsumer consumer = s.createConsumer(queue);
            c.start();
            Set<Integer> delivered = new HashSet<>();
            for (int i = 0; i < TAKEN; i++) {
                Message m = consumer.receive(10_000);
                assertNotNull(m, "message " + i);
                delivered.add(m.getIntProperty("n"));
            }
            s.recover();

            TreeMap<Integer, Integer> counts = new TreeMap<>();
            for (int i = 0; i < SENT; i++) {
                Message m = consumer.receive(10_000);
                assertNotNull(m, "after recover, message " + i + " (got " + counts.size() + ")");
                int n = m.getIntProperty("n");
                assertNull(counts.put(n, m.getIntProperty("JMSXDeliveryCount")), "twice: " + n);
                assertEquals(delivered.contains(n), m.getJMSRedelivered(), "message " + n);
            }
            assertNothingMore(consumer);
            for (var e : counts.entrySet()) {
                assertEquals(delivered.contains(e.getKey()) ? 2 : 1, e.getValue(), "count of message " + e.getKey());
            }
            assertEquals(SENT, counts.size());
        }
    }

    private static void assertNothingMore(MessageConsumer consumer) throws Exception {
        Message none = consumer.receive(500);
        assertNull(none, "nothing beyond the " + SENT + " sent");
    }

    private static void send(Session s, Queue queue) throws Exception {
        MessageProducer p = s.createProducer(queue);
        for (int n = 0; n < SENT; n++) {
            Message m = s.createMessage();
            m.setIntProperty("n", n);
            p.send(m);
        }
    }
}

package dev.apogee.tck.support;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.apogee.tck.spi.TckEnvironment;
import jakarta.jms.Connection;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;

/**
 * Base of every conformance test: connections and contexts opened through it are closed after each test, names
 * are unique per test, and receives are bounded by the environment's timeouts.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public abstract class TckTestBase {
    private final Deque<AutoCloseable> opened = new ArrayDeque<>();

    protected static TckEnvironment env() {
        return Tck.env();
    }

    @AfterEach
    void closeEverything() throws Exception {
        Exception first = null;
        while (!opened.isEmpty()) {
            try {
                opened.pop().close();
            } catch (Exception e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }

    /** Closed after the test (in reverse order of opening). */
    protected <T extends AutoCloseable> T closeLater(T resource) {
        opened.push(resource);
        return resource;
    }

    protected Connection connection() throws JMSException {
        return closeLater(env().connectionFactory().createConnection());
    }

    protected Connection startedConnection() throws JMSException {
        Connection c = connection();
        c.start();
        return c;
    }

    protected JMSContext context() {
        return closeLater(env().connectionFactory().createContext());
    }

    protected JMSContext context(int sessionMode) {
        return closeLater(env().connectionFactory().createContext(sessionMode));
    }

    protected static Queue queue() throws JMSException {
        return env().queue(Tck.uniqueName("tckq"));
    }

    protected static Topic topic() throws JMSException {
        return env().topic(Tck.uniqueName("tckt"));
    }

    protected static String uniqueName(String prefix) {
        return Tck.uniqueName(prefix);
    }

    protected static long timeout() {
        return env().receiveTimeoutMillis();
    }

    /** A message that must arrive. */
    protected static Message receive(MessageConsumer consumer) throws JMSException {
        Message m = consumer.receive(timeout());
        assertNotNull(m, "expected a message within " + timeout() + " ms");
        return m;
    }

    protected static Message receive(JMSConsumer consumer) {
        Message m = consumer.receive(timeout());
        assertNotNull(m, "expected a message within " + timeout() + " ms");
        return m;
    }

    protected static String receiveText(MessageConsumer consumer) throws JMSException {
        return ((TextMessage) receive(consumer)).getText();
    }

    /** A message that must not arrive: waits the environment's bounded absence time. */
    protected static void assertNoMessage(MessageConsumer consumer) throws JMSException {
        Message m = consumer.receive(env().absenceWaitMillis());
        assertNull(m, () -> "unexpected message " + describe(m));
    }

    protected static void assertNoMessage(JMSConsumer consumer) {
        Message m = consumer.receive(env().absenceWaitMillis());
        assertNull(m, () -> "unexpected message " + describe(m));
    }

    /** Receives up to {@code count} texts, stopping at the first receive that times out. */
    protected static List<String> receiveTexts(MessageConsumer consumer, int count) throws JMSException {
        List<String> got = new ArrayList<>();
        while (got.size() < count) {
            Message m = consumer.receive(timeout());
            if (m == null) {
                break;
            }
            got.add(((TextMessage) m).getText());
        }
        return got;
    }

    /** For checks that are not about order (order has its own tests). */
    protected static List<String> sorted(List<String> texts) {
        List<String> copy = new ArrayList<>(texts);
        java.util.Collections.sort(copy);
        return copy;
    }

    protected static void sendTexts(Session session, jakarta.jms.Destination to, String... texts) throws JMSException {
        var producer = session.createProducer(to);
        for (String t : texts) {
            producer.send(session.createTextMessage(t));
        }
        producer.close();
    }

    private static String describe(Message m) {
        try {
            return m instanceof TextMessage t ? "'" + t.getText() + "'" : String.valueOf(m);
        } catch (JMSException e) {
            return String.valueOf(m);
        }
    }
}

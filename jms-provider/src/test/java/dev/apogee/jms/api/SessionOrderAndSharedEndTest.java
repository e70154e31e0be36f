package dev.apogee.jms.api;

import jakarta.jms.CompletionListener;
import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * §6.2.9: one session's PERSISTENT sends (sync, async, transacted) reach a queue's consumer in send order, every
 * message once (NON_PERSISTENT one-way sends are not ordered, see MAPPING.md); §8.3.2: a shared non-durable subscription ends with its last consumer only.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class SessionOrderAndSharedEndTest {
    private static final AtomicInteger SEQ = new AtomicInteger();
    private static final long RECEIVE_MILLIS = 10_000;
    private static final long QUIET_MILLIS = 1_500;
    private static JmsBroker broker;
    private final List<Connection> connections = new ArrayList<>();

    @BeforeAll
    static void startBroker() throws Exception {
        broker = JmsBroker.start();
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

    private Connection connection() throws Exception {
        Connection c = broker.factory().createConnection();
        connections.add(c);
        c.start();
        return c;
    }

    @Test
    void eachSessionsPersistentSendsArriveInOrderAndOnce() throws Exception {
        Connection c = connection();
        Session a = c.createSession(Session.AUTO_ACKNOWLEDGE);
        Session b = c.createSession(Session.SESSION_TRANSACTED);
        Queue queue = a.createQueue("ORDER_" + SEQ.incrementAndGet());
        MessageProducer pa = a.createProducer(queue);
        MessageProducer pb = b.createProducer(queue);
        int rounds = 15;
        CountDownLatch async = new CountDownLatch(2 * rounds);
        for (int i = 0; i < rounds; i++) {
            pa.send(a.createTextMessage("a" + (3 * i)));
            pa.send(a.createTextMessage("a" + (3 * i + 1)), new Counting(async));
            pa.send(a.createTextMessage("a" + (3 * i + 2)), new Counting(async));
            pb.send(b.createTextMessage("b" + i));
            if (i % 5 == 4) {
                b.commit();
            }
        }
        assertTrue(async.await(RECEIVE_MILLIS, TimeUnit.MILLISECONDS));
        MessageConsumer consumer = connection().createSession(Session.AUTO_ACKNOWLEDGE).createConsumer(queue);
        List<String> got = new ArrayList<>();
        for (int i = 0; i < 4 * rounds; i++) {
            TextMessage m = (TextMessage) consumer.receive(RECEIVE_MILLIS);
            assertNotNull(m, "message " + i + " of " + 4 * rounds);
            got.add(m.getText());
        }
        assertEquals(4 * rounds, new HashSet<>(got).size(), "each message once");
        assertEquals(sequence("a", 3 * rounds), only("a", got), "session a's order");
        assertEquals(sequence("b", rounds), only("b", got), "session b's order");
    }

    @Test
    void aSharedSubscriptionLivesWhileOneConsumerRemainsAndEndsWithTheLast() throws Exception {
        Session s1 = connection().createSession(Session.AUTO_ACKNOWLEDGE);
        Session s2 = connection().createSession(Session.AUTO_ACKNOWLEDGE);
        Topic topic = s1.createTopic("SHARED_END_" + SEQ.incrementAndGet());
        String name = "sub" + SEQ.incrementAndGet();
        MessageConsumer first = s1.createSharedConsumer(topic, name);
        MessageConsumer second = s2.createSharedConsumer(topic, name);
        MessageProducer p = s1.createProducer(topic);
        first.close();
        p.send(s1.createTextMessage("one consumer left"));
        assertEquals("one consumer left", ((TextMessage) second.receive(RECEIVE_MILLIS)).getText());
        second.close();
        p.send(s1.createTextMessage("nobody listens"));
        MessageConsumer third = connection().createSession(Session.AUTO_ACKNOWLEDGE).createSharedConsumer(topic, name);
        assertNull(third.receive(QUIET_MILLIS), "the subscription ended with its last consumer");
        p.send(s1.createTextMessage("new subscription"));
        assertEquals("new subscription", ((TextMessage) third.receive(RECEIVE_MILLIS)).getText());
    }

    private static List<String> sequence(String prefix, int n) {
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            expected.add(prefix + i);
        }
        return expected;
    }

    private static List<String> only(String prefix, List<String> texts) {
        return texts.stream().filter(t -> t.startsWith(prefix)).toList();
    }

    private record Counting(CountDownLatch latch) implements CompletionListener {
        @Override
        public void onCompletion(Message message) {
            latch.countDown();
        }

        @Override
        public void onException(Message message, Exception exception) {
            throw new AssertionError("send failed", exception);
        }
    }
}

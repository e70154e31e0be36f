package dev.apogee.jms.api;

import jakarta.jms.Connection;
import jakarta.jms.ConnectionConsumer;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageListener;
import jakarta.jms.MessageProducer;
import jakarta.jms.ServerSession;
import jakarta.jms.ServerSessionPool;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Connection consumers with a small real {@link ServerSessionPool} (sessions of the same connection, each run on its
 * own thread, as an application server does): all four kinds, every message once, the acknowledge modes of the
 * server sessions, and close under load.
 */
class JmsConnectionConsumerTest {
    @RegisterExtension
    static final JmsBrokerExtension broker = new JmsBrokerExtension();

    /** Texts the listeners saw, with how often. */
    private final Map<String, AtomicInteger> seen = new ConcurrentHashMap<>();

    /** A pool of server sessions over sessions of {@code connection}; getServerSession waits at most 10 s. */
    private static final class Pool implements ServerSessionPool, AutoCloseable {
        private final BlockingQueue<ServerSession> idle;
        private final ExecutorService threads;

        Pool(Connection connection, int size, int mode, MessageListener listener) throws JMSException {
            idle = new ArrayBlockingQueue<>(size);
            threads = Executors.newFixedThreadPool(size);
            for (int i = 0; i < size; i++) {
                Session session = connection.createSession(mode);
                session.setMessageListener(listener);
                idle.add(new ServerSession() {
                    @Override
                    public Session getSession() {
                        return session;
                    }

                    @Override
                    public void start() {
                        ServerSession self = this;
                        threads.execute(() -> {
                            try {
                                session.run();
                            } finally {
                                idle.add(self);
                            }
                        });
                    }
                });
            }
        }

        @Override
        public ServerSession getServerSession() throws JMSException {
            try {
                ServerSession s = idle.poll(10, TimeUnit.SECONDS);
                if (s == null) {
                    throw new JMSException("no idle server session within 10 s");
                }
                return s;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new JMSException("interrupted");
            }
        }

        @Override
        public void close() throws InterruptedException {
            threads.shutdown();
            assertTrue(threads.awaitTermination(10, TimeUnit.SECONDS));
        }
    }

    private MessageListener recording() {
        return m -> seen.computeIfAbsent(text(m), k -> new AtomicInteger()).incrementAndGet();
    }

    private static String text(Message m) {
        try {
            return ((TextMessage) m).getText();
        } catch (JMSException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<String> send(Connection c, jakarta.jms.Destination d, int n) throws JMSException {
        Session s = c.createSession();
        MessageProducer p = s.createProducer(d);
        List<String> texts = new ArrayList<>();
        String run = UUID.randomUUID().toString().substring(0, 8);
        for (int i = 0; i < n; i++) {
            texts.add(run + "-" + i);
            p.send(s.createTextMessage(run + "-" + i));
        }
        s.close();
        return texts;
    }

    private void awaitEachOnce(List<String> texts) {
        await().atMost(Duration.ofSeconds(30)).until(() -> texts.stream().allMatch(seen::containsKey));
        for (String t : texts) {
            assertEquals(1, seen.get(t).get(), "delivered once: " + t);
        }
    }

    @Test
    void queueConnectionConsumerDeliversEachMessageOnceThroughThePool() throws Exception {
        try (Connection c = broker.factory().createConnection();
             Pool pool = new Pool(c, 3, Session.AUTO_ACKNOWLEDGE, recording())) {
            jakarta.jms.Queue queue = c.createSession().createQueue("cc_queue");
            ConnectionConsumer cc = c.createConnectionConsumer(queue, null, pool, 5);
            assertSame(pool, cc.getServerSessionPool());
            c.start();
            List<String> texts = send(c, queue, 60);
            awaitEachOnce(texts);
            cc.close();
            try (MessageConsumer after = c.createSession().createConsumer(queue)) {
                assertNull(after.receive(1_000), "AUTO_ACKNOWLEDGE server sessions acknowledged every message");
            }
        }
    }

    @Test
    void topicSharedDurableAndSharedDurableConnectionConsumers() throws Exception {
        ApogeeConnectionFactory factory = broker.factory();
        factory.setClientID("cc-durable-client");
        try (Connection c = factory.createConnection();
             Pool pool = new Pool(c, 2, Session.AUTO_ACKNOWLEDGE, recording())) {
            Topic topic = c.createSession().createTopic("cc_topic");
            List<ConnectionConsumer> consumers = List.of(
                    c.createConnectionConsumer(topic, null, pool, 1),
                    c.createSharedConnectionConsumer(topic, "ccShared", null, pool, 3),
                    c.createDurableConnectionConsumer(topic, "ccDurable", null, pool, 3),
                    c.createSharedDurableConnectionConsumer(topic, "ccSharedDurable", null, pool, 3));
            c.start();
            List<String> texts = send(c, topic, 20);
            // four subscriptions: every message four times, once per subscription
            await().atMost(Duration.ofSeconds(30)).until(() -> texts.stream()
                    .allMatch(t -> seen.containsKey(t) && seen.get(t).get() >= 4));
            for (String t : texts) {
                assertEquals(4, seen.get(t).get(), t);
            }
            for (ConnectionConsumer cc : consumers) {
                cc.close();
            }
            // the durable one keeps what is sent while it is away
            List<String> later = send(c, topic, 5);
            seen.clear();
            ConnectionConsumer back = c.createDurableConnectionConsumer(topic, "ccDurable", null, pool, 2);
            awaitEachOnce(later);
            back.close();
        }
    }

    @Test
    void clientAcknowledgeLeavesUnacknowledgedMessagesForRedelivery() throws Exception {
        Set<String> acknowledged = ConcurrentHashMap.newKeySet();
        MessageListener ackEven = m -> {
            recording().onMessage(m);
            String t = text(m);
            if (Integer.parseInt(t.substring(t.lastIndexOf('-') + 1)) % 2 == 0) {
                try {
                    m.acknowledge();
                    acknowledged.add(t);
                } catch (JMSException e) {
                    throw new IllegalStateException(e);
                }
            }
        };
        try (Connection c = broker.factory().createConnection();
             Pool pool = new Pool(c, 1, Session.CLIENT_ACKNOWLEDGE, ackEven)) {
            jakarta.jms.Queue queue = c.createSession().createQueue("cc_client_ack");
            ConnectionConsumer cc = c.createConnectionConsumer(queue, null, pool, 1);
            c.start();
            List<String> texts = send(c, queue, 9); // the last one (8) is acknowledged: it covers all before it
            awaitEachOnce(texts);
            cc.close();
            try (MessageConsumer after = c.createSession().createConsumer(queue)) {
                assertNull(after.receive(1_000), "acknowledging 8 covered the odd ones before it");
            }
            List<String> more = send(c, queue, 2); // 0 acknowledged, 1 not
            seen.clear();
            ConnectionConsumer again = c.createConnectionConsumer(queue, null, pool, 1);
            awaitEachOnce(more);
            again.close();
            try (MessageConsumer after = c.createSession().createConsumer(queue)) {
                Message redelivered = after.receive(10_000);
                assertEquals(more.get(1), redelivered == null ? null : text(redelivered),
                        "the unacknowledged message comes again");
            }
        }
    }

    @Test
    void aListenerThatThrowsGetsTheMessageAgainMarkedRedelivered() throws Exception {
        AtomicBoolean thrown = new AtomicBoolean();
        Set<String> redelivered = ConcurrentHashMap.newKeySet();
        MessageListener failOnce = m -> {
            try {
                if (m.getJMSRedelivered()) {
                    redelivered.add(text(m));
                }
            } catch (JMSException e) {
                throw new IllegalStateException(e);
            }
            if (thrown.compareAndSet(false, true)) {
                throw new IllegalStateException("first delivery fails");
            }
            recording().onMessage(m);
        };
        try (Connection c = broker.factory().createConnection();
             Pool pool = new Pool(c, 1, Session.AUTO_ACKNOWLEDGE, failOnce)) {
            jakarta.jms.Queue queue = c.createSession().createQueue("cc_redeliver");
            ConnectionConsumer cc = c.createConnectionConsumer(queue, null, pool, 1);
            c.start();
            List<String> texts = send(c, queue, 1);
            awaitEachOnce(texts);
            assertEquals(Set.of(texts.get(0)), redelivered);
            cc.close();
        }
    }

    @Test
    void aBatchTheListenerAlwaysThrowsOnIsDroppedAfterTenDeliveries() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        try (Connection c = broker.factory().createConnection();
             Pool pool = new Pool(c, 1, Session.AUTO_ACKNOWLEDGE, m -> {
                 calls.incrementAndGet();
                 throw new IllegalStateException("poison");
             })) {
            jakarta.jms.Queue queue = c.createSession().createQueue("cc_poison");
            ConnectionConsumer cc = c.createConnectionConsumer(queue, null, pool, 1);
            c.start();
            send(c, queue, 1);
            await().atMost(Duration.ofSeconds(30)).until(() -> calls.get() >= ApogeeConnectionConsumer.MAX_DELIVERIES);
            cc.close();
            assertEquals(ApogeeConnectionConsumer.MAX_DELIVERIES, calls.get());
            try (MessageConsumer after = c.createSession().createConsumer(queue)) {
                assertNull(after.receive(1_000), "dropped (acknowledged) after the last failed delivery");
            }
        }
    }

    @Test
    void closeUnderLoadLosesNothing() throws Exception {
        try (Connection c = broker.factory().createConnection();
             Pool pool = new Pool(c, 2, Session.AUTO_ACKNOWLEDGE, recording())) {
            jakarta.jms.Queue queue = c.createSession().createQueue("cc_close_load");
            ConnectionConsumer cc = c.createConnectionConsumer(queue, null, pool, 4);
            c.start();
            List<String> texts = send(c, queue, 300);
            await().atMost(Duration.ofSeconds(30)).until(() -> seen.size() >= 20);
            cc.close(); // mid-stream
            Set<String> all = new HashSet<>(seen.keySet());
            try (MessageConsumer rest = c.createSession().createConsumer(queue)) {
                Message m;
                while (!all.containsAll(texts) && (m = rest.receive(5_000)) != null) {
                    all.add(text(m));
                }
            }
            assertTrue(all.containsAll(texts), "every message was processed or is still there");
        }
    }

    @Test
    void badArgumentsAndSessionListener() throws Exception {
        try (Connection c = broker.factory().createConnection();
             Pool pool = new Pool(c, 1, Session.AUTO_ACKNOWLEDGE, recording())) {
            jakarta.jms.Queue queue = c.createSession().createQueue("cc_args");
            assertThrows(jakarta.jms.IllegalStateException.class,
                    () -> c.createConnectionConsumer(queue, null, pool, 0));
            assertThrows(jakarta.jms.IllegalStateException.class,
                    () -> c.createConnectionConsumer(queue, null, null, 1));
            assertThrows(jakarta.jms.IllegalStateException.class,
                    () -> c.createDurableConnectionConsumer(c.createSession().createTopic("cc_t"), "d", null, pool,
                            1), "an unshared durable subscription needs a client id");
            Session s = c.createSession();
            MessageListener l = m -> { };
            s.setMessageListener(l);
            assertSame(l, s.getMessageListener());
        }
    }
}

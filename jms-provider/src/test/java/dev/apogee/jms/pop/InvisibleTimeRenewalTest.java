package dev.apogee.jms.pop;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.apogee.jms.api.ApogeeConnectionFactory;
import dev.apogee.jms.api.JmsBrokerExtension;
import dev.apogee.jms.xa.ApogeeXAConnectionFactory;
import dev.apogee.jms.xa.BranchXid;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import jakarta.jms.XAConnection;
import jakarta.jms.XASession;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.transaction.xa.XAResource;
import javax.transaction.xa.Xid;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A message a JMS session holds longer than the invisible time (3 s here) goes to no other consumer of the queue:
 * the connection renews its invisible time while it holds it, however it holds it (CLIENT_ACKNOWLEDGE waiting, an
 * open transaction or XA branch, a slow {@code onMessage}); the late acknowledgement or commit then acks it for
 * good, and a prepared XA branch's message is held by the broker without renewal. A client
 * killed while holding a message renews nothing: the message comes back after the invisible time, redelivered.
 * Without the renewal each hold here would hand the message to the competing consumer after 3 s.
 */
@Tag("slow")
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class InvisibleTimeRenewalTest {
    private static final long INVISIBLE_MILLIS = 3_000;
    private static final long HOLD_MILLIS = 7_000; // more than two invisible times: renewed at least twice
    private static final AtomicInteger SEQ = new AtomicInteger();
    @RegisterExtension
    static final JmsBrokerExtension broker = new JmsBrokerExtension();

    @Test
    void clientAcknowledgeHoldsTheMessageUntilItAcknowledges() throws Exception {
        Queue queue = queueWith("held");
        try (Connection holder = factory().createConnection(); Connection other = factory().createConnection()) {
            holder.start();
            other.start();
            Session session = holder.createSession(false, Session.CLIENT_ACKNOWLEDGE);
            Message held = session.createConsumer(queue).receive(10_000);
            assertFirstDelivery(held);
            MessageConsumer competitor = competitor(other, queue);
            assertNothingFor(competitor, HOLD_MILLIS, "while the first session holds the message");
            held.acknowledge();
            assertNothingFor(competitor, 2 * INVISIBLE_MILLIS, "after the late acknowledgement");
        }
    }

    @Test
    void aTransactionHoldsItsReceivedMessageUntilItCommits() throws Exception {
        Queue queue = queueWith("held");
        try (Connection holder = factory().createConnection(); Connection other = factory().createConnection()) {
            holder.start();
            other.start();
            Session session = holder.createSession(true, Session.SESSION_TRANSACTED);
            assertFirstDelivery(session.createConsumer(queue).receive(10_000));
            MessageConsumer competitor = competitor(other, queue);
            assertNothingFor(competitor, HOLD_MILLIS, "while the transaction is open");
            session.commit();
            assertNothingFor(competitor, 2 * INVISIBLE_MILLIS, "after the late commit");
        }
    }

    @Test
    void anXaBranchRenewsUntilPreparedThenTheBrokerHoldsTheMessage() throws Exception {
        Queue queue = queueWith("held");
        ApogeeXAConnectionFactory xaFactory = new ApogeeXAConnectionFactory();
        xaFactory.setNamesrvAddress(broker.namesrvAddress());
        xaFactory.setInvisibleTimeMillis(INVISIBLE_MILLIS);
        try (XAConnection holder = xaFactory.createXAConnection();
             Connection other = factory().createConnection()) {
            holder.start();
            other.start();
            XASession session = holder.createXASession();
            XAResource resource = session.getXAResource();
            Xid xid = new BranchXid(0x4150, ("renew-" + System.nanoTime()).getBytes(StandardCharsets.UTF_8),
                    new byte[] {1});
            MessageConsumer consumer = session.createConsumer(queue);
            resource.start(xid, XAResource.TMNOFLAGS);
            assertFirstDelivery(consumer.receive(10_000));
            MessageConsumer competitor = competitor(other, queue);
            assertNothingFor(competitor, HOLD_MILLIS, "while the branch is active (renewed)");
            resource.end(xid, XAResource.TMSUCCESS);
            assertEquals(XAResource.XA_OK, resource.prepare(xid));
            assertNothingFor(competitor, HOLD_MILLIS, "while the branch is prepared (held by the broker)");
            resource.commit(xid, false);
            assertNothingFor(competitor, 2 * INVISIBLE_MILLIS, "after the commit");
        }
    }

    @Test
    void aSlowListenerKeepsItsMessage() throws Exception {
        Queue queue = queueWith("held");
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch finished = new CountDownLatch(1);
        AtomicInteger deliveries = new AtomicInteger();
        try (Connection holder = factory().createConnection(); Connection other = factory().createConnection()) {
            Session session = holder.createSession(false, Session.AUTO_ACKNOWLEDGE);
            session.createConsumer(queue).setMessageListener(message -> {
                deliveries.incrementAndGet();
                entered.countDown();
                try {
                    Thread.sleep(HOLD_MILLIS + 1_000); // outlasts the competitor's polling below
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    finished.countDown();
                }
            });
            holder.start();
            other.start();
            assertTrue(entered.await(10, TimeUnit.SECONDS), "the listener got the message");
            MessageConsumer competitor = competitor(other, queue);
            assertNothingFor(competitor, HOLD_MILLIS, "while onMessage runs");
            assertTrue(finished.await(10, TimeUnit.SECONDS), "the listener returned");
            assertNothingFor(competitor, 2 * INVISIBLE_MILLIS, "after onMessage returned (auto-acknowledged)");
            assertEquals(1, deliveries.get(), "delivered once");
        }
    }

    @Test
    void aKilledClientsMessageComesBackRedeliveredAfterTheInvisibleTime(@TempDir Path dir) throws Exception {
        Queue queue = queueWith("orphan");
        Path out = dir.resolve("holder.out");
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-cp", System.getProperty("java.class.path"), HoldingConsumerApp.class.getName(),
                broker.namesrvAddress(), queue.getQueueName(), String.valueOf(INVISIBLE_MILLIS))
                .redirectErrorStream(true).redirectOutput(out.toFile()).start();
        try {
            await("the child holds the message").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100))
                    .until(() -> {
                        String printed = Files.readString(out);
                        if (!child.isAlive() && !printed.contains("HELD ")) {
                            throw new AssertionError("the child exited with " + child.exitValue() + ":\n" + printed);
                        }
                        return printed.contains("HELD ");
                    });
            try (Connection other = factory().createConnection()) {
                other.start();
                MessageConsumer competitor = competitor(other, queue);
                assertNothingFor(competitor, HOLD_MILLIS, "while the child, alive, holds the message");
                assertTrue(child.destroyForcibly().waitFor(10, TimeUnit.SECONDS), "kill -9");
                Message again = competitor.receive(INVISIBLE_MILLIS + 10_000);
                assertNotNull(again, "the killed client's message comes back after its invisible time");
                assertEquals("orphan", ((TextMessage) again).getText());
                assertTrue(again.getJMSRedelivered());
                assertEquals(2, again.getIntProperty("JMSXDeliveryCount"));
            }
        } finally {
            child.destroyForcibly();
        }
    }

    private static ApogeeConnectionFactory factory() throws JMSException {
        ApogeeConnectionFactory factory = broker.factory();
        factory.setInvisibleTimeMillis(INVISIBLE_MILLIS);
        return factory;
    }

    private static Queue queueWith(String text) throws JMSException {
        try (Connection c = factory().createConnection()) {
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Queue queue = s.createQueue("RENEW_" + SEQ.incrementAndGet() + "_" + System.nanoTime() % 100_000);
            s.createProducer(queue).send(s.createTextMessage(text));
            return queue;
        }
    }

    private static MessageConsumer competitor(Connection connection, Queue queue) throws JMSException {
        return connection.createSession(false, Session.AUTO_ACKNOWLEDGE).createConsumer(queue);
    }

    private static void assertFirstDelivery(Message message) throws JMSException {
        assertNotNull(message, "the first consumer gets the message");
        assertFalse(message.getJMSRedelivered());
        assertEquals(1, message.getIntProperty("JMSXDeliveryCount"));
    }

    /** Polls {@code consumer} for {@code millis} (receives of 500 ms): it must get nothing. */
    private static void assertNothingFor(MessageConsumer consumer, long millis, String when) throws JMSException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (System.nanoTime() < deadline) {
            Message m = consumer.receive(500);
            assertNull(m, () -> "a second consumer got the message " + when + ": " + describe(m));
        }
    }

    private static String describe(Message m) {
        try {
            return m.getJMSMessageID() + " delivery " + m.getIntProperty("JMSXDeliveryCount");
        } catch (JMSException e) {
            return String.valueOf(m);
        }
    }
}

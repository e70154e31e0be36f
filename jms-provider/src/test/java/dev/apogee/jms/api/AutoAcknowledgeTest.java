package dev.apogee.jms.api;

import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.apogee.jms.api.Fluent.assertThat;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * AUTO_ACKNOWLEDGE and DUPS_OK commit consumed positions without waiting for the broker (coalesced) and consumers pull
 * in batches. These tests pin what must not change with that: a message delivered (and so acknowledged) before its
 * consumer, session or connection closed is never delivered to the group again, and every message not delivered yet
 * comes to the next consumer — nothing lost, no duplicates without a failure. More messages than one pull batch, on a
 * queue of several RocketMQ queues, so prefetched-but-not-delivered messages exist at every close.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class AutoAcknowledgeTest {
    private static final AtomicInteger SEQ = new AtomicInteger();
    @RegisterExtension
    static final JmsBrokerExtension broker = new JmsBrokerExtension();

    private static String name(String prefix) {
        return prefix + "_" + System.currentTimeMillis() % 100_000 + "_" + SEQ.incrementAndGet();
    }

    @Test
    void receivedMessagesAreNotRedeliveredAfterConsumerCloseAndTheRestAreNotLost() throws Exception {
        try (Connection c = broker.factory().createConnection()) {
            c.start();
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Queue queue = s.createQueue(name("autoack"));
            MessageConsumer first = s.createConsumer(queue); // exists before the sends: all queues assigned to it
            Set<String> sent = send(s, queue, 300);
            List<String> got = receive(first, 120);
            assertThat(got).hasSize(120);
            first.close(); // flushes the lazily committed positions

            MessageConsumer second = s.createConsumer(queue);
            List<String> rest = receive(second, 180);
            assertThat(rest).hasSize(180);
            assertThat(second.receive(500)).isNull();
            assertExactlyOnce(sent, got, rest);
        }
    }

    @Test
    void listenerDeliveriesAreNotRedeliveredAfterConsumerClose() throws Exception {
        try (Connection c = broker.factory().createConnection()) {
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Queue queue = s.createQueue(name("autoacklistener"));
            MessageConsumer first = s.createConsumer(queue);
            Set<String> sent = send(s, queue, 300);
            List<String> got = Collections.synchronizedList(new ArrayList<>());
            CountDownLatch enough = new CountDownLatch(150);
            first.setMessageListener(m -> {
                got.add(text(m));
                enough.countDown();
            });
            c.start();
            assertThat(enough.await(30, TimeUnit.SECONDS)).isTrue();
            first.close(); // waits for a running onMessage, then flushes

            List<String> delivered = new ArrayList<>(got);
            MessageConsumer second = c.createSession(false, Session.AUTO_ACKNOWLEDGE).createConsumer(queue);
            List<String> rest = receive(second, sent.size() - delivered.size());
            assertThat(second.receive(500)).isNull();
            assertExactlyOnce(sent, delivered, rest);
        }
    }

    @Test
    void connectionCloseStoresTheAcknowledgements() throws Exception {
        Queue queue;
        Set<String> sent;
        List<String> got;
        try (Connection c = broker.factory().createConnection()) {
            c.start();
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            queue = s.createQueue(name("autoackconn"));
            MessageConsumer consumer = s.createConsumer(queue);
            sent = send(s, queue, 200);
            got = receive(consumer, 77);
            assertThat(got).hasSize(77);
        } // Connection.close(): no consumer close before it
        try (Connection c = broker.factory().createConnection()) {
            c.start();
            MessageConsumer next = c.createSession(false, Session.AUTO_ACKNOWLEDGE).createConsumer(queue);
            List<String> rest = receive(next, 123);
            assertThat(next.receive(500)).isNull();
            assertExactlyOnce(sent, got, rest);
        }
    }

    @Test
    void dupsOkDeliveriesAreNotRedeliveredAfterSessionClose() throws Exception {
        try (Connection c = broker.factory().createConnection()) {
            c.start();
            Session s = c.createSession(false, Session.DUPS_OK_ACKNOWLEDGE);
            Queue queue = s.createQueue(name("dupsokbatch"));
            MessageConsumer consumer = s.createConsumer(queue);
            Set<String> sent = send(s, queue, 100);
            List<String> got = receive(consumer, 41); // not a multiple of the DUPS_OK batch
            s.close();
            MessageConsumer next = c.createSession(false, Session.AUTO_ACKNOWLEDGE).createConsumer(queue);
            List<String> rest = receive(next, 59);
            assertThat(next.receive(500)).isNull();
            assertExactlyOnce(sent, got, rest);
        }
    }

    private static void assertExactlyOnce(Set<String> sent, List<String> first, List<String> second) {
        Set<String> a = new HashSet<>(first);
        Set<String> b = new HashSet<>(second);
        assertThat(a.size()).isEqualTo(first.size()); // no duplicate within a consumer
        assertThat(b.size()).isEqualTo(second.size());
        Set<String> both = new HashSet<>(a);
        both.retainAll(b);
        assertThat(both).hasSize(0); // nothing acknowledged came again
        Set<String> all = new HashSet<>(a);
        all.addAll(b);
        assertThat(all).isEqualTo(sent); // nothing lost
    }

    private static Set<String> send(Session s, Queue queue, int count) throws Exception {
        Set<String> sent = new HashSet<>();
        MessageProducer producer = s.createProducer(queue);
        for (int i = 0; i < count; i++) {
            producer.send(s.createTextMessage("m" + i));
            sent.add("m" + i);
        }
        producer.close();
        return sent;
    }

    private static List<String> receive(MessageConsumer consumer, int expected) throws Exception {
        List<String> got = new ArrayList<>();
        long deadline = System.currentTimeMillis() + 30_000;
        while (got.size() < expected && System.currentTimeMillis() < deadline) {
            Message m = consumer.receive(200);
            if (m != null) {
                got.add(text(m));
            }
        }
        return got;
    }

    private static String text(Message m) {
        try {
            return ((TextMessage) m).getText();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}

package dev.apogee.jms.api;

import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static dev.apogee.jms.api.Fluent.assertThat;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A backlog far larger than the consumer's prefetch, drained by consumers on fresh connections one after another
 * (as a benchmark does: a short-lived consumer first, then receive(), then a listener): pulled batches are handed out
 * completely, in send order, with the next pulls overlapping the hand-out, and each consumer starts where the last
 * one's acknowledgements left off. (Order is asserted from the second batch of sends on: the very first sends to a
 * brand-new destination can currently land on different queues while the producer learns the route.)
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class ReceiveDrainTest {
    private static final int BACKLOG = 5_000;
    @RegisterExtension
    static final JmsBrokerExtension broker = new JmsBrokerExtension();

    @Test
    void backlogsDrainCompletelyAndInOrder() throws Exception {
        String name = "drain_" + System.currentTimeMillis() % 100_000;
        send(name, 0, 100);
        List<Integer> warm = new ArrayList<>();
        try (Connection c = broker.factory().createConnection()) { // a consumer that comes and goes first
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageConsumer consumer = s.createConsumer(s.createQueue(name));
            c.start();
            Message m;
            while (warm.size() < 100 && (m = consumer.receive(10_000)) != null) {
                warm.add(m.getIntProperty("seq"));
            }
        }
        // complete; not checked for order: the first sends to a destination that did not exist yet may reach
        // different queues until the producer has its route (a send-path matter, see the class comment)
        warm.sort(null);
        assertThat(warm).isEqualTo(range(0, 100));

        send(name, 100, BACKLOG);
        List<Integer> received = new ArrayList<>();
        try (Connection c = broker.factory().createConnection()) {
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageConsumer consumer = s.createConsumer(s.createQueue(name));
            c.start();
            Message m;
            while (received.size() < BACKLOG && (m = consumer.receive(10_000)) != null) {
                received.add(m.getIntProperty("seq"));
                assertThat(((BytesMessage) m).getBodyLength()).isEqualTo(1024L);
            }
        }
        assertThat(received).isEqualTo(range(100, 100 + BACKLOG));

        send(name, 100 + BACKLOG, BACKLOG);
        List<Integer> heard = new ArrayList<>();
        CountDownLatch all = new CountDownLatch(1);
        try (Connection c = broker.factory().createConnection()) {
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            s.createConsumer(s.createQueue(name)).setMessageListener(m -> {
                try {
                    heard.add(m.getIntProperty("seq"));
                } catch (Exception e) {
                    heard.add(-1);
                }
                if (heard.size() == BACKLOG) {
                    all.countDown();
                }
            });
            c.start();
            assertThat(all.await(120, TimeUnit.SECONDS)).isTrue();
            c.stop(); // the listener is not running any more: heard is ours to read
        }
        assertThat(heard).isEqualTo(range(100 + BACKLOG, 100 + 2 * BACKLOG));
    }

    private static void send(String queueName, int from, int count) throws Exception {
        byte[] body = new byte[1024];
        try (Connection c = broker.factory().createConnection()) {
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Queue queue = s.createQueue(queueName);
            MessageProducer p = s.createProducer(queue);
            // PERSISTENT: each send is stored before the next (NON_PERSISTENT oneway sends can currently be stored
            // out of order by the broker's send threads, which is not what this test is about)
            p.setDeliveryMode(DeliveryMode.PERSISTENT);
            for (int i = from; i < from + count; i++) {
                BytesMessage m = s.createBytesMessage();
                m.writeBytes(body);
                m.setIntProperty("seq", i);
                p.send(m);
            }
        }
    }

    private static List<Integer> range(int from, int to) {
        List<Integer> out = new ArrayList<>();
        for (int i = from; i < to; i++) {
            out.add(i);
        }
        return out;
    }
}

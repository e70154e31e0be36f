package dev.apogee.jms.api;

import jakarta.jms.Connection;
import jakarta.jms.IllegalStateException;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static dev.apogee.jms.api.Fluent.assertThat;
import static dev.apogee.jms.api.Fluent.assertThatThrownBy;

/** Durable and shared subscriptions, temporary queues and delivery delay against our own broker. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JmsSubscriptionsTest {
    private static final AtomicInteger SEQ = new AtomicInteger();
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

    private Connection started(String clientId) throws Exception {
        Connection c = broker.factory().createConnection();
        connections.add(c);
        if (clientId != null) {
            c.setClientID(clientId);
        }
        c.start();
        return c;
    }

    private static String name(String prefix) {
        return prefix + "_" + System.currentTimeMillis() % 100_000 + "_" + SEQ.incrementAndGet();
    }

    private static List<String> drain(MessageConsumer consumer, int expected, long millis) throws Exception {
        List<String> got = new ArrayList<>();
        long deadline = System.currentTimeMillis() + millis;
        while (got.size() < expected && System.currentTimeMillis() < deadline) {
            Message m = consumer.receive(200);
            if (m != null) {
                got.add(((TextMessage) m).getText());
            }
        }
        return got;
    }

    @Test
    void durableSubscriptionKeepsMessagesWhileOfflineUntilUnsubscribed() throws Exception {
        Connection c = started(name("durable_client"));
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Topic topic = s.createTopic(name("durable"));
        MessageProducer producer = s.createProducer(topic);
        producer.send(s.createTextMessage("before subscription"));

        MessageConsumer sub = s.createDurableSubscriber(topic, "sub1");
        assertThatThrownBy(() -> s.createDurableSubscriber(topic, "sub1")).isInstanceOf(IllegalStateException.class);
        producer.send(s.createTextMessage("online"));
        assertThat(drain(sub, 1, 10_000)).containsExactly("online");
        sub.close();

        producer.send(s.createTextMessage("while offline"));
        MessageConsumer again = s.createDurableConsumer(topic, "sub1");
        assertThatThrownBy(() -> s.unsubscribe("sub1")).isInstanceOf(IllegalStateException.class);
        assertThat(drain(again, 1, 10_000)).containsExactly("while offline");
        assertThat(again.receive(300)).isNull();
        again.close();

        s.unsubscribe("sub1");
        producer.send(s.createTextMessage("after unsubscribe"));
        MessageConsumer fresh = s.createDurableConsumer(topic, "sub1");
        assertThat(fresh.receive(1_000)).as("a new subscription starts at the end").isNull();
    }

    @Test
    void durableSubscriptionNeedsAClientId() throws Exception {
        Connection c = started(null);
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Topic topic = s.createTopic(name("noid"));
        assertThatThrownBy(() -> s.createDurableSubscriber(topic, "x")).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void sharedSubscriptionSplitsMessagesBetweenItsConsumers() throws Exception {
        Connection c = started(null);
        Session s1 = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Session s2 = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Topic topic = s1.createTopic(name("shared"));
        MessageConsumer a = s1.createSharedConsumer(topic, "workers");
        MessageConsumer b = s2.createSharedConsumer(topic, "workers");
        MessageConsumer other = s2.createConsumer(topic); // an ordinary subscriber sees everything
        Thread.sleep(2_500); // let the rebalance settle
        // one session's sends share one RocketMQ queue (order, §6.2.9); consecutive sessions use consecutive queues
        List<Session> senders = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            senders.add(c.createSession(false, Session.AUTO_ACKNOWLEDGE));
        }
        int total = 20;
        for (int i = 0; i < total; i++) {
            Session ps = senders.get(i % senders.size());
            ps.createProducer(topic).send(ps.createTextMessage("w" + i));
        }
        List<String> gotA = new ArrayList<>();
        List<String> gotB = new ArrayList<>();
        long deadline = System.currentTimeMillis() + 20_000;
        while (gotA.size() + gotB.size() < total && System.currentTimeMillis() < deadline) {
            Message m = a.receive(100);
            if (m != null) {
                gotA.add(((TextMessage) m).getText());
            }
            m = b.receive(100);
            if (m != null) {
                gotB.add(((TextMessage) m).getText());
            }
        }
        List<String> all = new ArrayList<>(gotA);
        all.addAll(gotB);
        assertThat(all).hasSize(total);
        assertThat(all).doesNotHaveDuplicates();
        assertThat(gotA).isNotEmpty();
        assertThat(gotB).isNotEmpty();
        assertThat(drain(other, total, 15_000)).hasSize(total);
    }

    @Test
    void temporaryQueueBelongsToItsConnection() throws Exception {
        Connection c = started(null);
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        TemporaryQueue temp = s.createTemporaryQueue();
        MessageConsumer consumer = s.createConsumer(temp);
        TextMessage request = s.createTextMessage("ping");
        request.setJMSReplyTo(temp);
        s.createProducer(temp).send(request);
        Message m = consumer.receive(10_000);
        assertThat(((TextMessage) m).getText()).isEqualTo("ping");
        assertThat(m.getJMSReplyTo()).isEqualTo(temp);

        Connection other = started(null);
        Session os = other.createSession(false, Session.AUTO_ACKNOWLEDGE);
        assertThatThrownBy(() -> os.createConsumer(temp)).isInstanceOf(InvalidDestinationException.class);

        assertThatThrownBy(temp::delete).isInstanceOf(IllegalStateException.class);
        consumer.close();
        temp.delete();
        assertThatThrownBy(() -> s.createConsumer(temp)).isInstanceOf(InvalidDestinationException.class);
    }

    @Test
    void deliveryDelayHoldsTheMessageBack() throws Exception {
        Connection c = started(null);
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        var queue = s.createQueue(name("delay"));
        MessageConsumer consumer = s.createConsumer(queue);
        MessageProducer producer = s.createProducer(queue);
        producer.setDeliveryDelay(2_000);
        long sent = System.currentTimeMillis();
        producer.send(s.createTextMessage("later"));
        assertThat(consumer.receive(1_000)).as("not before the delay").isNull();
        Message m = consumer.receive(15_000);
        assertThat(m).isNotNull();
        assertThat(((TextMessage) m).getText()).isEqualTo("later");
        assertThat(System.currentTimeMillis() - sent).isGreaterThan(1_900);
        assertThat(m.getJMSDeliveryTime()).isGreaterThan(sent + 1_900);
    }

    @Test
    void queueBrowserShowsUnconsumedMessagesWithoutConsumingThem() throws Exception {
        Connection c = started(null);
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        jakarta.jms.Queue queue = s.createQueue(name("browse"));
        MessageConsumer consumer = s.createConsumer(queue);
        MessageProducer producer = s.createProducer(queue);
        for (int i = 1; i <= 4; i++) {
            TextMessage t = s.createTextMessage("b" + i);
            t.setIntProperty("n", i);
            producer.send(t);
        }
        String consumed = ((TextMessage) consumer.receive(10_000)).getText();
        consumer.close(); // nothing else is consumed

        jakarta.jms.QueueBrowser browser = s.createBrowser(queue);
        List<String> seen = new ArrayList<>();
        for (var e = browser.getEnumeration(); e.hasMoreElements(); ) {
            seen.add(((TextMessage) e.nextElement()).getText());
        }
        List<String> expected = new ArrayList<>(List.of("b1", "b2", "b3", "b4"));
        expected.remove(consumed);
        assertThat(seen).containsExactlyInAnyOrder(expected.toArray());

        jakarta.jms.QueueBrowser selective = s.createBrowser(queue, "n >= 3");
        List<String> big = new ArrayList<>();
        for (var e = selective.getEnumeration(); e.hasMoreElements(); ) {
            big.add(((TextMessage) e.nextElement()).getText());
        }
        List<String> expectedBig = new ArrayList<>(List.of("b3", "b4"));
        expectedBig.remove(consumed);
        assertThat(big).containsExactlyInAnyOrder(expectedBig.toArray());
        assertThatThrownBy(() -> s.createBrowser(queue, "n >>> 1"))
                .isInstanceOf(jakarta.jms.InvalidSelectorException.class);

        MessageConsumer again = s.createConsumer(queue);
        assertThat(drain(again, 3, 10_000)).containsExactlyInAnyOrder(expected.toArray());
    }
}

package dev.apogee.tck.subscription;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.apogee.tck.Spec;
import dev.apogee.tck.support.TckTestBase;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * JMSRedelivered and JMSXDeliveryCount on topic subscriptions (Jakarta Messaging 3.1 §3.4.7, §3.5.11): a first
 * delivery is not a redelivery; each real redelivery counts one more.
 */
class TopicDeliveryFlagsTest extends TckTestBase {

    private static void assertFirstDelivery(Message m) throws JMSException {
        assertFalse(m.getJMSRedelivered(), "JMSRedelivered on a first delivery");
        assertEquals(1, m.getIntProperty("JMSXDeliveryCount"), "JMSXDeliveryCount on a first delivery");
    }

    private static void assertRedelivery(Message m, int count) throws JMSException {
        assertTrue(m.getJMSRedelivered(), "JMSRedelivered on a redelivery");
        assertEquals(count, m.getIntProperty("JMSXDeliveryCount"));
    }

    @Test
    @Spec({"3.4.7", "3.5.11", "8.3.1"})
    @DisplayName("3.5.11 non-durable subscriber: first delivery count 1, recover makes it 2")
    void nonDurableSubscriber() throws Exception {
        Topic topic = topic();
        Connection c = startedConnection();
        Session s = c.createSession(false, Session.CLIENT_ACKNOWLEDGE);
        MessageConsumer consumer = s.createConsumer(topic);
        sendTexts(c.createSession(false, Session.AUTO_ACKNOWLEDGE), topic, "n1", "n2");
        assertFirstDelivery(receive(consumer));
        assertFirstDelivery(receive(consumer));
        s.recover();
        assertRedelivery(receive(consumer), 2);
        Message last = receive(consumer);
        assertRedelivery(last, 2);
        last.acknowledge();
        assertNoMessage(consumer);
    }

    @Test
    @Spec({"3.4.7", "3.5.11", "8.3.3"})
    @DisplayName("3.5.11 durable subscriber: first delivery count 1; unacknowledged then a new consumer: 2")
    void durableSubscriber() throws Exception {
        Topic topic = topic();
        String name = uniqueName("flags");
        Connection c = connection();
        c.setClientID(uniqueName("flags"));
        c.start();
        Session s = c.createSession(false, Session.CLIENT_ACKNOWLEDGE);
        MessageConsumer durable = s.createDurableConsumer(topic, name);
        sendTexts(c.createSession(false, Session.AUTO_ACKNOWLEDGE), topic, "d1");
        assertFirstDelivery(receive(durable));
        durable.close();
        s.recover();
        MessageConsumer again = s.createDurableConsumer(topic, name);
        Message m = receive(again);
        assertEquals("d1", ((TextMessage) m).getText());
        assertRedelivery(m, 2);
        m.acknowledge();
        again.close();
        s.unsubscribe(name);
    }

    @Test
    @Spec({"3.4.7", "3.5.11", "8.3.2", "6.2.7"})
    @DisplayName("3.5.11 shared subscription: first delivery count 1, rollback makes it 2")
    void sharedSubscription() throws Exception {
        Topic topic = topic();
        Connection c = startedConnection();
        Session tx = c.createSession(true, Session.SESSION_TRANSACTED);
        MessageConsumer shared = tx.createSharedConsumer(topic, uniqueName("flags"));
        sendTexts(c.createSession(false, Session.AUTO_ACKNOWLEDGE), topic, "s1");
        assertFirstDelivery(receive(shared));
        tx.rollback();
        assertRedelivery(receive(shared), 2);
        tx.commit();
        assertNoMessage(shared);
    }

    @Test
    @Spec({"3.4.7", "3.5.11", "8.3.4"})
    @DisplayName("3.5.11 shared durable subscription: first delivery count 1")
    void sharedDurableSubscription() throws Exception {
        Topic topic = topic();
        String name = uniqueName("flags");
        Session s = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageConsumer shared = s.createSharedDurableConsumer(topic, name);
        sendTexts(s, topic, "sd1", "sd2");
        assertFirstDelivery(receive(shared));
        assertFirstDelivery(receive(shared));
        shared.close();
        s.unsubscribe(name);
    }

    @Test
    @Spec({"3.4.7", "3.5.11", "8.7"})
    @DisplayName("3.5.11 a listener that throws on a topic: first delivery count 1, the next one count 2")
    void listenerExceptionOnTopic() throws Exception {
        Topic topic = topic();
        Connection c = connection();
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        // the flags as each call saw them (a local redelivery may hand out the same message object again)
        BlockingQueue<String> seen = new LinkedBlockingQueue<>();
        AtomicInteger calls = new AtomicInteger();
        s.createConsumer(topic).setMessageListener(m -> {
            try {
                seen.add(m.getJMSRedelivered() + "/" + m.getIntProperty("JMSXDeliveryCount"));
            } catch (JMSException e) {
                seen.add(e.toString());
            }
            if (calls.incrementAndGet() == 1) {
                throw new IllegalStateException("first delivery fails on purpose");
            }
        });
        c.start();
        sendTexts(startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE), topic, "l1");
        assertEquals("false/1", seen.poll(timeout(), TimeUnit.MILLISECONDS));
        assertEquals("true/2", seen.poll(timeout(), TimeUnit.MILLISECONDS));
        assertNull(seen.poll(env().absenceWaitMillis(), TimeUnit.MILLISECONDS), "delivered twice only");
    }
}

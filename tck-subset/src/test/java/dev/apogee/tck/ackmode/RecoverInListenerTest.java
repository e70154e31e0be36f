package dev.apogee.tck.ackmode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.apogee.tck.Spec;
import dev.apogee.tck.support.TckTestBase;
import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.DisplayName;

/**
 * {@code Session.recover()} called from inside {@code onMessage} (Jakarta Messaging 3.1 §6.2.10, §8.7): the message
 * being delivered is delivered again to the listener, flagged redelivered, in every non-transacted mode.
 */
class RecoverInListenerTest extends TckTestBase {

    @ParameterizedTest(name = "ack mode {0}")
    @ValueSource(ints = {Session.AUTO_ACKNOWLEDGE, Session.CLIENT_ACKNOWLEDGE, Session.DUPS_OK_ACKNOWLEDGE})
    @Spec({"6.2.10", "8.7", "3.4.7", "3.5.11"})
    @DisplayName("6.2.10 recover() in onMessage delivers the current message again, redelivered, count + 1")
    void recoverInsideOnMessageRedeliversTheCurrentMessage(int mode) throws Exception {
        Queue queue = queue();
        Connection c = connection();
        Session s = c.createSession(false, mode);
        MessageConsumer consumer = s.createConsumer(queue);
        BlockingQueue<Message> deliveries = new LinkedBlockingQueue<>();
        AtomicInteger calls = new AtomicInteger();
        consumer.setMessageListener(m -> {
            deliveries.add(m);
            try {
                if (calls.incrementAndGet() == 1) {
                    s.recover();
                } else if (mode == Session.CLIENT_ACKNOWLEDGE) {
                    m.acknowledge();
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        sendTexts(startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE), queue, "again");
        c.start();
        Message first = deliveries.poll(timeout(), TimeUnit.MILLISECONDS);
        Message second = deliveries.poll(timeout(), TimeUnit.MILLISECONDS);
        assertNotNull(first, "first delivery");
        assertNotNull(second, "the recovered message was not delivered again");
        assertEquals("again", ((TextMessage) second).getText());
        assertTrue(second.getJMSRedelivered());
        assertEquals(2, second.getIntProperty("JMSXDeliveryCount"));
        assertEquals(null, deliveries.poll(env().absenceWaitMillis(), TimeUnit.MILLISECONDS), "delivered twice only");
        c.close();
        MessageConsumer later = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE)
                .createConsumer(queue);
        assertNoMessage(later);
    }

    @ParameterizedTest(name = "ack mode {0}")
    @ValueSource(ints = {Session.AUTO_ACKNOWLEDGE, Session.CLIENT_ACKNOWLEDGE})
    @Spec({"6.2.10", "8.7", "3.4.7"})
    @DisplayName("6.2.10 a listener that does not recover gets each message once, not flagged redelivered")
    void withoutRecoverEachMessageComesOnce(int mode) throws Exception {
        Queue queue = queue();
        Connection c = connection();
        Session s = c.createSession(false, mode);
        BlockingQueue<Message> deliveries = new LinkedBlockingQueue<>();
        s.createConsumer(queue).setMessageListener(m -> {
            deliveries.add(m);
            try {
                m.acknowledge();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        sendTexts(startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE), queue, "once");
        c.start();
        Message first = deliveries.poll(timeout(), TimeUnit.MILLISECONDS);
        assertNotNull(first);
        assertFalse(first.getJMSRedelivered());
        assertEquals(null, deliveries.poll(env().absenceWaitMillis(), TimeUnit.MILLISECONDS));
    }
}

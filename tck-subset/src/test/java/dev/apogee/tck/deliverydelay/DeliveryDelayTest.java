package dev.apogee.tck.deliverydelay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.apogee.tck.Spec;
import dev.apogee.tck.support.TckTestBase;
import jakarta.jms.JMSContext;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Delivery delay and JMSDeliveryTime (Jakarta Messaging 3.1 §7.9, §3.4.13). Waits out real delays: slow. */
@Tag("slow")
class DeliveryDelayTest extends TckTestBase {
    private static final long DELAY = 1_500;

    @Test
    @Spec({"7.9", "3.4.13"})
    @DisplayName("7.9 a delayed message is not delivered before its JMSDeliveryTime = send time + delay")
    void delayedMessageWaits() throws Exception {
        Queue queue = queue();
        Session s = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageConsumer consumer = s.createConsumer(queue);
        MessageProducer p = s.createProducer(queue);
        p.setDeliveryDelay(DELAY);
        assertEquals(DELAY, p.getDeliveryDelay());
        Message sent = s.createTextMessage("later");
        long before = System.currentTimeMillis();
        p.send(sent);
        assertEquals(sent.getJMSTimestamp() + DELAY, sent.getJMSDeliveryTime());
        Message got = receive(consumer);
        long receivedAt = System.currentTimeMillis();
        assertTrue(receivedAt >= before + DELAY, "delivered " + (receivedAt - before) + " ms after the send");
        assertEquals(sent.getJMSDeliveryTime(), got.getJMSDeliveryTime());
    }

    @Test
    @Spec("3.4.13")
    @DisplayName("3.4.13 without a delay, JMSDeliveryTime is the send time (JMSTimestamp)")
    void undelayedDeliveryTimeIsTheSendTime() throws Exception {
        Queue queue = queue();
        Session s = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        Message sent = s.createMessage();
        s.createProducer(queue).send(sent);
        assertEquals(sent.getJMSTimestamp(), sent.getJMSDeliveryTime());
        assertEquals(sent.getJMSTimestamp(), receive(s.createConsumer(queue)).getJMSDeliveryTime());
    }

    @Test
    @Spec({"7.9", "2.8"})
    @DisplayName("7.9 JMSProducer.setDeliveryDelay holds the message back too")
    void jmsProducerDelay() throws Exception {
        Queue queue = queue();
        JMSContext ctx = context();
        var consumer = ctx.createConsumer(queue);
        long before = System.currentTimeMillis();
        ctx.createProducer().setDeliveryDelay(DELAY).send(queue, "later");
        assertEquals("later", consumer.receiveBody(String.class, timeout()));
        assertTrue(System.currentTimeMillis() >= before + DELAY);
    }
}

package dev.apogee.tck.producer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.apogee.tck.Spec;
import dev.apogee.tck.support.TckTestBase;
import jakarta.jms.DeliveryMode;
import jakarta.jms.IllegalStateException;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** MessageProducer rules (Jakarta Messaging 3.1 chapter 7 and the MessageProducer API). */
class MessageProducerTest extends TckTestBase {

    @Test
    @Spec("7")
    @DisplayName("7 a producer's defaults: PERSISTENT, priority 4, no time to live, no delay, ids and timestamps on")
    void producerDefaults() throws Exception {
        Session s = connection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageProducer p = s.createProducer(queue());
        assertEquals(DeliveryMode.PERSISTENT, p.getDeliveryMode());
        assertEquals(Message.DEFAULT_PRIORITY, p.getPriority());
        assertEquals(Message.DEFAULT_TIME_TO_LIVE, p.getTimeToLive());
        assertEquals(Message.DEFAULT_DELIVERY_DELAY, p.getDeliveryDelay());
        assertFalse(p.getDisableMessageID());
        assertFalse(p.getDisableMessageTimestamp());
    }

    @Test
    @Spec("7")
    @DisplayName("7 an anonymous producer needs a destination on every send")
    void anonymousProducerNeedsADestinationPerSend() throws Exception {
        Queue queue = queue();
        Session s = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageProducer anonymous = s.createProducer(null);
        assertNull(anonymous.getDestination());
        assertThrows(UnsupportedOperationException.class, () -> anonymous.send(s.createMessage()));
        assertThrows(InvalidDestinationException.class, () -> anonymous.send(null, s.createMessage()));
        anonymous.send(queue, s.createTextMessage("routed"));
        assertEquals("routed", receiveText(s.createConsumer(queue)));
    }

    @Test
    @Spec("7")
    @DisplayName("7 a producer created with a destination refuses a send naming a destination")
    void boundProducerRefusesAnotherDestination() throws Exception {
        Queue queue = queue();
        Session s = connection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageProducer bound = s.createProducer(queue);
        assertEquals(queue, bound.getDestination());
        assertThrows(UnsupportedOperationException.class, () -> bound.send(queue(), s.createMessage()));
        assertThrows(UnsupportedOperationException.class, () -> bound.send(queue, s.createMessage()));
    }

    @Test
    @Spec({"7", "3.4.11"})
    @DisplayName("7 changed producer settings apply to the messages it sends")
    void producerSettingsApplyToSends() throws Exception {
        Queue queue = queue();
        Session s = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageProducer p = s.createProducer(queue);
        p.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
        p.setPriority(8);
        p.setTimeToLive(120_000);
        Message sent = s.createMessage();
        p.send(sent);
        Message got = receive(s.createConsumer(queue));
        assertEquals(DeliveryMode.NON_PERSISTENT, got.getJMSDeliveryMode());
        assertEquals(8, got.getJMSPriority());
        assertEquals(sent.getJMSTimestamp() + 120_000, got.getJMSExpiration());
    }

    @Test
    @Spec("7")
    @DisplayName("7 a closed producer refuses to send; close is idempotent")
    void closedProducerRefusesToSend() throws Exception {
        Session s = connection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageProducer p = s.createProducer(queue());
        p.close();
        p.close();
        assertThrows(IllegalStateException.class, () -> p.send(s.createMessage()));
        assertThrows(IllegalStateException.class, () -> p.setPriority(5));
    }
}

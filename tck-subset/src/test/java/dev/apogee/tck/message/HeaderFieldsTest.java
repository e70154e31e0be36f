package dev.apogee.tck.message;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.apogee.tck.Spec;
import dev.apogee.tck.support.TckTestBase;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Message header fields, sent and received (Jakarta Messaging 3.1 §3.4). */
class HeaderFieldsTest extends TckTestBase {
    private Session session;
    private Queue queue;
    private MessageProducer producer;
    private MessageConsumer consumer;

    @BeforeEach
    void open() throws Exception {
        session = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        queue = queue();
        producer = session.createProducer(queue);
        consumer = session.createConsumer(queue);
    }

    @Test
    @Spec({"3.4.3", "3.4.11"})
    @DisplayName("3.4.3 send assigns a unique JMSMessageID starting with 'ID:' to the sent object; it is received")
    void messageIdIsAssignedBySend() throws Exception {
        Message a = session.createMessage();
        Message b = session.createMessage();
        producer.send(a);
        assertEquals(a.getJMSMessageID(), receive(consumer).getJMSMessageID());
        producer.send(b);
        assertEquals(b.getJMSMessageID(), receive(consumer).getJMSMessageID());
        assertTrue(a.getJMSMessageID().startsWith("ID:"), a.getJMSMessageID());
        assertNotEquals(a.getJMSMessageID(), b.getJMSMessageID());
    }

    @Test
    @Spec("3.4.4")
    @DisplayName("3.4.4 JMSTimestamp is the time of the send call, kept on receive")
    void timestampIsTheSendTime() throws Exception {
        Message m = session.createMessage();
        long before = System.currentTimeMillis();
        producer.send(m);
        long after = System.currentTimeMillis();
        assertTrue(m.getJMSTimestamp() >= before && m.getJMSTimestamp() <= after, "" + m.getJMSTimestamp());
        assertEquals(m.getJMSTimestamp(), receive(consumer).getJMSTimestamp());
    }

    @Test
    @Spec({"3.4.3", "3.4.4"})
    @DisplayName("3.4.3/3.4.4 disabled ids and timestamps are a hint: null/0 when honoured, valid values otherwise")
    void disabledIdAndTimestampAreHints() throws Exception {
        producer.setDisableMessageID(true);
        producer.setDisableMessageTimestamp(true);
        long before = System.currentTimeMillis();
        producer.send(session.createMessage());
        Message got = receive(consumer);
        String id = got.getJMSMessageID();
        assertTrue(id == null || id.startsWith("ID:"), id);
        long ts = got.getJMSTimestamp();
        assertTrue(ts == 0 || ts >= before, "" + ts);
    }

    @Test
    @Spec("3.4.5")
    @DisplayName("3.4.5 JMSCorrelationID as a String and as bytes round-trips")
    void correlationIdRoundTrips() throws Exception {
        Message s = session.createMessage();
        s.setJMSCorrelationID("order-42");
        Message b = session.createMessage();
        byte[] bytes = "corr-bytes".getBytes(StandardCharsets.UTF_8);
        b.setJMSCorrelationIDAsBytes(bytes);
        producer.send(s);
        assertEquals("order-42", receive(consumer).getJMSCorrelationID());
        producer.send(b);
        assertArrayEquals(bytes, receive(consumer).getJMSCorrelationIDAsBytes());
    }

    @Test
    @Spec({"3.4.6", "3.4.8", "3.4.1"})
    @DisplayName("3.4.6/3.4.8/3.4.1 JMSReplyTo and JMSType round-trip; JMSDestination is the destination sent to")
    void replyToTypeAndDestination() throws Exception {
        Queue replyTo = queue();
        Message m = session.createMessage();
        m.setJMSReplyTo(replyTo);
        m.setJMSType("invoice");
        producer.send(m);
        assertEquals(queue, m.getJMSDestination());
        Message got = receive(consumer);
        assertEquals(replyTo, got.getJMSReplyTo());
        assertEquals("invoice", got.getJMSType());
        assertEquals(queue, got.getJMSDestination());
    }

    @Test
    @Spec({"3.4.2", "3.4.10", "3.4.11"})
    @DisplayName("3.4.2/3.4.10 delivery mode and priority come from the producer (defaults PERSISTENT, 4)")
    void deliveryModeAndPriorityComeFromTheProducer() throws Exception {
        Message preset = session.createMessage();
        preset.setJMSDeliveryMode(DeliveryMode.NON_PERSISTENT);
        preset.setJMSPriority(9);
        producer.send(preset); // send overrides what the client set on the message
        assertEquals(DeliveryMode.PERSISTENT, preset.getJMSDeliveryMode());
        assertEquals(4, preset.getJMSPriority());
        Message first = receive(consumer);
        assertEquals(DeliveryMode.PERSISTENT, first.getJMSDeliveryMode());
        assertEquals(4, first.getJMSPriority());
        producer.send(session.createMessage(), DeliveryMode.NON_PERSISTENT, 7, 0);
        Message second = receive(consumer);
        assertEquals(DeliveryMode.NON_PERSISTENT, second.getJMSDeliveryMode());
        assertEquals(7, second.getJMSPriority());
    }

    @Test
    @Spec("3.4.9")
    @DisplayName("3.4.9 JMSExpiration is timestamp + time to live, 0 for no time to live")
    void expirationIsTimestampPlusTimeToLive() throws Exception {
        Message forever = session.createMessage();
        producer.send(forever);
        assertEquals(0, forever.getJMSExpiration());
        assertEquals(0, receive(consumer).getJMSExpiration());
        Message limited = session.createMessage();
        producer.send(limited, DeliveryMode.PERSISTENT, 4, 60_000);
        assertEquals(limited.getJMSTimestamp() + 60_000, limited.getJMSExpiration());
        assertEquals(limited.getJMSExpiration(), receive(consumer).getJMSExpiration());
    }

    @Test
    @Spec("3.4.9")
    @DisplayName("3.4.9 an expired message is not delivered")
    void expiredMessageIsNotDelivered() throws Exception {
        consumer.close(); // nobody consumes while the message expires
        producer.send(session.createTextMessage("short-lived"), DeliveryMode.PERSISTENT, 4, 50);
        producer.send(session.createTextMessage("durable"));
        Thread.sleep(300); // let the first message's time to live pass (the point of the test, not a settle)
        MessageConsumer late = session.createConsumer(queue);
        assertEquals("durable", receiveText(late));
        assertNoMessage(late);
    }

    @Test
    @Spec({"3.4.7", "3.5.11"})
    @DisplayName("3.4.7/3.5.11 a first delivery has JMSRedelivered false and JMSXDeliveryCount 1")
    void firstDeliveryIsNotARedelivery() throws Exception {
        producer.send(session.createMessage());
        Message got = receive(consumer);
        assertFalse(got.getJMSRedelivered());
        assertEquals(1, got.getIntProperty("JMSXDeliveryCount"));
    }

    @Test
    @Spec("3.9")
    @DisplayName("3.9 changing a message after send does not change the message sent")
    void sentMessageIsACopy() throws Exception {
        TextMessage m = session.createTextMessage("original");
        m.setStringProperty("p", "before");
        producer.send(m);
        m.setText("changed");
        m.setStringProperty("p", "after");
        TextMessage got = (TextMessage) receive(consumer);
        assertEquals("original", got.getText());
        assertEquals("before", got.getStringProperty("p"));
        assertNull(got.getStringProperty("absent"));
    }
}

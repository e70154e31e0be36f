package dev.apogee.tck.body;

import dev.apogee.tck.Spec;
import dev.apogee.tck.support.MessageFixture;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;

import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.ObjectMessage;
import jakarta.jms.Queue;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Message types and client-set headers survive send and receive: Jakarta Messaging 3.1 §3.4.5 JMSCorrelationID,
 * §3.4.6 JMSReplyTo, §3.4.8 JMSType, §3.4.2 JMSDeliveryMode, §3.4.10 JMSPriority, §3.11 message bodies,
 * ObjectMessage javadoc (the object is serialized at setObject). Live round trips.
 */
@Spec({"3.11", "3.4.2", "3.4.5", "3.4.6", "3.4.8", "3.4.10", "3.5.9", "3.5.11"})
class BodyRoundTripSpecTest {
    private final MessageFixture fx = MessageFixture.current();

    // §3.11: each message type arrives as the same type with the same body, in both delivery modes (a
    // NON_PERSISTENT text goes the coalesced oneway way, its UTF-8 written by the client straight into the request)
    @Test
    void textEdgeCases() throws JMSException {
        String[] texts = {"", "plain", "ünïcode ✓ \uD83D\uDE00", "a\u0001b\u0002c", "lone \uD83D surrogate", null};
        for (int mode : new int[] {DeliveryMode.PERSISTENT, DeliveryMode.NON_PERSISTENT}) {
            for (String text : texts) {
                TextMessage m = fx.createTextMessage();
                m.setText(text);
                m.setJMSDeliveryMode(mode);
                Message r = fx.roundTrip(m);
                assertInstanceOf(TextMessage.class, r);
                String expected = text == null ? null : new String(text.getBytes(StandardCharsets.UTF_8),
                        StandardCharsets.UTF_8); // what UTF-8 can carry: a lone surrogate arrives as '?'
                assertEquals(expected, ((TextMessage) r).getText(), "mode " + mode);
            }
        }
    }

    // ObjectMessage javadoc: setObject serializes a copy; later changes to the object are not sent
    @Test
    void objectIsCopiedAtSet() throws JMSException {
        ObjectMessage m = fx.createObjectMessage();
        HashMap<String, Object> value = new HashMap<>();
        value.put("amount", new BigDecimal("12.50"));
        value.put("when", Instant.ofEpochSecond(1_700_000_000L));
        value.put("items", new ArrayList<>(List.of(1, 2L, "three")));
        m.setObject(value);
        value.put("later", true);
        ObjectMessage r = (ObjectMessage) fx.roundTrip(m);
        HashMap<String, Object> expected = new HashMap<>(value);
        expected.remove("later");
        assertEquals(expected, r.getObject());
        assertNotSame(r.getObject(), r.getObject(), "each getObject returns a fresh copy");
        ObjectMessage empty = fx.createObjectMessage();
        assertNull(((ObjectMessage) fx.roundTrip(empty)).getObject());
    }

    // §3.4.5, §3.4.6, §3.4.8, §3.4.2, §3.4.10: headers the client sets arrive unchanged
    @Test
    void clientSetHeaders() throws JMSException {
        Queue replyQueue = fx.queue("replies");
        Topic replyTopic = fx.topic("events");
        for (var replyTo : List.of(replyQueue, replyTopic)) {
            Message m = fx.createMessage();
            m.setJMSCorrelationID("corr-1 ✓");
            m.setJMSType("order.created");
            m.setJMSReplyTo(replyTo);
            m.setJMSDeliveryMode(DeliveryMode.NON_PERSISTENT);
            m.setJMSPriority(7);
            Message r = fx.roundTrip(m);
            assertEquals("corr-1 ✓", r.getJMSCorrelationID());
            assertEquals("order.created", r.getJMSType());
            assertEquals(replyTo, r.getJMSReplyTo());
            assertEquals(DeliveryMode.NON_PERSISTENT, r.getJMSDeliveryMode());
            assertEquals(7, r.getJMSPriority());
        }
    }

    // §3.4.5: a correlation id set as bytes comes back as the same bytes
    @Test
    void correlationIdAsBytes() throws JMSException {
        Message m = fx.createMessage();
        byte[] id = {0, 1, 2, (byte) 0xFF, 0x02};
        m.setJMSCorrelationIDAsBytes(id);
        assertArrayEquals(id, fx.roundTrip(m).getJMSCorrelationIDAsBytes());
    }

    // §3.5.9 / §3.5.11: JMSXGroupID/JMSXGroupSeq travel as properties; a received message has JMSXDeliveryCount ≥ 1
    @Test
    void jmsxProperties() throws JMSException {
        MapMessage m = fx.createMapMessage();
        m.setStringProperty("JMSXGroupID", "g1");
        m.setIntProperty("JMSXGroupSeq", 3);
        Message r = fx.roundTrip(m);
        assertEquals("g1", r.getStringProperty("JMSXGroupID"));
        assertEquals(3, r.getObjectProperty("JMSXGroupSeq"));
        assertEquals(1, r.getIntProperty("JMSXDeliveryCount"));
    }
}

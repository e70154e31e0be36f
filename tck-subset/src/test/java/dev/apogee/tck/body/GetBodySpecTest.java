package dev.apogee.tck.body;

import dev.apogee.tck.Spec;
import dev.apogee.tck.support.MessageFixture;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.BytesMessage;
import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.MessageFormatException;
import jakarta.jms.ObjectMessage;
import jakarta.jms.StreamMessage;
import jakarta.jms.TextMessage;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Message.getBody / isBodyAssignableTo javadoc (Jakarta Messaging 3.1 API, §3.11): body types per message type, null
 * for a message without a body, MessageFormatException for a wrong type, always-false/throwing for StreamMessage.
 * Live round trips.
 */
@Spec("3.11")
class GetBodySpecTest {
    private final MessageFixture fx = MessageFixture.current();

    // getBody javadoc: a Message with no body returns null for any type; isBodyAssignableTo is true
    @Test
    void noBody() throws JMSException {
        for (Message m : List.of(fx.createMessage(), fx.roundTrip(fx.createMessage()), fx.createTextMessage(),
                fx.createMapMessage(), fx.createObjectMessage())) {
            assertTrue(m.isBodyAssignableTo(Integer.class), m.getClass().getName());
            assertNull(m.getBody(Integer.class));
            assertNull(m.getBody(Object.class));
        }
    }

    // getBody javadoc: TextMessage → String (or a supertype)
    @Test
    void text() throws JMSException {
        TextMessage m = fx.createTextMessage();
        m.setText("hello");
        for (Message each : List.of(m, fx.roundTrip(m))) {
            assertEquals("hello", each.getBody(String.class));
            assertEquals("hello", each.getBody(CharSequence.class));
            assertTrue(each.isBodyAssignableTo(Object.class));
            assertFalse(each.isBodyAssignableTo(Integer.class));
            assertThrows(MessageFormatException.class, () -> each.getBody(Integer.class));
        }
    }

    // getBody javadoc: BytesMessage → byte[]; the whole body regardless of the read position
    @Test
    void bytes() throws JMSException {
        BytesMessage m = fx.createBytesMessage();
        m.writeBytes(new byte[] {1, 2});
        BytesMessage r = (BytesMessage) fx.roundTrip(m);
        r.readByte();
        assertArrayEquals(new byte[] {1, 2}, r.getBody(byte[].class));
        assertEquals(2, r.readByte() + 0, "getBody does not move the read position");
        assertTrue(r.isBodyAssignableTo(byte[].class));
        assertFalse(r.isBodyAssignableTo(String.class));
        assertThrows(MessageFormatException.class, () -> r.getBody(String.class));
    }

    // getBody javadoc: MapMessage → Map
    @Test
    void map() throws JMSException {
        MapMessage m = fx.createMapMessage();
        m.setInt("a", 1);
        m.setString("b", "x");
        MapMessage r = (MapMessage) fx.roundTrip(m);
        @SuppressWarnings("unchecked")
        Map<String, Object> body = r.getBody(Map.class);
        assertEquals(Map.of("a", 1, "b", "x"), body);
        assertTrue(r.isBodyAssignableTo(Map.class));
        assertFalse(r.isBodyAssignableTo(List.class));
        assertThrows(MessageFormatException.class, () -> r.getBody(String.class));
    }

    // getBody javadoc: StreamMessage bodies cannot be returned; isBodyAssignableTo is always false
    @Test
    void stream() throws JMSException {
        StreamMessage m = fx.createStreamMessage();
        m.writeInt(1);
        for (Message each : List.of(m, fx.roundTrip(m))) {
            assertFalse(each.isBodyAssignableTo(Object.class));
            assertThrows(MessageFormatException.class, () -> each.getBody(Object.class));
        }
    }

    // getBody javadoc: ObjectMessage → the Serializable object (or a supertype)
    @Test
    void object() throws JMSException {
        ObjectMessage m = fx.createObjectMessage();
        ArrayList<String> list = new ArrayList<>(List.of("a", "b"));
        m.setObject(list);
        ObjectMessage r = (ObjectMessage) fx.roundTrip(m);
        assertEquals(list, r.getBody(List.class));
        assertEquals(list, r.getBody(Serializable.class));
        assertTrue(r.isBodyAssignableTo(ArrayList.class));
        assertFalse(r.isBodyAssignableTo(Map.class));
        assertThrows(MessageFormatException.class, () -> r.getBody(Map.class));
    }
}

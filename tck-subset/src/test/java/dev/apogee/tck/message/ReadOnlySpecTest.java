package dev.apogee.tck.message;

import dev.apogee.tck.Spec;
import dev.apogee.tck.support.MessageFixture;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import jakarta.jms.BytesMessage;
import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.MessageNotWriteableException;
import jakarta.jms.ObjectMessage;
import jakarta.jms.StreamMessage;
import jakarta.jms.TextMessage;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

/**
 * Jakarta Messaging 3.1 §3.10 "Changing the value of a received message", §3.5.7 "Clearing a message's property
 * values", §3.11.1 "Clearing a message body", §3.11.2 "Read-only message body". Live round trips.
 */
@Spec({"3.10", "3.5.7", "3.11.1", "3.11.2"})
class ReadOnlySpecTest {
    private final MessageFixture fx = MessageFixture.current();

    // Jakarta Messaging 3.1 §3.10: properties of a received message are read-only
    @Test
    void receivedPropertiesAreReadOnly() throws JMSException {
        Message m = fx.createMessage();
        m.setStringProperty("a", "x");
        Message r = fx.roundTrip(m);
        assertThrows(MessageNotWriteableException.class, () -> r.setStringProperty("a", "y"));
        assertThrows(MessageNotWriteableException.class, () -> r.setIntProperty("b", 1));
        assertThrows(MessageNotWriteableException.class, () -> r.setObjectProperty("c", 1.0));
        assertEquals("x", r.getStringProperty("a"));
    }

    // Jakarta Messaging 3.1 §3.5.7: clearProperties deletes the properties and makes them writable
    @Test
    void clearPropertiesMakesThemWritable() throws JMSException {
        Message m = fx.createMessage();
        m.setStringProperty("a", "x");
        Message r = fx.roundTrip(m);
        r.clearProperties();
        assertFalse(r.propertyExists("a"));
        assertNull(r.getStringProperty("a"));
        r.setStringProperty("a", "y");
        assertEquals("y", r.getStringProperty("a"));
    }

    // Jakarta Messaging 3.1 §3.10: headers of a received message may still be set
    @Test
    void headersOfReceivedMessageCanBeSet() throws JMSException {
        Message r = fx.roundTrip(fx.createMessage());
        r.setJMSType("changed");
        r.setJMSCorrelationID("c");
        assertEquals("changed", r.getJMSType());
        assertEquals("c", r.getJMSCorrelationID());
    }

    // Jakarta Messaging 3.1 §3.11.2 / §3.11.1: received bodies are read-only; clearBody empties them and allows writes
    @Test
    void receivedBodiesAreReadOnlyUntilCleared() throws JMSException {
        TextMessage text = fx.createTextMessage();
        text.setText("t");
        TextMessage rt = (TextMessage) fx.roundTrip(text);
        assertThrows(MessageNotWriteableException.class, () -> rt.setText("u"));
        rt.clearBody();
        assertNull(rt.getText());
        rt.setText("u");
        assertEquals("u", rt.getText());

        BytesMessage bytes = fx.createBytesMessage();
        bytes.writeInt(1);
        BytesMessage rb = (BytesMessage) fx.roundTrip(bytes);
        assertThrows(MessageNotWriteableException.class, () -> rb.writeInt(2));
        rb.clearBody();
        rb.writeInt(2);

        MapMessage map = fx.createMapMessage();
        map.setInt("i", 1);
        MapMessage rm = (MapMessage) fx.roundTrip(map);
        assertThrows(MessageNotWriteableException.class, () -> rm.setInt("j", 2));
        rm.clearBody();
        assertFalse(rm.itemExists("i"));
        rm.setInt("j", 2);

        StreamMessage stream = fx.createStreamMessage();
        stream.writeInt(1);
        StreamMessage rs = (StreamMessage) fx.roundTrip(stream);
        assertThrows(MessageNotWriteableException.class, () -> rs.writeInt(2));
        rs.clearBody();
        rs.writeInt(2);

        ObjectMessage object = fx.createObjectMessage();
        object.setObject(new ArrayList<>(java.util.List.of(1)));
        ObjectMessage ro = (ObjectMessage) fx.roundTrip(object);
        assertThrows(MessageNotWriteableException.class, () -> ro.setObject("x"));
        ro.clearBody();
        assertNull(ro.getObject());
        ro.setObject("x");
        assertEquals("x", ro.getObject());
    }

    // Jakarta Messaging 3.1 §3.11.1: clearBody leaves the properties and headers alone
    @Test
    void clearBodyKeepsProperties() throws JMSException {
        TextMessage m = fx.createTextMessage();
        m.setText("t");
        m.setStringProperty("p", "v");
        m.setJMSType("type");
        m.clearBody();
        assertNull(m.getText());
        assertEquals("v", m.getStringProperty("p"));
        assertEquals("type", m.getJMSType());
    }

    // Jakarta Messaging 3.1 §3.9 "Access to sent messages": after send, changing the message does not change what
    // was sent; the same message can be sent again
    @Test
    void sentMessageCanBeReusedWithoutAffectingWhatWasSent() throws JMSException {
        TextMessage m = fx.createTextMessage();
        m.setText("first");
        m.setIntProperty("n", 1);
        TextMessage first = (TextMessage) fx.roundTrip(m);
        m.setText("second");
        m.setIntProperty("n", 2);
        TextMessage second = (TextMessage) fx.roundTrip(m);
        assertEquals("first", first.getText());
        assertEquals(1, first.getIntProperty("n"));
        assertEquals("second", second.getText());
        assertEquals(2, second.getIntProperty("n"));
    }
}

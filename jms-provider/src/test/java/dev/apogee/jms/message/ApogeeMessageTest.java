package dev.apogee.jms.message;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.JMSException;
import jakarta.jms.MessageFormatException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Provider-specific behaviour of {@link ApogeeMessage}: acknowledge callback, JMSXDeliveryCount, copies, correlation ids. */
class ApogeeMessageTest {

    // Jakarta Messaging 3.1 §3.6 / Message.acknowledge javadoc: acknowledge goes to the session; no session = no-op
    @Test
    void acknowledgeDelegatesToCallback() throws JMSException {
        ApogeeTextMessage m = new ApogeeTextMessage();
        m.acknowledge();
        List<ApogeeMessage> acked = new ArrayList<>();
        m.setAcknowledgeCallback(acked::add);
        m.acknowledge();
        assertEquals(1, acked.size());
        assertSame(m, acked.get(0));
        m.setAcknowledgeCallback(msg -> {
            throw new jakarta.jms.IllegalStateException("session closed");
        });
        assertThrows(jakarta.jms.IllegalStateException.class, m::acknowledge);
    }

    // Jakarta Messaging 3.1 §3.5.11: JMSXDeliveryCount is set by the provider, survives clearProperties, grows on
    // local redelivery together with JMSRedelivered
    @Test
    void deliveryCount() throws JMSException {
        ApogeeMessage m = new ApogeeMessage();
        assertFalse(m.propertyExists("JMSXDeliveryCount"));
        m.setDeliveryCount(1);
        m.markReceived();
        assertEquals(1, m.getIntProperty("JMSXDeliveryCount"));
        assertTrue(Collections.list(m.getPropertyNames()).contains("JMSXDeliveryCount"));
        m.clearProperties();
        assertEquals(1, m.getIntProperty("JMSXDeliveryCount"));
        m.markRedelivered();
        assertEquals(2, m.getIntProperty("JMSXDeliveryCount"));
        assertTrue(m.getJMSRedelivered());
        assertEquals("2", m.getStringProperty("JMSXDeliveryCount"));
        ApogeeMessage fresh = new ApogeeMessage();
        fresh.setIntProperty("JMSXDeliveryCount", 5);
        assertEquals(5, fresh.deliveryCount());
        assertThrows(MessageFormatException.class, () -> fresh.setStringProperty("JMSXDeliveryCount", "5"));
    }

    // Jakarta Messaging 3.1 §3.4.5: string and byte correlation ids and their cross views
    @Test
    void correlationIds() throws JMSException {
        ApogeeMessage m = new ApogeeMessage();
        byte[] id = "abc".getBytes(StandardCharsets.UTF_8);
        m.setJMSCorrelationIDAsBytes(id);
        id[0] = 'x';
        assertArrayEquals("abc".getBytes(StandardCharsets.UTF_8), m.getJMSCorrelationIDAsBytes());
        assertEquals("abc", m.getJMSCorrelationID());
        assertTrue(m.hasBinaryCorrelationId());
        m.setJMSCorrelationID("s");
        assertFalse(m.hasBinaryCorrelationId());
        assertArrayEquals("s".getBytes(StandardCharsets.UTF_8), m.getJMSCorrelationIDAsBytes());
        m.setJMSCorrelationID(null);
        assertEquals(null, m.getJMSCorrelationIDAsBytes());
    }

    // copy(): a deep, writable snapshot independent of later changes (what a producer sends)
    @Test
    void copiesAreIndependent() throws JMSException {
        ApogeeBytesMessage b = new ApogeeBytesMessage();
        b.writeInt(1);
        b.setStringProperty("p", "v");
        b.setJMSType("t");
        ApogeeBytesMessage copy = b.copy();
        b.writeInt(2);
        b.setStringProperty("p", "w");
        copy.reset();
        assertEquals(4, copy.getBodyLength());
        assertEquals("v", copy.getStringProperty("p"));
        assertEquals("t", copy.getJMSType());

        ApogeeStreamMessage s = new ApogeeStreamMessage();
        s.writeBytes(new byte[] {1});
        ApogeeStreamMessage sc = s.copy();
        sc.reset();
        assertArrayEquals(new byte[] {1}, (byte[]) sc.readObject());

        ApogeeMapMessage map = new ApogeeMapMessage();
        map.setInt("i", 1);
        ApogeeMapMessage mc = map.copy();
        map.setInt("i", 2);
        assertEquals(1, mc.getInt("i"));

        ApogeeObjectMessage o = new ApogeeObjectMessage();
        o.setObject("x");
        assertEquals("x", o.copy().getObject());
        ApogeeTextMessage t = new ApogeeTextMessage();
        t.setText("x");
        assertEquals("x", t.copy().getText());
        assertEquals(ApogeeMessage.class, new ApogeeMessage().copy().getClass());
    }

    // Body kinds name the __JMS_BODY marker values
    @Test
    void bodyKinds() {
        assertEquals("none", new ApogeeMessage().bodyKind().marker());
        assertEquals("text", new ApogeeTextMessage().bodyKind().marker());
        assertEquals("bytes", new ApogeeBytesMessage().bodyKind().marker());
        assertEquals("map", new ApogeeMapMessage().bodyKind().marker());
        assertEquals("stream", new ApogeeStreamMessage().bodyKind().marker());
        assertEquals("object", new ApogeeObjectMessage().bodyKind().marker());
        assertEquals(BodyKind.TEXT, BodyKind.fromMarker("TEXT"));
        assertEquals(null, BodyKind.fromMarker("xml"));
    }
}

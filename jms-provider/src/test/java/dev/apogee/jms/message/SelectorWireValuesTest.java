package dev.apogee.jms.message;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.apogee.jms.destination.ApogeeQueue;
import dev.apogee.remoting.selector.JmsWireValues;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import java.util.Collections;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The broker evaluates JMS selectors over the wire strings with {@link JmsWireValues}; this pins it to the codec: for
 * every property type, edge value and selectable header, the value it restores is the one the received message
 * reports (same type, same value). A change of the mapping that forgets the selector side fails here.
 */
class SelectorWireValuesTest {

    private static ApogeeMessage sample() throws JMSException {
        ApogeeMessage m = new ApogeeMessage();
        m.setJMSDestination(new ApogeeQueue("orders"));
        m.setJMSMessageID("ID:AC1100010000ABCD");
        m.setJMSTimestamp(1_700_000_000_123L);
        m.setJMSType("t;y:p%e\u0001");
        m.setJMSCorrelationID("corr");
        m.setJMSPriority(8);
        m.setJMSDeliveryMode(DeliveryMode.NON_PERSISTENT);
        m.setBooleanProperty("z", true);
        m.setByteProperty("b", (byte) -3);
        m.setShortProperty("s", (short) 300);
        m.setIntProperty("i", 42);
        m.setLongProperty("j", Long.MIN_VALUE);
        m.setFloatProperty("f", Float.NaN);
        m.setFloatProperty("f2", -0.0f);
        m.setDoubleProperty("d", 1e300);
        m.setStringProperty("str", "42");
        m.setStringProperty("empty", "");
        m.setStringProperty("esc", "a%01\u0002b");
        m.setObjectProperty("nil", null);
        m.setStringProperty("JMSXGroupID", "g");
        m.setIntProperty("JMSXGroupSeq", 2);
        m.setStringProperty(PropertyNames.TAG, "tagA");
        m.setStringProperty(PropertyNames.KEYS, "k1 k2");
        return m;
    }

    @Test
    void restoredValuesAreTheReceivedMessagesValues() throws JMSException {
        WireMessage sent = new MessageCodec().encode(sample());
        WireMessage wire = RocketMqProperties.throughTheWire(sent, 5L, 0);
        ApogeeMessage received = new MessageCodec().decode(wire, null);
        JmsWireValues values = new JmsWireValues().wrap(name -> switch (name) {
            case "TAGS" -> wire.tags();
            case "KEYS" -> wire.keys();
            default -> wire.properties().get(name);
        }, wire.bornTimestamp());

        for (String name : Collections.list(received.getPropertyNames())) {
            if (name.equals(PropertyNames.JMSX_DELIVERY_COUNT)) {
                assertEquals(null, values.get(name), "not on the wire: NULL to the broker (MAPPING.md)");
                continue;
            }
            Object expected = received.getObjectProperty(name);
            Object actual = values.get(name);
            assertEquals(expected == null ? null : expected.getClass(), actual == null ? null : actual.getClass(),
                    name);
            assertEquals(expected, actual, name);
        }
        assertEquals(null, values.get("nil"));
        assertEquals(Map.of(
                "JMSPriority", received.getJMSPriority(),
                "JMSDeliveryMode", "NON_PERSISTENT",
                "JMSTimestamp", received.getJMSTimestamp(),
                "JMSMessageID", received.getJMSMessageID(),
                "JMSCorrelationID", received.getJMSCorrelationID(),
                "JMSType", received.getJMSType()), Map.of(
                "JMSPriority", values.get("JMSPriority"),
                "JMSDeliveryMode", values.get("JMSDeliveryMode"),
                "JMSTimestamp", values.get("JMSTimestamp"),
                "JMSMessageID", values.get("JMSMessageID"),
                "JMSCorrelationID", values.get("JMSCorrelationID"),
                "JMSType", values.get("JMSType")));
    }

    @Test
    void binaryCorrelationIdAndDefaultsMatchTheReceivedMessage() throws JMSException {
        ApogeeMessage m = new ApogeeMessage();
        m.setJMSDestination(new ApogeeQueue("orders"));
        m.setJMSCorrelationIDAsBytes("héllo".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        WireMessage wire = RocketMqProperties.throughTheWire(new MessageCodec().encode(m), 5L, 0);
        ApogeeMessage received = new MessageCodec().decode(wire, null);
        JmsWireValues values = new JmsWireValues().wrap(wire.properties()::get, wire.bornTimestamp());
        assertEquals(received.getJMSCorrelationID(), values.get("JMSCorrelationID"));
        assertEquals(received.getJMSPriority(), values.get("JMSPriority"));
        assertEquals(received.getJMSTimestamp(), values.get("JMSTimestamp"));
        assertEquals("PERSISTENT", values.get("JMSDeliveryMode"));
    }
}

package dev.apogee.jms.message;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.apogee.jms.destination.ApogeeQueue;
import dev.apogee.jms.destination.ApogeeTopic;
import jakarta.jms.BytesMessage;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.ObjectMessage;
import jakarta.jms.Queue;
import jakarta.jms.StreamMessage;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Jakarta Messaging 3.1 §3.12 "Provider implementations of JMS message interfaces": a provider must send messages of
 * another provider; headers, properties and bodies are carried over (and foreign destinations converted).
 */
class ForeignMessagesTest {
    private final MessageCodec codec = new MessageCodec();

    private static Queue foreignQueue(String name) {
        return (Queue) Proxy.newProxyInstance(Queue.class.getClassLoader(), new Class<?>[] {Queue.class},
                (p, m, a) -> m.getName().equals("getQueueName") ? name : null);
    }

    private static Topic foreignTopic(String name) {
        return (Topic) Proxy.newProxyInstance(Topic.class.getClassLoader(), new Class<?>[] {Topic.class},
                (p, m, a) -> m.getName().equals("getTopicName") ? name : null);
    }

    private static ForeignMessage withHeadersAndProperties() {
        ForeignMessage f = new ForeignMessage();
        f.headers.put("JMSCorrelationID", "c-1");
        f.headers.put("JMSType", "kind");
        f.headers.put("JMSReplyTo", foreignTopic("replies"));
        f.headers.put("JMSDestination", foreignQueue("orders"));
        f.headers.put("JMSDeliveryMode", DeliveryMode.NON_PERSISTENT);
        f.headers.put("JMSPriority", 8);
        f.headers.put("JMSExpiration", 99L);
        f.properties.put("i", 1);
        f.properties.put("s", "x");
        f.properties.put("d", 2.5d);
        f.properties.put("JMSXDeliveryCount", 4);
        f.properties.put("JMS_IBM_Format", "MQSTR");
        return f;
    }

    private static void assertHeadersAndProperties(Message m) throws JMSException {
        assertEquals("c-1", m.getJMSCorrelationID());
        assertEquals("kind", m.getJMSType());
        assertEquals(new ApogeeTopic("replies"), m.getJMSReplyTo());
        assertEquals(new ApogeeQueue("orders"), m.getJMSDestination());
        assertEquals(DeliveryMode.NON_PERSISTENT, m.getJMSDeliveryMode());
        assertEquals(8, m.getJMSPriority());
        assertEquals(1, m.getObjectProperty("i"));
        assertEquals("x", m.getObjectProperty("s"));
        assertEquals(2.5d, m.getObjectProperty("d"));
    }

    // §3.12: each body type of a foreign message is converted and can be encoded and received
    @Test
    void text() throws JMSException {
        ForeignMessage f = withHeadersAndProperties();
        f.text = "hello";
        ApogeeMessage m = ForeignMessages.toApogee(ForeignMessage.create(TextMessage.class, f),
                ObjectBodyCodec.defaultCodec());
        assertEquals("hello", ((TextMessage) m).getText());
        assertHeadersAndProperties(m);
        assertEquals(0, m.deliveryCount(), "JMSXDeliveryCount is not copied: it is the receiver's");
        assertFalse(m.propertyExists("JMS_IBM_Format"), "another vendor's provider-specific property is dropped");
        Message received = codec.decode(RocketMqProperties.throughTheWire(
                codec.encode(ForeignMessage.create(TextMessage.class, f)), 1L, 0), null);
        assertHeadersAndProperties(received);
    }

    @Test
    void bytes() throws JMSException {
        ForeignMessage f = withHeadersAndProperties();
        f.bytes = new byte[10_000];
        f.bytes[9_999] = 7;
        f.bytesPosition = 5;
        BytesMessage m = (BytesMessage) ForeignMessages.toApogee(ForeignMessage.create(BytesMessage.class, f),
                ObjectBodyCodec.defaultCodec());
        assertArrayEquals(f.bytes, m.getBody(byte[].class), "read from the start, in chunks");
    }

    @Test
    void mapStreamObject() throws JMSException {
        ForeignMessage f = withHeadersAndProperties();
        f.map.put("a", 1);
        f.map.put("b", new byte[] {2});
        MapMessage map = (MapMessage) ForeignMessages.toApogee(ForeignMessage.create(MapMessage.class, f),
                ObjectBodyCodec.defaultCodec());
        assertEquals(1, map.getInt("a"));
        assertArrayEquals(new byte[] {2}, map.getBytes("b"));

        ForeignMessage s = new ForeignMessage();
        s.stream.addAll(List.of("x", 3L, 'c'));
        StreamMessage stream = (StreamMessage) ForeignMessages.toApogee(ForeignMessage.create(StreamMessage.class, s),
                ObjectBodyCodec.defaultCodec());
        stream.reset();
        assertEquals("x", stream.readString());
        assertEquals(3L, stream.readLong());
        assertEquals('c', stream.readChar());

        ForeignMessage o = new ForeignMessage();
        o.object = new ArrayList<>(List.of(1, 2));
        ObjectMessage object = (ObjectMessage) ForeignMessages.toApogee(ForeignMessage.create(ObjectMessage.class, o),
                ObjectBodyCodec.defaultCodec());
        assertEquals(List.of(1, 2), object.getObject());

        ForeignMessage plain = withHeadersAndProperties();
        ApogeeMessage m = ForeignMessages.toApogee(ForeignMessage.create(Message.class, plain),
                ObjectBodyCodec.defaultCodec());
        assertInstanceOf(ApogeeMessage.class, m);
        assertEquals(BodyKind.NONE, m.bodyKind());
        assertHeadersAndProperties(m);
    }

    // Our own messages are used as they are
    @Test
    void ownMessagesAreNotCopied() throws JMSException {
        ApogeeTextMessage m = new ApogeeTextMessage();
        assertSame(m, ForeignMessages.toApogee(m, ObjectBodyCodec.defaultCodec()));
    }
}

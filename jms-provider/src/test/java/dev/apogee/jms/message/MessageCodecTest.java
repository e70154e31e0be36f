package dev.apogee.jms.message;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.apogee.jms.destination.ApogeeQueue;
import dev.apogee.jms.destination.ApogeeTemporaryQueue;
import dev.apogee.jms.destination.ApogeeTemporaryTopic;
import dev.apogee.jms.destination.ApogeeTopic;
import jakarta.jms.BytesMessage;
import jakarta.jms.DeliveryMode;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageFormatException;
import jakarta.jms.TextMessage;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The JMS ⇄ RocketMQ mapping of {@code MAPPING.md}: every header, every property type, edge values, tags, native
 * messages. Jakarta Messaging 3.1 §3.4 (headers), §3.5 (properties), §3.11.4 (messages for non-JMS clients); RocketMQ
 * remoting §4.3-4.4 (properties string, reserved names).
 */
class MessageCodecTest {
    private final MessageCodec codec = new MessageCodec();

    private static ApogeeMessage received(WireMessage sent) {
        return received(sent, 1_000L, 0);
    }

    /** Decodes what arrives for {@code sent}, checking that both property forms decode to the same message. */
    private static ApogeeMessage received(WireMessage sent, long born, int reconsumeTimes) {
        try {
            ApogeeMessage compact = new MessageCodec().decode(RocketMqProperties.throughTheWire(sent, born,
                    reconsumeTimes), null);
            ApogeeMessage plain = new MessageCodec().decode(RocketMqProperties.throughTheWireAsMap(sent, born,
                    reconsumeTimes), null);
            assertEquals(describe(plain), describe(compact), "compact and map properties decode alike");
            return compact;
        } catch (JMSException e) {
            throw new AssertionError(e);
        }
    }

    /** Class, every header and every property (name, value and type) of a received message. */
    private static String describe(ApogeeMessage m) throws JMSException {
        StringBuilder sb = new StringBuilder(m.getClass().getSimpleName()).append(' ')
                .append(m.getJMSMessageID()).append(' ').append(m.getJMSTimestamp()).append(' ')
                .append(m.getJMSCorrelationID()).append(' ')
                .append(java.util.Arrays.toString(m.getJMSCorrelationIDAsBytes())).append(' ')
                .append(m.getJMSReplyTo()).append(' ').append(m.getJMSDestination()).append(' ')
                .append(m.getJMSDeliveryMode()).append(' ').append(m.getJMSRedelivered()).append(' ')
                .append(m.getJMSType()).append(' ').append(m.getJMSExpiration()).append(' ')
                .append(m.getJMSPriority()).append(' ').append(m.getJMSDeliveryTime());
        // in name order: JMS leaves the order of property names open (and an ordinary map's is its own)
        for (String name : new java.util.TreeSet<String>(Collections.list(m.getPropertyNames()))) {
            Object v = m.getObjectProperty(name);
            sb.append(' ').append(name).append('=').append(v).append(':')
                    .append(v == null ? "null" : v.getClass().getSimpleName());
        }
        return sb.toString();
    }

    private static ApogeeTextMessage text(String body) throws JMSException {
        ApogeeTextMessage m = new ApogeeTextMessage();
        m.setText(body);
        m.setJMSDestination(new ApogeeQueue("orders"));
        return m;
    }

    // §3.11.2 TextMessage: the body bytes are the text's UTF-8 encoding (readable by native consumers), and an empty
    // text goes the placeholder way
    @Test
    void aTextBodyTravelsAsItsUtf8Bytes() throws JMSException {
        String text = "ünïcode ✓ \uD83D\uDE00";
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        WireMessage wire = codec.encode(text(text));
        assertArrayEquals(utf8, wire.body());
        assertEquals(text, ((TextMessage) received(wire)).getText());
        // the sender never makes the array: the native message takes the text and writes it into the request
        assertEquals(text, wire.text());
        assertEquals(utf8.length, wire.bodyLength());
        dev.apogee.client.message.Message outgoing = new dev.apogee.client.message.Message();
        wire.giveBodyTo(outgoing);
        assertEquals(utf8.length, outgoing.getBodyLength());
        assertArrayEquals(utf8, outgoing.getBody());
        WireMessage empty = codec.encode(text(""));
        assertNull(empty.text());
        assertArrayEquals(new byte[] {0}, empty.body());
        assertEquals("", ((TextMessage) received(empty)).getText());
    }

    // Jakarta Messaging 3.1 §3.4.1-§3.4.13: every header is written under its selector name and restored
    @Test
    void everyHeaderRoundTrips() throws JMSException {
        ApogeeTextMessage m = text("hi");
        m.setJMSMessageID("ID:0A0000010001ABCDEF");
        m.setJMSTimestamp(1_700_000_000_123L);
        m.setJMSCorrelationID("corr");
        m.setJMSReplyTo(new ApogeeTopic("replies"));
        m.setJMSDestination(new ApogeeTopic("events"));
        m.setJMSDeliveryMode(DeliveryMode.NON_PERSISTENT);
        m.setJMSType("t1");
        m.setJMSExpiration(1_700_000_060_000L);
        m.setJMSPriority(9);
        m.setJMSDeliveryTime(1_700_000_010_000L);
        WireMessage wire = codec.encode(m);
        Map<String, String> p = wire.properties();
        assertEquals("events", wire.topic());
        assertEquals("ID:0A0000010001ABCDEF", p.get("JMSMessageID"));
        assertEquals("0A0000010001ABCDEF", p.get("UNIQ_KEY"));
        assertEquals("1700000000123", p.get("JMSTimestamp"));
        assertEquals("corr", p.get("JMSCorrelationID"));
        assertEquals("topic://replies", p.get("JMSReplyTo"));
        assertEquals("topic://events", p.get("JMSDestination"));
        assertEquals("NON_PERSISTENT", p.get("JMSDeliveryMode"));
        assertEquals("t1", p.get("JMSType"));
        assertEquals("1700000060000", p.get("JMSExpiration"));
        assertEquals("9", p.get("JMSPriority"));
        assertEquals("1700000010000", p.get("JMSDeliveryTime"));
        assertEquals("text", p.get("__JMS_BODY"));

        Message r = received(wire, 5L, 0);
        assertEquals("ID:0A0000010001ABCDEF", r.getJMSMessageID());
        assertEquals(1_700_000_000_123L, r.getJMSTimestamp());
        assertEquals("corr", r.getJMSCorrelationID());
        assertEquals(new ApogeeTopic("replies"), r.getJMSReplyTo());
        assertEquals(new ApogeeTopic("events"), r.getJMSDestination());
        assertEquals(DeliveryMode.NON_PERSISTENT, r.getJMSDeliveryMode());
        assertEquals("t1", r.getJMSType());
        assertEquals(1_700_000_060_000L, r.getJMSExpiration());
        assertEquals(9, r.getJMSPriority());
        assertEquals(1_700_000_010_000L, r.getJMSDeliveryTime());
        assertFalse(r.getJMSRedelivered());
        assertEquals(1, r.getIntProperty("JMSXDeliveryCount"));
    }

    // Jakarta Messaging 3.1 §3.4.2, §3.4.9, §3.4.13: defaults; zero expiration/delivery time are not written
    @Test
    void defaultHeaders() throws JMSException {
        ApogeeTextMessage m = text("x");
        Map<String, String> p = codec.encode(m).properties();
        assertEquals("PERSISTENT", p.get("JMSDeliveryMode"));
        assertEquals("4", p.get("JMSPriority"));
        assertFalse(p.containsKey("JMSExpiration"));
        assertFalse(p.containsKey("JMSDeliveryTime"));
        assertFalse(p.containsKey("JMSType"));
        assertFalse(p.containsKey("JMSCorrelationID"));
        assertFalse(p.containsKey("UNIQ_KEY"), "no id yet: the native client/broker generates UNIQ_KEY");
        Message r = received(codec.encode(m));
        assertEquals(DeliveryMode.PERSISTENT, r.getJMSDeliveryMode());
        assertEquals(0, r.getJMSExpiration());
        assertNull(r.getJMSType());
    }

    // Jakarta Messaging 3.1 §3.4.6: temporary destinations keep their kind in JMSReplyTo
    @Test
    void temporaryReplyTo() throws JMSException {
        for (var dest : List.of(new ApogeeTemporaryQueue("tq-1"), new ApogeeTemporaryTopic("tt-1"),
                new ApogeeQueue("q"))) {
            ApogeeTextMessage m = text("x");
            m.setJMSReplyTo(dest);
            Message r = received(codec.encode(m));
            assertEquals(dest, r.getJMSReplyTo());
            assertEquals(dest.getClass(), r.getJMSReplyTo().getClass());
        }
    }

    // Destination names of any kind: the wire carries the encoded topic (ASCII, repliable by a native client); the
    // received JMSDestination and JMSReplyTo are the JMS names again
    @Test
    void encodedDestinationNamesOnTheWire() throws JMSException {
        ApogeeTextMessage m = text("x");
        ApogeeQueue queue = new ApogeeQueue("orders.created");
        ApogeeTopic replyTo = new ApogeeTopic("a/b:c d ü");
        m.setJMSDestination(queue);
        m.setJMSReplyTo(replyTo);
        WireMessage wire = codec.encode(m);
        assertEquals("orders|2Ecreated", wire.topic());
        assertEquals("queue://orders|2Ecreated", wire.properties().get("JMSDestination"));
        assertEquals("topic://a|2Fb|3Ac|20d|20|C3|BC", wire.properties().get("JMSReplyTo"));
        Message r = received(wire);
        assertEquals(queue, r.getJMSDestination());
        assertEquals("orders.created", ((jakarta.jms.Queue) r.getJMSDestination()).getQueueName());
        assertEquals(replyTo, r.getJMSReplyTo());

        WireMessage nativeSent = new WireMessage("x|2Ey", null, null, new byte[] {1}, Map.of(), 1L, 0);
        assertEquals(new ApogeeQueue("x.y"), codec.decode(nativeSent, null).getJMSDestination(),
                "a native message without JMSDestination: a queue named after the decoded topic");
        WireMessage notAName = new WireMessage("x|y", null, null, new byte[] {1}, Map.of(), 1L, 0);
        assertNull(codec.decode(notAName, null).getJMSDestination(), "no JMS name encodes to x|y");
    }

    // §3.4.7 / §3.5.11: JMSXDeliveryCount = reconsumeTimes + 1; JMSRedelivered = reconsumeTimes > 0
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 3, 16})
    void deliveryCountFromReconsumeTimes(int reconsumeTimes) throws JMSException {
        Message r = received(codec.encode(text("x")), 1L, reconsumeTimes);
        assertEquals(reconsumeTimes + 1, r.getIntProperty("JMSXDeliveryCount"));
        assertEquals(reconsumeTimes > 0, r.getJMSRedelivered());
    }

    // Mapping: user properties are visible to native consumers and SQL92 under their names with readable values
    @Test
    void nativeViewOfTypedProperties() throws JMSException {
        ApogeeTextMessage m = text("x");
        m.setBooleanProperty("flag", true);
        m.setByteProperty("b", (byte) -1);
        m.setShortProperty("s", (short) 2);
        m.setIntProperty("qty", 42);
        m.setLongProperty("big", 1L << 40);
        m.setFloatProperty("f", 1.5f);
        m.setDoubleProperty("price", 9.99);
        m.setStringProperty("region", "eu");
        Map<String, String> p = codec.encode(m).properties();
        assertEquals("true", p.get("flag"));
        assertEquals("-1", p.get("b"));
        assertEquals("2", p.get("s"));
        assertEquals("42", p.get("qty"));
        assertEquals("1099511627776", p.get("big"));
        assertEquals("1.5", p.get("f"));
        assertEquals("9.99", p.get("price"));
        assertEquals("eu", p.get("region"));
        assertEquals("flag:Z;b:B;s:S;qty:I;big:J;f:F;price:D", p.get("__JMS_T"), "Strings need no type entry");
        for (String numeric : List.of("b", "s", "qty", "big")) {
            Long.parseLong(p.get(numeric)); // what the broker's SQL92 evaluator does with numeric literals
        }
        Double.parseDouble(p.get("price"));
    }

    // RocketMQ §4.3: separators cannot travel; escaped values and empty strings are flagged in the type map
    @Test
    void separatorsAndEmptyValuesAreEncodable() throws JMSException {
        ApogeeTextMessage m = text("x");
        m.setStringProperty("sep", "a\u0001b\u0002c%");
        m.setStringProperty("pct", "50%");
        m.setStringProperty("empty", "");
        m.setStringProperty("nul", null);
        m.setJMSType("ty\u0002pe");
        m.setJMSCorrelationID("");
        WireMessage wire = codec.encode(m);
        for (Map.Entry<String, String> e : wire.properties().entrySet()) {
            assertFalse(e.getValue().isEmpty(), e.getKey());
            assertFalse(WireProperties.needsEscape(e.getKey() + e.getValue()), e.getKey());
        }
        assertEquals("a%01b%02c%25", wire.properties().get("sep"));
        assertEquals("50%", wire.properties().get("pct"), "values without separators stay literal");
        assertFalse(wire.properties().containsKey("empty"));
        assertEquals("JMSCorrelationID:T0;JMSType:TE;sep:TE;empty:T0;nul:N", wire.properties().get("__JMS_T"));
        Message r = received(wire);
        assertEquals("a\u0001b\u0002c%", r.getStringProperty("sep"));
        assertEquals("50%", r.getStringProperty("pct"));
        assertEquals("", r.getStringProperty("empty"));
        assertTrue(r.propertyExists("nul"));
        assertNull(r.getObjectProperty("nul"));
        assertEquals("ty\u0002pe", r.getJMSType());
        assertEquals("", r.getJMSCorrelationID());
    }

    // Escaping is reversible for any mix of '%' and separators
    @ParameterizedTest
    @ValueSource(strings = {"%", "%%01", "%01", "\u0001", "\u0002\u0002", "%2", "a%0", "%25\u0001%02", "x%"})
    void escapeRoundTrip(String value) {
        String escaped = WireProperties.escape(value);
        assertFalse(WireProperties.needsEscape(escaped));
        assertEquals(value, WireProperties.unescape(escaped));
    }

    // Mapping: JMS_Apogee_Tag ⇄ TAGS and JMS_Apogee_Keys ⇄ KEYS; they are not user properties on the wire
    @Test
    void tagsAndKeys() throws JMSException {
        ApogeeTextMessage m = text("x");
        m.setStringProperty(PropertyNames.TAG, "TagA");
        m.setStringProperty(PropertyNames.KEYS, "k1 k2");
        WireMessage wire = codec.encode(m);
        assertEquals("TagA", wire.tags());
        assertEquals("k1 k2", wire.keys());
        assertFalse(wire.properties().containsKey(PropertyNames.TAG));
        Message r = received(wire);
        assertEquals("TagA", r.getStringProperty("JMS_Apogee_Tag"));
        assertEquals("k1 k2", r.getStringProperty("JMS_Apogee_Keys"));

        ApogeeTextMessage bad = text("x");
        bad.setStringProperty(PropertyNames.TAG, "a\u0001b");
        assertThrows(MessageFormatException.class, () -> codec.encode(bad));
    }

    // RocketMQ §4.4: reserved names and the mapping's own names cannot be user properties
    @ParameterizedTest
    @ValueSource(strings = {"DELAY", "TAGS", "KEYS", "UNIQ_KEY", "WAIT", "TIMER_DELIVER_MS", "__JMS_BODY", "__JMS_x"})
    void reservedNamesAreRefusedOnSend(String name) throws JMSException {
        ApogeeTextMessage m = text("x");
        m.setStringProperty(name, "1");
        MessageFormatException e = assertThrows(MessageFormatException.class, () -> codec.encode(m));
        assertTrue(e.getMessage().contains(name));
        assertEquals("APOGEE-JMS-0012", e.getErrorCode());
    }

    // Mapping: UNIQ_KEY wins over JMSMessageID on receive; JMSTimestamp falls back to the born timestamp
    @Test
    void messageIdAndTimestampSources() throws JMSException {
        Map<String, String> props = new HashMap<>(Map.of("__JMS_BODY", "none", "JMSMessageID", "ID:old",
                "UNIQ_KEY", "NEWKEY"));
        ApogeeMessage r = codec.decode(new WireMessage("orders", null, null, new byte[] {0}, props, 777L, 0), null);
        assertEquals("ID:NEWKEY", r.getJMSMessageID());
        assertEquals(777L, r.getJMSTimestamp());
        props.remove("UNIQ_KEY");
        r = codec.decode(new WireMessage("orders", null, null, new byte[] {0}, props, 777L, 0), null);
        assertEquals("ID:old", r.getJMSMessageID());
    }

    // RocketMQ clients refuse empty bodies: empty and null bodies travel as one placeholder byte
    @Test
    void emptyBodies() throws JMSException {
        ApogeeMessage none = new ApogeeMessage();
        none.setJMSDestination(new ApogeeQueue("q"));
        WireMessage wire = codec.encode(none);
        assertArrayEquals(new byte[] {0}, wire.body());
        assertEquals("null", wire.properties().get("__JMS_EMPTY"));
        assertEquals("none", wire.properties().get("__JMS_BODY"));
        assertEquals(ApogeeMessage.class, received(wire).getClass());

        ApogeeBytesMessage bytes = new ApogeeBytesMessage();
        bytes.setJMSDestination(new ApogeeQueue("q"));
        WireMessage emptyBytes = codec.encode(bytes);
        assertEquals("empty", emptyBytes.properties().get("__JMS_EMPTY"));
        BytesMessage rb = (BytesMessage) received(emptyBytes);
        assertEquals(0, rb.getBodyLength());
    }

    // Mapping: a message without JMSDestination cannot be encoded
    @Test
    void destinationRequired() {
        assertThrows(InvalidDestinationException.class, () -> codec.encode(new ApogeeTextMessage()));
    }

    // Jakarta Messaging 3.1 §3.11.4: a native producer's message arrives as a BytesMessage with String properties
    @Test
    void nativeMessage() throws JMSException {
        Map<String, String> props = new HashMap<>();
        props.put("UNIQ_KEY", "7F0000010A2B");
        props.put("WAIT", "true");
        props.put("MSG_REGION", "DefaultRegion");
        props.put("CLUSTER", "c1");
        props.put("TRACE_ON", "true");
        props.put("CONSUME_START_TIME", "123");
        props.put("order-id", "A-17");
        props.put("qty", "42");
        byte[] body = "raw-bytes".getBytes(StandardCharsets.UTF_8);
        WireMessage wire = new WireMessage("TopicTest", "TagA", "key1", body, props, 1_234L, 2);
        ApogeeQueue consumerQueue = new ApogeeQueue("TopicTest");
        ApogeeMessage m = codec.decode(wire, consumerQueue);
        BytesMessage b = assertInstanceOf(BytesMessage.class, m);
        assertArrayEquals(body, b.getBody(byte[].class));
        assertEquals("ID:7F0000010A2B", m.getJMSMessageID());
        assertEquals(1_234L, m.getJMSTimestamp());
        assertEquals(DeliveryMode.PERSISTENT, m.getJMSDeliveryMode());
        assertEquals(4, m.getJMSPriority());
        assertEquals(consumerQueue, m.getJMSDestination());
        assertEquals(3, m.getIntProperty("JMSXDeliveryCount"));
        assertTrue(m.getJMSRedelivered());
        assertEquals("TagA", m.getStringProperty("JMS_Apogee_Tag"));
        assertEquals("key1", m.getStringProperty("JMS_Apogee_Keys"));
        assertEquals("A-17", m.getStringProperty("order-id"), "non-identifier native names stay readable");
        assertEquals("42", m.getObjectProperty("qty"), "native properties are Strings");
        assertEquals(42, m.getIntProperty("qty"), "String → int per §3.5.4");
        List<String> names = Collections.list(m.getPropertyNames());
        for (String system : List.of("UNIQ_KEY", "WAIT", "MSG_REGION", "CLUSTER", "TRACE_ON", "CONSUME_START_TIME")) {
            assertFalse(names.contains(system), system);
        }
        assertTrue(m.isPropertiesReadOnly());
        assertEquals(new ApogeeQueue("TopicTest"), codec.decode(wire, null).getJMSDestination(),
                "without a consumer destination: a queue named after the topic");
    }

    // Mapping: a native producer can ask for a TextMessage with __JMS_BODY=text; CORRELATION_ID becomes JMSCorrelationID
    @Test
    void nativeTextMessage() throws JMSException {
        Map<String, String> props = Map.of("__JMS_BODY", "text", "CORRELATION_ID", "req-1");
        WireMessage wire = new WireMessage("t", null, null, "héllo".getBytes(StandardCharsets.UTF_8), props, 1L, 0);
        TextMessage m = assertInstanceOf(TextMessage.class, codec.decode(wire, null));
        assertEquals("héllo", m.getText());
        assertEquals("req-1", m.getJMSCorrelationID());
    }

    // Lenient decoding: a typed value a native producer overwrote, or an unknown marker, does not fail the message
    @Test
    void lenientDecoding() throws JMSException {
        Map<String, String> props = Map.of("__JMS_BODY", "future-kind", "__JMS_T", "n:I;garbage", "n", "abc",
                "JMSPriority", "high", "JMSReplyTo", "bogus://x");
        ApogeeMessage m = codec.decode(new WireMessage("t", null, null, new byte[] {1}, props, 1L, 0), null);
        assertInstanceOf(BytesMessage.class, m);
        assertEquals("abc", m.getObjectProperty("n"));
        assertEquals(4, m.getJMSPriority());
        assertNull(m.getJMSReplyTo());
    }

    // A corrupt Kryo body is a MessageFormatException, not a crash
    @Test
    void corruptMapBody() {
        Map<String, String> props = Map.of("__JMS_BODY", "map");
        WireMessage wire = new WireMessage("t", null, null, new byte[] {1, 5, 9}, props, 1L, 0);
        JMSException e = assertThrows(MessageFormatException.class, () -> codec.decode(wire, null));
        assertEquals("APOGEE-JMS-0011", e.getErrorCode());
    }

    // Every property type and body kind survives the RocketMQ properties string, including separators in names' values
    @Test
    void fullMessageThroughPropertiesString() throws JMSException {
        ApogeeMapMessage m = new ApogeeMapMessage();
        m.setJMSDestination(new ApogeeQueue("q"));
        m.setInt("i", 1);
        m.setBytes("raw", new byte[] {1, 2, 0x01, 0x02});
        m.setString("s", "v\u0001\u0002");
        m.setObjectProperty("o", 3.5f);
        ApogeeMapMessage r = (ApogeeMapMessage) received(codec.encode(m));
        assertEquals(1, r.getInt("i"));
        assertArrayEquals(new byte[] {1, 2, 0x01, 0x02}, r.getBytes("raw"));
        assertEquals("v\u0001\u0002", r.getString("s"));
        assertEquals(3.5f, r.getObjectProperty("o"));
    }
}

package dev.apogee.jms.destination;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.IllegalStateException;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSException;
import jakarta.jms.Queue;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TemporaryTopic;
import jakarta.jms.Topic;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.naming.Reference;
import javax.naming.StringRefAddr;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Destinations: RocketMQ topic-name rules, string forms for JMSReplyTo, JNDI Reference round trip, serialization
 * (Jakarta Messaging 3.1 §4.4 "Destination", §6.2.9 temporary destinations; RocketMQ topic rules).
 */
class DestinationTest {

    @ParameterizedTest
    @ValueSource(strings = {"a", "TopicTest", "orders_v2", "a-b", "%RETRY%group", "x|y", "0"})
    void validNames(String name) throws JMSException {
        assertEquals(name, new ApogeeQueue(name).getQueueName());
        assertEquals(name, new ApogeeTopic(name).getTopicName());
    }

    // Any JMS name: the destination keeps it and names the topic it maps to (NameEncoding)
    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "orders; orders",
        "orders.created; orders|2Ecreated",
        "a/b:c d; a|2Fb|3Ac|20d",
        "zäöü.名前; z|C3|A4|C3|B6|C3|BC|2E|E5|90|8D|E5|89|8D",
        "50%off; 50%off",
        "x|y; x|7Cy",
        "queue://x; queue|3A|2F|2Fx",
    })
    void anyNameMapsToATopic(String name, String topic) throws JMSException {
        ApogeeQueue queue = new ApogeeQueue(name);
        ApogeeTopic t = new ApogeeTopic(name);
        assertEquals(name, queue.getQueueName());
        assertEquals(name, t.getTopicName());
        assertEquals(topic, queue.topic());
        assertEquals("queue://" + name, queue.toString());
        assertEquals("topic://" + topic, t.toUri());
        assertEquals(queue, DestinationParser.parseWire(queue.toUri()));
        assertEquals(t, DestinationParser.parseWire(t.toUri()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "a\uD800b"})
    void invalidNames(String name) { // empty, or an unpaired surrogate (not Unicode text)
        InvalidDestinationException e = assertThrows(InvalidDestinationException.class, () -> new ApogeeQueue(name));
        assertEquals("APOGEE-JMS-0010", e.getErrorCode());
        assertTrue(e.getMessage().contains("destination name"), e.getMessage());
    }

    // The limit is the topic's, after encoding: 127 plain characters, fewer escaped ones
    @Test
    void lengthLimit() throws JMSException {
        new ApogeeTopic("x".repeat(127));
        new ApogeeTopic("名".repeat(14)); // 14 × 9 = 126
        for (String tooLong : List.of("x".repeat(128), "名".repeat(15), "x".repeat(125) + ".")) {
            InvalidDestinationException e = assertThrows(InvalidDestinationException.class,
                    () -> new ApogeeTopic(tooLong));
            assertEquals("APOGEE-JMS-0010", e.getErrorCode());
            assertTrue(e.getMessage().contains("at most 127"), e.getMessage());
        }
        assertThrows(InvalidDestinationException.class, () -> new ApogeeQueue(null));
    }

    // A wire topic no JMS name maps to (a non-canonical escape) is refused, not misread
    @ParameterizedTest
    @ValueSource(strings = {"queue://a|b", "queue://a|41", "queue://a|2e", "nosuch://x", "orders"})
    void parseWireRejects(String text) {
        assertThrows(InvalidDestinationException.class, () -> DestinationParser.parseWire(text));
    }

    static Stream<Arguments> parseTable() throws JMSException {
        return Stream.of(
                Arguments.of("queue://orders", new ApogeeQueue("orders")),
                Arguments.of("topic://events", new ApogeeTopic("events")),
                Arguments.of("temp-queue://tq1", new ApogeeTemporaryQueue("tq1")),
                Arguments.of("temp-topic://tt1", new ApogeeTemporaryTopic("tt1")),
                Arguments.of("plain", new ApogeeQueue("plain")));
    }

    // String form used for JMSReplyTo / JMSDestination on the wire
    @ParameterizedTest
    @MethodSource("parseTable")
    void parse(String text, ApogeeDestination expected) throws JMSException {
        ApogeeDestination parsed = DestinationParser.parse(text);
        assertEquals(expected, parsed);
        assertEquals(expected.getClass(), parsed.getClass());
        if (text.contains("://")) {
            assertEquals(text, parsed.toUri());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "queue://", "http://x", "topic://xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
            + "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"})
    void parseRejects(String text) {
        assertThrows(InvalidDestinationException.class, () -> DestinationParser.parse(text));
    }

    // Equality is by kind and name: a queue and a topic of the same name differ
    @Test
    void equality() throws JMSException {
        assertEquals(new ApogeeQueue("a"), new ApogeeQueue("a"));
        assertEquals(new ApogeeQueue("a").hashCode(), new ApogeeQueue("a").hashCode());
        assertNotEquals(new ApogeeQueue("a"), new ApogeeTopic("a"));
        assertNotEquals(new ApogeeQueue("a"), new ApogeeTemporaryQueue("a"));
        assertEquals("queue://a", new ApogeeQueue("a").toString());
    }

    // JNDI: getReference → DestinationObjectFactory recreates the same destination, for every kind
    @Test
    void jndiReferenceRoundTrip() throws Exception {
        DestinationObjectFactory factory = new DestinationObjectFactory();
        for (ApogeeDestination d : List.of(new ApogeeQueue("q"), new ApogeeTopic("t"),
                new ApogeeTemporaryQueue("tq"), new ApogeeTemporaryTopic("tt"), new ApogeeQueue("jms.queue.x"))) {
            Reference ref = d.getReference();
            assertEquals(d.getClass().getName(), ref.getClassName());
            assertEquals(DestinationObjectFactory.class.getName(), ref.getFactoryClassName());
            Object back = factory.getObjectInstance(ref, null, null, null);
            assertEquals(d, back);
            assertEquals(d.getClass(), back.getClass());
        }
        assertNull(factory.getObjectInstance("not a reference", null, null, null));
        Reference foreign = new Reference(Queue.class.getName(), "other.Factory", null);
        foreign.add(new StringRefAddr("name", "q"));
        assertNull(factory.getObjectInstance(foreign, null, null, null));
    }

    // Serializable: destinations survive Java serialization (e.g. stored in JNDI or sent in an ObjectMessage)
    @Test
    void javaSerialization() throws Exception {
        List<ApogeeDestination> all = new ArrayList<>(List.of(new ApogeeQueue("q"), new ApogeeTopic("t"),
                new ApogeeTemporaryQueue("tq"), new ApogeeTemporaryTopic("tt"), new ApogeeQueue("zäöü.名前"),
                new ApogeeTopic("a/b:c d")));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(all);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            @SuppressWarnings("unchecked")
            List<ApogeeDestination> read = (List<ApogeeDestination>) in.readObject();
            assertEquals(all, read);
            for (int i = 0; i < all.size(); i++) {
                assertEquals(all.get(i).toUri(), read.get(i).toUri(), "the wire form is made again on reading");
                assertEquals(all.get(i).topic(), read.get(i).topic());
            }
        }
    }

    // §6.2.9: a temporary destination is deleted through the connection that created it
    @Test
    void temporaryDelete() throws JMSException {
        List<ApogeeDestination> deleted = new ArrayList<>();
        TemporaryQueue tq = new ApogeeTemporaryQueue("tq").bindDeleter(deleted::add);
        TemporaryTopic tt = new ApogeeTemporaryTopic("tt").bindDeleter(deleted::add);
        tq.delete();
        tt.delete();
        assertEquals(2, deleted.size());
        assertInstanceOf(Queue.class, tq);
        assertInstanceOf(Topic.class, tt);
        assertThrows(IllegalStateException.class, () -> new ApogeeTemporaryQueue("x").delete());
    }

    // §3.12: foreign destinations are converted by name and kind
    @Test
    void fromForeign() throws JMSException {
        Queue q = () -> "fq";
        Topic t = () -> "ft";
        assertEquals(new ApogeeQueue("fq"), DestinationParser.fromForeign(q));
        assertEquals(new ApogeeTopic("ft"), DestinationParser.fromForeign(t));
        assertNull(DestinationParser.fromForeign(null));
        assertThrows(InvalidDestinationException.class, () -> DestinationParser.fromForeign(new jakarta.jms.Destination() {
        }));
    }
}

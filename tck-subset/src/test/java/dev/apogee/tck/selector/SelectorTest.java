package dev.apogee.tck.selector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.apogee.tck.Spec;
import dev.apogee.tck.support.TckTestBase;
import jakarta.jms.DeliveryMode;
import jakarta.jms.InvalidSelectorException;
import jakarta.jms.InvalidSelectorRuntimeException;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Message selectors (Jakarta Messaging 3.1 §3.8.1): five messages with known headers and properties go to a fresh
 * queue per case; a consumer with the selector must get exactly the expected ones.
 */
class SelectorTest extends TckTestBase {

    private Session session;

    /** Sends the five reference messages (property {@code n} = 1…5) to a new queue. */
    private Queue populatedQueue() throws JMSException {
        session = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        Queue queue = queue();
        MessageProducer p = session.createProducer(queue);
        Message m1 = message(1);
        m1.setJMSType("car");
        m1.setStringProperty("color", "red");
        m1.setIntProperty("weight", 10);
        m1.setDoubleProperty("price", 9.5);
        m1.setStringProperty("name", "alpha");
        m1.setBooleanProperty("flag", true);
        p.send(m1, DeliveryMode.PERSISTENT, 1, 0);
        Message m2 = message(2);
        m2.setJMSType("bike");
        m2.setStringProperty("color", "blue");
        m2.setIntProperty("weight", 25);
        m2.setDoubleProperty("price", 20.0);
        m2.setStringProperty("name", "a_pha");
        m2.setBooleanProperty("flag", false);
        p.send(m2, DeliveryMode.NON_PERSISTENT, 7, 0);
        Message m3 = message(3);
        m3.setJMSType("car");
        m3.setStringProperty("color", "green");
        m3.setLongProperty("weight", 40L);
        m3.setStringProperty("name", "beta");
        p.send(m3, DeliveryMode.PERSISTENT, 4, 0);
        Message m4 = message(4);
        m4.setIntProperty("weight", 5);
        m4.setDoubleProperty("price", 1.0);
        m4.setStringProperty("name", "it's");
        m4.setStringProperty("code", "42");
        p.send(m4, DeliveryMode.PERSISTENT, 9, 0);
        Message m5 = message(5);
        m5.setJMSCorrelationID("c-5");
        m5.setStringProperty("color", "red");
        m5.setShortProperty("weight", (short) 100);
        m5.setStringProperty("name", "alphabet");
        m5.setBooleanProperty("flag", true);
        p.send(m5, DeliveryMode.PERSISTENT, 4, 0);
        return queue;
    }

    private Message message(int n) throws JMSException {
        Message m = session.createMessage();
        m.setIntProperty("n", n);
        return m;
    }

    /** Receives until the expected number arrived (each within the receive timeout), then checks nothing follows. */
    private Set<Integer> selected(String selector, int expected) throws JMSException {
        Queue queue = populatedQueue();
        return drain(session.createConsumer(queue, selector), expected);
    }

    private static Set<Integer> drain(MessageConsumer consumer, int expected) throws JMSException {
        Set<Integer> got = new TreeSet<>();
        for (int i = 0; i < expected; i++) {
            Message m = consumer.receive(timeout());
            if (m == null) {
                break;
            }
            got.add(m.getIntProperty("n"));
        }
        for (Message m = consumer.receive(env().absenceWaitMillis()); m != null;
                m = consumer.receive(env().absenceWaitMillis())) {
            got.add(m.getIntProperty("n"));
        }
        return got;
    }

    private static Set<Integer> set(String csv) {
        Set<Integer> s = new TreeSet<>();
        for (String n : csv.trim().isEmpty() ? new String[0] : csv.trim().split(" ")) {
            s.add(Integer.parseInt(n));
        }
        return s;
    }

    @ParameterizedTest(name = "[{index}] {0} -> {1}")
    @Spec({"3.8.1.1", "3.8.1.2"})
    @DisplayName("3.8.1.1/3.8.1.2 operators, literals and three-valued logic select exactly the matching messages")
    @CsvSource(delimiter = '|', value = {
        "color = 'red'                              | 1 5",
        "color <> 'red'                             | 2 3",
        "weight > 20 AND weight <= 40               | 2 3",
        "weight = 40.0                              | 3",
        "weight BETWEEN 10 AND 25                   | 1 2",
        "weight NOT BETWEEN 10 AND 25               | 3 4 5",
        "color IN ('red', 'green')                  | 1 3 5",
        "color NOT IN ('red', 'green')              | 2",
        "name LIKE 'a%'                             | 1 2 5",
        "name LIKE 'a_pha'                          | 1 2",
        "name LIKE 'a\\_pha' ESCAPE '\\'            | 2",
        "name NOT LIKE 'a%'                         | 3 4",
        "name = 'it''s'                             | 4",
        "color IS NULL                              | 4",
        "price IS NOT NULL                          | 1 2 4",
        "weight * 2 + 1 > 50                        | 2 3 5",
        "-weight < -30                              | 3 5",
        "price / 2 = 4.75                           | 1",
        "flag = TRUE                                | 1 5",
        "NOT flag                                   | 2",
        "flag OR color = 'green'                    | 1 3 5",
        "NOT (color = 'red' AND flag)               | 2 3",
        "(weight < 20 OR weight > 50) AND n <> 4    | 1 5",
        "undefinedProperty = 1                      | ''",
        "NOT undefinedProperty = 1                  | ''",
    })
    void selectorsSelectTheMatchingMessages(String selector, String expected) throws Exception {
        assertEquals(set(expected), selected(selector, set(expected).size()));
    }

    @ParameterizedTest(name = "[{index}] {0} -> {1}")
    @Spec("3.8.1.3")
    @DisplayName("3.8.1.3 header fields in selectors: JMSType, JMSPriority, JMSDeliveryMode, JMSCorrelationID")
    @CsvSource(delimiter = '|', value = {
        "JMSType = 'car'                            | 1 3",
        "JMSPriority > 5                            | 2 4",
        "JMSDeliveryMode = 'NON_PERSISTENT'         | 2",
        "JMSDeliveryMode = 'PERSISTENT' AND JMSPriority = 4 | 3 5",
        "JMSCorrelationID = 'c-5'                   | 5",
        "JMSMessageID LIKE 'ID:%' AND n < 3         | 1 2",
    })
    void headerFieldsCanBeSelected(String selector, String expected) throws Exception {
        assertEquals(set(expected), selected(selector, set(expected).size()));
    }

    @Test
    @Spec("3.8.1.1")
    @DisplayName("3.8.1.1 an empty selector is no selector: every message is delivered")
    void emptySelectorSelectsEverything() throws Exception {
        Queue queue = populatedQueue();
        assertEquals(set("1 2 3 4 5"), drain(session.createConsumer(queue, ""), 5));
    }

    @Test
    @Spec("3.8.1.1")
    @DisplayName("3.8.1.1 a String property is not compared as a number")
    void stringPropertiesAreNotNumbers() throws Exception {
        assertEquals(set(""), selected("code = 42", 0));
    }

    /**
     * Three messages whose properties have the same text with different types (n = 1: typed as named, n = 2: the
     * other way round, n = 3: none), sent between {@code before} and {@code after} (their JMSTimestamps).
     */
    private Queue typedQueue() throws JMSException {
        session = startedConnection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        Queue queue = queue();
        MessageProducer p = session.createProducer(queue);
        before = System.currentTimeMillis();
        Message m1 = message(1);
        m1.setJMSType("car");
        m1.setStringProperty("code", "42");
        m1.setIntProperty("qty", 42);
        m1.setLongProperty("big", 9_000_000_000L);
        m1.setDoubleProperty("price", 9.5);
        m1.setFloatProperty("ratio", 0.25f);
        m1.setByteProperty("tiny", (byte) 3);
        m1.setShortProperty("small", (short) -7);
        m1.setBooleanProperty("flag", true);
        m1.setStringProperty("word", "true");
        p.send(m1, DeliveryMode.PERSISTENT, 7, 0);
        Message m2 = message(2);
        m2.setJMSType("bike");
        m2.setIntProperty("code", 42);
        m2.setStringProperty("qty", "42");
        m2.setStringProperty("big", "9000000000");
        m2.setStringProperty("price", "9.5");
        m2.setStringProperty("ratio", "0.25");
        m2.setStringProperty("tiny", "3");
        m2.setStringProperty("small", "-7");
        m2.setStringProperty("flag", "true");
        m2.setBooleanProperty("word", true);
        p.send(m2, DeliveryMode.NON_PERSISTENT, 2, 0);
        Message m3 = message(3);
        m3.setJMSType("car");
        p.send(m3, DeliveryMode.PERSISTENT, 4, 0);
        after = System.currentTimeMillis();
        return queue;
    }

    private long before;
    private long after;

    @ParameterizedTest(name = "[{index}] {0} -> {1}")
    @Spec({"3.8.1.1", "3.8.1.3"})
    @DisplayName("3.8.1.1 properties compare with the type they were set with; header fields with theirs; IN and NOT IN"
            + " apply to strings only (a number or boolean is UNKNOWN for both)")
    @CsvSource(delimiter = '|', value = {
        "code = 42                                  | 2",
        "code = '42'                                | 1",
        "code > 41 OR code < 43                     | 2",
        "qty = 42                                   | 1",
        "qty > 41.5 AND qty BETWEEN 40 AND 45       | 1",
        "qty = '42'                                 | 2",
        "big > 8999999999                           | 1",
        "price = 9.5 AND price * 2 = 19             | 1",
        "ratio = 0.25                               | 1",
        "tiny + small = -4                          | 1",
        "flag = TRUE                                | 1",
        "flag                                       | 1",
        "NOT flag                                   | ''",
        "flag = 'true'                              | 2",
        "word = TRUE                                | 2",
        "word = 'true'                              | 1",
        "code IN ('42')                             | 1",
        "code NOT IN ('41')                         | 1",
        "code NOT IN ('42')                         | ''",
        "NOT (code IN ('41'))                       | 1",
        "qty IN ('42') OR qty NOT IN ('42')         | 2",
        "flag IN ('true') OR flag NOT IN ('true')   | 2",
        "word NOT IN ('false')                      | 1",
        "JMSPriority = 7                            | 1",
        "JMSPriority > 3                            | 1 3",
        "JMSPriority = '7'                          | ''",
        "JMSPriority BETWEEN 0 AND 9                | 1 2 3",
        "JMSType = 'car' AND JMSDeliveryMode = 'PERSISTENT' | 1 3",
        "JMSDeliveryMode = 'NON_PERSISTENT'         | 2",
        "JMSDeliveryMode = 1 OR JMSType = 1         | ''",
        "JMSTimestamp = '0' OR JMSTimestamp < 0     | ''",
        "JMSMessageID LIKE 'ID:%' AND JMSCorrelationID IS NULL | 1 2 3",
    })
    void typedPropertiesAndHeadersCompareWithTheirTypes(String selector, String expected) throws Exception {
        Queue queue = typedQueue();
        assertEquals(set(expected), drain(session.createConsumer(queue, selector), set(expected).size()));
    }

    @Test
    @Spec({"3.8.1.1", "3.8.1.3"})
    @DisplayName("3.8.1.3 JMSTimestamp is selected as the long the producer set")
    void timestampIsALong() throws Exception {
        Queue queue = typedQueue();
        String sentBetween = "JMSTimestamp >= " + before + " AND JMSTimestamp <= " + after;
        assertEquals(set("1 2 3"), drain(session.createConsumer(queue, sentBetween + " AND n < 4"), 3));
        Queue again = typedQueue();
        assertEquals(set(""), drain(session.createConsumer(again, "JMSTimestamp < " + before), 0));
    }

    @Test
    @Spec({"3.8.1.1", "4.1.6"})
    @DisplayName("3.8.1.1 a queue browser applies the same typing as a consumer")
    void browserAppliesTheSameTyping() throws Exception {
        Queue queue = typedQueue();
        Set<Integer> browsed = new TreeSet<>();
        var messages = session.createBrowser(queue, "code = 42 OR word = 'true'").getEnumeration();
        while (messages.hasMoreElements()) {
            browsed.add(((Message) messages.nextElement()).getIntProperty("n"));
        }
        assertEquals(set("1 2"), browsed);
        assertEquals(set("1 2"), drain(session.createConsumer(queue, "code = 42 OR word = 'true'"), 2));
    }

    @Test
    @Spec("4.1.5")
    @DisplayName("4.1.5 messages a selector does not select stay on the queue for other consumers")
    void unselectedMessagesStayOnTheQueue() throws Exception {
        Queue queue = populatedQueue();
        MessageConsumer red = session.createConsumer(queue, "color = 'red'");
        assertEquals(set("1 5"), drain(red, 2));
        red.close();
        assertEquals(set("2 3 4"), drain(session.createConsumer(queue), 3));
    }

    @ParameterizedTest
    @Spec("3.8.1.1")
    @DisplayName("3.8.1.1 a syntactically invalid selector (NULL only in IS [NOT] NULL) is refused when the consumer is"
            + " created")
    @ValueSource(strings = {"color =", "color = 'red", "weight >>> 3", "NOT", "name LIKE 5", "x IN ()",
        "JMSPriority = 4 AND", "color = 'a' OR OR color = 'b'", "weight BETWEEN 1", "(color = 'red'", "NULL = 0",
        "color = NULL", "weight + NULL > 1"})
    void invalidSelectorsAreRefusedAtCreation(String selector) throws Exception {
        Session s = connection().createSession(false, Session.AUTO_ACKNOWLEDGE);
        Queue queue = queue();
        assertThrows(InvalidSelectorException.class, () -> s.createConsumer(queue, selector));
        assertThrows(InvalidSelectorException.class, () -> s.createBrowser(queue, selector));
        assertThrows(InvalidSelectorRuntimeException.class, () -> context().createConsumer(queue, selector));
    }
}

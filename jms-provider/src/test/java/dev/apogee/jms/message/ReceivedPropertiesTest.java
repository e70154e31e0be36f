package dev.apogee.jms.message;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.apogee.jms.destination.ApogeeQueue;
import dev.apogee.jms.destination.ApogeeTopic;
import jakarta.jms.BytesMessage;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Received properties read in place ({@link ReceivedProperties}, {@link ReceivedFields}): the same JMS message as
 * from the decoded map, whatever the pairs say (repeats, bad numbers, user and RocketMQ names). Jakarta Messaging 3.1
 * §3.4 (headers), §3.5 (properties); RocketMQ remoting §4.3 (properties string: later pairs win).
 */
class ReceivedPropertiesTest {
    private static final byte[] BODY = {1, 2, 3};

    @Test
    void theMapViewHoldsEveryPairButTagsAndKeysLaterOnesWinning() {
        ReceivedProperties props = new ReceivedProperties("a\u00011\u0002TAGS\u0001t1\u0002b\u00012\u0002KEYS\u0001k\u0002",
                "a\u00013\u0002TAGS\u0001t2\u0002c\u00014");
        assertEquals("t2", props.tags());
        assertEquals("k", props.keys());
        Map<String, String> inOrder = new LinkedHashMap<>();
        props.forEach(inOrder::put);
        assertEquals(List.of("a", "b", "c"), new ArrayList<>(inOrder.keySet()), "first position, last value");
        assertEquals(Map.of("a", "3", "b", "2", "c", "4"), props);
        assertNull(props.get("TAGS"));
        assertEquals(3, props.size());
    }

    @Test
    void noPropertiesAtAll() {
        ReceivedProperties props = new ReceivedProperties(null, null);
        assertNull(props.tags());
        assertEquals(Collections.emptyMap(), props);
    }

    @Test
    void repeatedHeadersTakeTheLastPairAndBadNumbersTheirDefault() throws JMSException {
        String stored = "__JMS_BODY\u0001text\u0002JMSPriority\u00012\u0002JMSTimestamp\u000177\u0002"
                + "JMSDeliveryMode\u0001NON_PERSISTENT\u0002JMSExpiration\u000199\u0002UNIQ_KEY\u0001AB12\u0002"
                + "JMSMessageID\u0001ID:AB12\u0002JMSDestination\u0001topic://t\u0002";
        String appended = "JMSPriority\u00017\u0002JMSTimestamp\u0001soon\u0002JMSDeliveryMode\u00012\u0002"
                + "JMSExpiration\u0001 123 \u0002";
        Message m = decodedBothWays(stored, appended);
        assertEquals(7, m.getJMSPriority());
        assertEquals(5L, m.getJMSTimestamp(), "unparseable: the born timestamp, not the earlier pair");
        assertEquals(DeliveryMode.PERSISTENT, m.getJMSDeliveryMode());
        assertEquals(123L, m.getJMSExpiration(), "trimmed, as a String value would be");
        assertEquals("ID:AB12", m.getJMSMessageID());
    }

    @Test
    void theMessageIdFollowsUniqKeyWhenTheJmsMessageIdPairSaysOtherwise() throws JMSException {
        assertEquals("ID:AB12", decodedBothWays("JMSMessageID\u0001ID:ZZ99\u0002UNIQ_KEY\u0001AB12\u0002", null)
                .getJMSMessageID());
        assertEquals("ID:AB12", decodedBothWays("JMSMessageID\u0001AB12\u0002UNIQ_KEY\u0001AB12\u0002", null)
                .getJMSMessageID());
        assertEquals("ID:only", decodedBothWays("JMSMessageID\u0001ID:only\u0002", null).getJMSMessageID());
    }

    @Test
    void userPropertiesAreTakenAndRocketMqBookkeepingIsNot() throws JMSException {
        String stored = "TRAN_MSG\u0001true\u0002PGROUP\u0001g\u0002__CRC32#\u00011\u0002__JMS_X\u0001y\u0002"
                + "__RMQ.TRANSIENT.z\u00011\u0002TAGS\u0001red\u0002color\u0001blue\u0002";
        Message m = decodedBothWays(stored, "MIN_OFFSET\u00010\u0002MAX_OFFSET\u00019\u0002color\u0001green");
        List<String> names = Collections.list(m.getPropertyNames());
        names.remove("JMSXDeliveryCount");
        Collections.sort(names);
        assertEquals(List.of(PropertyNames.TAG, "color"), names);
        assertEquals("green", m.getStringProperty("color"));
        assertEquals("red", m.getStringProperty(PropertyNames.TAG));
        assertEquals(BODY.length, ((BytesMessage) m).getBodyLength(), "no marker: a BytesMessage");
    }

    @Test
    void theDestinationOfTheLastMessageIsReusedAndAChangedOneParsed() throws JMSException {
        MessageCodec codec = new MessageCodec();
        Message first = codec.decode(wire("JMSDestination\u0001queue://q1\u0002", null), null);
        Message second = codec.decode(wire("x\u00011\u0002JMSDestination\u0001queue://q1\u0002", null), null);
        Message third = codec.decode(wire("JMSDestination\u0001topic://q1\u0002", null), null);
        assertEquals(new ApogeeQueue("q1"), first.getJMSDestination());
        assertSame(first.getJMSDestination(), second.getJMSDestination(), "the same text: the parsed instance");
        assertEquals(new ApogeeTopic("q1"), third.getJMSDestination());
    }

    /** The message decoded from the strings in place and from the map they decode to, which must agree. */
    private static Message decodedBothWays(String stored, String appended) throws JMSException {
        WireMessage inPlace = wire(stored, appended);
        Map<String, String> map = new LinkedHashMap<>(inPlace.properties());
        WireMessage asMap = new WireMessage("t", inPlace.tags(), inPlace.keys(), BODY, map, 5L, 0);
        ApogeeMessage fromRanges = new MessageCodec().decode(inPlace, null);
        ApogeeMessage fromMap = new MessageCodec().decode(asMap, null);
        assertEquals(describe(fromMap), describe(fromRanges));
        return fromRanges;
    }

    private static WireMessage wire(String stored, String appended) {
        ReceivedProperties props = new ReceivedProperties(stored, appended);
        return new WireMessage("t", props.tags(), props.keys(), BODY, props, 5L, 0);
    }

    private static String describe(Message m) throws JMSException {
        Map<String, Object> properties = new TreeMap<>();
        for (Object name : Collections.list(m.getPropertyNames())) {
            properties.put((String) name, m.getObjectProperty((String) name));
        }
        return m.getClass().getSimpleName() + " id=" + m.getJMSMessageID() + " ts=" + m.getJMSTimestamp() + " cid="
                + m.getJMSCorrelationID() + " replyTo=" + m.getJMSReplyTo() + " dest=" + m.getJMSDestination()
                + " mode=" + m.getJMSDeliveryMode() + " prio=" + m.getJMSPriority() + " type=" + m.getJMSType()
                + " exp=" + m.getJMSExpiration() + " dt=" + m.getJMSDeliveryTime() + " props=" + properties;
    }
}

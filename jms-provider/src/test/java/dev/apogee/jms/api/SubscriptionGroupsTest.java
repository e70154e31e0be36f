package dev.apogee.jms.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.apogee.jms.destination.ApogeeQueue;
import dev.apogee.jms.destination.ApogeeTopic;
import dev.apogee.remoting.naming.JmsGroupName;
import dev.apogee.remoting.naming.NameEncoding;
import jakarta.jms.IllegalStateException;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSException;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The consumer-group names of queues and subscriptions: encoded, valid, and never shared by two subscriptions. */
class SubscriptionGroupsTest {

    @ParameterizedTest
    @CsvSource(delimiter = ';', nullValues = "null", value = {
        // kind; client id; name; group
        "durable; app; orders; JMSD_app_orders",
        "durable; my_app; orders.created; JMSD_my|5Fapp_orders|2Ecreated",
        "durable; a/b; s_1; JMSD_a|2Fb_s_1",
        "shared; null; orders; JMSS_orders",
        "shared; null; a_b; JMSS_a_b",
        "shared; a; b; JMSSC_a_b",
        "sharedDurable; null; zäöü.名前; JMSSD_z|C3|A4|C3|B6|C3|BC|2E|E5|90|8D|E5|89|8D",
        "sharedDurable; c 1; x; JMSSDC_c|201_x",
    })
    void groupNamesAreEncoded(String kind, String clientId, String name, String group) throws JMSException {
        assertEquals(group, group(kind, clientId, name));
        assertTrue(group.matches("[%|a-zA-Z0-9_-]+"));
    }

    @Test
    void queueAndTopicGroupsUseTheEncodedTopic() throws JMSException {
        assertEquals("JMSQ_orders|2Ecreated", SubscriptionGroups.queueGroup(new ApogeeQueue("orders.created")));
        String topicGroup = SubscriptionGroups.privateTopicGroup(new ApogeeTopic("x".repeat(127)));
        assertTrue(topicGroup.startsWith("JMST_" + "x".repeat(127) + "_"), topicGroup);
    }

    // Before names were encoded, JMSD_ + "a_b" + "_" + "c" and JMSD_ + "a" + "_" + "b_c" were one group, and a
    // shared subscription "a_b" without a client id was client id "a"'s subscription "b".
    @Test
    void noTwoSubscriptionsShareAGroup() throws JMSException {
        String[] clientIds = {null, "a", "a_b", "a|5Fb", "b", "_", "a_", "x.y"};
        String[] names = {"b", "b_c", "c", "a_b_c", "_c", "|5Fc", "y", "x.y_b"};
        for (String kind : new String[] {"durable", "shared", "sharedDurable"}) {
            Map<String, String> seen = new HashMap<>();
            for (String clientId : clientIds) {
                for (String name : names) {
                    if (clientId == null && kind.equals("durable")) {
                        continue;
                    }
                    String group = group(kind, clientId, name);
                    String previous = seen.put(group, clientId + " / " + name);
                    assertNull(previous, () -> kind + " " + group + " made by " + previous + " and " + clientId + " / "
                            + name);
                }
            }
        }
    }

    // apogee-admin shows groups by their JMS names: every group the provider makes reads back as what made it
    @Test
    void everyGroupReadsBackAsItsKindClientIdAndName() throws JMSException {
        String[] clientIds = {null, "a", "a_b", "a|5Fb", "x.y", "zäöü"};
        String[] names = {"b", "b_c", "_c", "|5Fc", "x.y_b", "名前"};
        Map<String, JmsGroupName.Kind> kinds = Map.of("durable", JmsGroupName.Kind.DURABLE,
                "shared", JmsGroupName.Kind.SHARED, "sharedDurable", JmsGroupName.Kind.SHARED_DURABLE);
        for (Map.Entry<String, JmsGroupName.Kind> kind : kinds.entrySet()) {
            for (String clientId : clientIds) {
                for (String name : names) {
                    if (clientId == null && kind.getKey().equals("durable")) {
                        continue;
                    }
                    String group = group(kind.getKey(), clientId, name);
                    assertEquals(new JmsGroupName(kind.getValue(), clientId, name, null), JmsGroupName.parse(group),
                            group);
                }
            }
        }
        assertEquals(new JmsGroupName(JmsGroupName.Kind.QUEUE, null, "orders.created", "orders|2Ecreated"),
                JmsGroupName.parse(SubscriptionGroups.queueGroup(new ApogeeQueue("orders.created"))));
        assertEquals(new JmsGroupName(JmsGroupName.Kind.NON_DURABLE, null, null, "a_b|2Ec"),
                JmsGroupName.parse(SubscriptionGroups.privateTopicGroup(new ApogeeTopic("a_b.c"))));
        assertNull(JmsGroupName.parse("JMSB_browser_1"));
        assertNull(JmsGroupName.parse("JMSQ_a|7c"), "not a canonical encoding");
        assertNull(JmsGroupName.parse("orders-consumers"));
    }

    @Test
    void theGroupLimitIsEnforcedWithAClearError() throws JMSException {
        String longest = "n".repeat(NameEncoding.GROUP_MAX_LENGTH - "JMSD_app_".length());
        assertEquals(NameEncoding.GROUP_MAX_LENGTH, SubscriptionGroups.durable("app", longest).length());
        InvalidDestinationException e = assertThrows(InvalidDestinationException.class,
                () -> SubscriptionGroups.durable("app", longest + "n"));
        assertEquals("APOGEE-JMS-0010", e.getErrorCode());
        assertTrue(e.getMessage().contains("at most 255"), e.getMessage());
        assertThrows(InvalidDestinationException.class, () -> SubscriptionGroups.shared(null, "名".repeat(28)));
        assertThrows(InvalidDestinationException.class, () -> SubscriptionGroups.shared(null, ""));
        assertThrows(InvalidDestinationException.class, () -> SubscriptionGroups.sharedDurable(null, null));
        assertThrows(IllegalStateException.class, () -> SubscriptionGroups.durable(null, "x"));
    }

    private static String group(String kind, String clientId, String name) throws JMSException {
        return switch (kind) {
            case "durable" -> SubscriptionGroups.durable(clientId, name);
            case "shared" -> SubscriptionGroups.shared(clientId, name);
            case "sharedDurable" -> SubscriptionGroups.sharedDurable(clientId, name);
            default -> throw new IllegalArgumentException(kind);
        };
    }
}

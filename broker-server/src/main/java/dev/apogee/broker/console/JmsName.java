package dev.apogee.broker.console;

import dev.apogee.remoting.naming.JmsGroupName;
import dev.apogee.remoting.naming.NameEncoding;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a consumer group is to the JMS provider, read back from its name ({@code jms-provider/MAPPING.md}, "Consumer
 * groups"): the group of a queue ({@code JMSQ_⟨queue⟩}), of a durable, shared or shared durable subscription (with
 * or without client id: {@code JMSD_⟪client⟫_⟨name⟩}, {@code JMSS_⟨name⟩}, {@code JMSSC_⟪client⟫_⟨name⟩},
 * {@code JMSSD_⟨name⟩}, {@code JMSSDC_⟪client⟫_⟨name⟩}), of a non-durable subscriber ({@code JMST_⟨topic⟩_random})
 * or of a queue browser ({@code JMSB_…}). Names are decoded for display.
 *
 * @param kind     {@code queue}, {@code durable subscription}, {@code shared subscription},
 *                 {@code shared durable subscription}, {@code non-durable subscription} or {@code queue browser}
 * @param name     the queue's or subscription's JMS name (for a non-durable subscriber: its topic's)
 * @param clientId the client id the subscription belongs to, or null
 */
record JmsName(String kind, String name, String clientId) {
    static final String QUEUE = "queue";
    private static final String BROWSER_PREFIX = "JMSB_";

    /**
     * The JMS meaning of {@code group} ({@link JmsGroupName}, the parser {@code bin/apogee-admin} uses too), or null for
     * a group the JMS provider did not make or whose name parts are not canonical encodings.
     */
    static JmsName of(String group) {
        JmsGroupName parsed = JmsGroupName.parse(group);
        if (parsed != null) {
            return switch (parsed.kind()) {
                case QUEUE -> new JmsName(QUEUE, parsed.name(), null);
                case NON_DURABLE -> new JmsName("non-durable subscription", NameEncoding.decodeOrNull(parsed.topic()),
                        null);
                default -> new JmsName(parsed.kind().label() + " subscription", parsed.name(), parsed.clientId());
            };
        }
        if (group.startsWith(BROWSER_PREFIX)) {
            return new JmsName("queue browser", group.substring(BROWSER_PREFIX.length()), null);
        }
        return null;
    }

    Map<String, Object> toJson() {
        Map<String, Object> tree = new LinkedHashMap<>();
        tree.put("kind", kind);
        tree.put("name", name);
        tree.put("clientId", clientId);
        return tree;
    }
}

package dev.apogee.broker.console;

import dev.apogee.remoting.naming.NameEncoding;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a consumer group is to the JMS provider, read back from its name ({@code jms-provider/MAPPING.md}, "Consumer
 * groups"): the group of a queue ({@code JMSQ_⟨queue⟩}), of a durable, shared or shared durable subscription (with
 * or without client id: {@code JMSD_⟪client⟫_⟨name⟩}, {@code JMSS_⟨name⟩}, {@code JMSSC_⟪client⟫_⟨name⟩},
 * {@code JMSSD_⟨name⟩}, {@code JMSSDC_⟪client⟫_⟨name⟩}), of a non-durable subscriber ({@code JMST_⟨topic⟩_random})
 * or of a queue browser ({@code JMSB_…}). Names are decoded for display; a part that is not a canonical encoding is
 * shown as it is.
 *
 * @param kind     {@code queue}, {@code durable subscription}, {@code shared subscription},
 *                 {@code shared durable subscription}, {@code non-durable subscription} or {@code queue browser}
 * @param name     the queue's or subscription's JMS name (for a non-durable subscriber: its topic's)
 * @param clientId the client id the subscription belongs to, or null
 */
record JmsName(String kind, String name, String clientId) {
    static final String QUEUE = "queue";

    /** The JMS meaning of {@code group}, or null for a group the JMS provider did not make. */
    static JmsName of(String group) {
        if (group.startsWith("JMSQ_")) {
            return new JmsName(QUEUE, decode(group.substring(5)), null);
        }
        if (group.startsWith("JMSSDC_")) {
            return owned("shared durable subscription", group.substring(7));
        }
        if (group.startsWith("JMSSD_")) {
            return new JmsName("shared durable subscription", decode(group.substring(6)), null);
        }
        if (group.startsWith("JMSSC_")) {
            return owned("shared subscription", group.substring(6));
        }
        if (group.startsWith("JMSS_")) {
            return new JmsName("shared subscription", decode(group.substring(5)), null);
        }
        if (group.startsWith("JMSD_")) {
            return owned("durable subscription", group.substring(5));
        }
        if (group.startsWith("JMST_") && group.lastIndexOf('_') > 5) {
            return new JmsName("non-durable subscription", decode(group.substring(5, group.lastIndexOf('_'))), null);
        }
        if (group.startsWith("JMSB_")) {
            return new JmsName("queue browser", group.substring(5), null);
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

    /** {@code ⟪client⟫_⟨name⟩}: the client id's encoding has every {@code _} escaped, so the first one ends it. */
    private static JmsName owned(String kind, String rest) {
        int separator = rest.indexOf('_');
        if (separator <= 0) {
            return new JmsName(kind, decode(rest), null);
        }
        String client = rest.substring(0, separator);
        String decodedClient;
        try {
            decodedClient = NameEncoding.decodeComponent(client);
        } catch (IllegalArgumentException e) {
            decodedClient = client;
        }
        return new JmsName(kind, decode(rest.substring(separator + 1)), decodedClient);
    }

    private static String decode(String encoded) {
        String decoded = NameEncoding.decodeOrNull(encoded);
        return decoded == null ? encoded : decoded;
    }
}

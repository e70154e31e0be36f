package dev.apogee.jms.message;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The RocketMQ properties string as the 5.3.3 Java client writes and parses it (protocol §4.3): {@code name \u0001
 * value \u0002 …}; on parse a segment counts only if it is at least 3 characters long and has {@code \u0001} neither
 * at its start nor at its end (so empty names and values are dropped); later duplicates win.
 */
final class RocketMqProperties {
    private RocketMqProperties() {
    }

    static String write(Map<String, String> properties) {
        StringBuilder sb = new StringBuilder();
        properties.forEach((k, v) -> sb.append(k).append('\u0001').append(v).append('\u0002'));
        return sb.toString();
    }

    static Map<String, String> parse(String text) {
        Map<String, String> map = new LinkedHashMap<>();
        for (String segment : text.split("\u0002")) {
            int sep = segment.indexOf('\u0001');
            if (segment.length() >= 3 && sep > 0 && sep < segment.length() - 1) {
                map.put(segment.substring(0, sep), segment.substring(sep + 1));
            }
        }
        return map;
    }

    /**
     * What a consumer receives after the wire: TAGS/KEYS travel as properties, then come back as fields; the
     * properties in the compact form the provider builds ({@link WirePropertyMap}).
     */
    static WireMessage throughTheWire(WireMessage sent, long bornTimestamp, int reconsumeTimes) {
        WireMessage plain = throughTheWireAsMap(sent, bornTimestamp, reconsumeTimes);
        WirePropertyMap.Builder b = WirePropertyMap.builder();
        plain.properties().forEach(b::put);
        return new WireMessage(plain.topic(), plain.tags(), plain.keys(), plain.body(), b.build(),
                plain.bornTimestamp(), plain.reconsumeTimes());
    }

    /** {@link #throughTheWire} with the properties in an ordinary map. */
    static WireMessage throughTheWireAsMap(WireMessage sent, long bornTimestamp, int reconsumeTimes) {
        Map<String, String> props = new LinkedHashMap<>(sent.properties());
        if (sent.tags() != null) {
            props.put("TAGS", sent.tags());
        }
        if (sent.keys() != null) {
            props.put("KEYS", sent.keys());
        }
        props.put("MSG_REGION", "DefaultRegion");
        props.put("CLUSTER", "DefaultCluster");
        Map<String, String> parsed = parse(write(props));
        String tags = parsed.remove("TAGS");
        String keys = parsed.remove("KEYS");
        return new WireMessage(sent.topic(), tags, keys, sent.body().clone(), parsed, bornTimestamp, reconsumeTimes);
    }
}

package dev.apogee.remoting.naming;

/**
 * What a JMS consumer group stands for, read back from its name (the mapping of {@code jms-provider/MAPPING.md}):
 * {@code JMSQ_<queue>} for a queue, {@code JMSD_<client id>_<name>} for a durable subscription, {@code JMSS_<name>}
 * / {@code JMSSC_<client id>_<name>} for a shared one, {@code JMSSD_<name>} / {@code JMSSDC_<client id>_<name>} for
 * a shared durable one, {@code JMST_<topic>_<random>} for a non-durable topic subscriber. Queue and topic parts are
 * {@link NameEncoding#encode encoded} names, the client id is {@link NameEncoding#encodeComponent a component} (its
 * {@code _} escaped, so the first {@code _} after it ends it). Admin tools use it to show groups by their JMS names.
 *
 * @param kind      what the group is for
 * @param clientId  the JMS client id in the name, or null when it has none
 * @param name      the queue name (QUEUE), the subscription name (the subscription kinds), or null (NON_DURABLE)
 * @param topic     the RocketMQ topic for QUEUE and NON_DURABLE (decode it with {@link NameEncoding#display}); null
 *                  for the others (their topic is known to the brokers, not in the name)
 */
public record JmsGroupName(Kind kind, String clientId, String name, String topic) {
    /** Group name prefixes, each tied to one kind; none is a prefix of another. */
    public static final String QUEUE_PREFIX = "JMSQ_";
    public static final String DURABLE_PREFIX = "JMSD_";
    public static final String SHARED_PREFIX = "JMSS_";
    public static final String SHARED_CLIENT_PREFIX = "JMSSC_";
    public static final String SHARED_DURABLE_PREFIX = "JMSSD_";
    public static final String SHARED_DURABLE_CLIENT_PREFIX = "JMSSDC_";
    public static final String NON_DURABLE_PREFIX = "JMST_";

    /** The JMS consumer kinds that own a group. */
    public enum Kind {
        QUEUE("queue"),
        DURABLE("durable"),
        SHARED("shared"),
        SHARED_DURABLE("shared durable"),
        NON_DURABLE("non-durable");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        /** How an operator reads it. */
        public String label() {
            return label;
        }
    }

    /** Whether a subscription of this kind keeps its messages while no consumer is connected. */
    public boolean durable() {
        return kind == Kind.DURABLE || kind == Kind.SHARED_DURABLE;
    }

    /** The JMS group {@code group} names, or null when it is no JMS group or not a canonical one. */
    public static JmsGroupName parse(String group) {
        if (group == null) {
            return null;
        }
        if (group.startsWith(QUEUE_PREFIX)) {
            String topic = group.substring(QUEUE_PREFIX.length());
            String queue = NameEncoding.decodeOrNull(topic);
            return queue == null ? null : new JmsGroupName(Kind.QUEUE, null, queue, topic);
        }
        if (group.startsWith(NON_DURABLE_PREFIX)) {
            int random = group.lastIndexOf('_');
            String topic = random > NON_DURABLE_PREFIX.length() ? group.substring(NON_DURABLE_PREFIX.length(), random)
                    : null;
            return topic == null || NameEncoding.decodeOrNull(topic) == null ? null
                    : new JmsGroupName(Kind.NON_DURABLE, null, null, topic);
        }
        if (group.startsWith(SHARED_DURABLE_CLIENT_PREFIX)) {
            return withClient(Kind.SHARED_DURABLE, group.substring(SHARED_DURABLE_CLIENT_PREFIX.length()));
        }
        if (group.startsWith(SHARED_DURABLE_PREFIX)) {
            return named(Kind.SHARED_DURABLE, group.substring(SHARED_DURABLE_PREFIX.length()));
        }
        if (group.startsWith(SHARED_CLIENT_PREFIX)) {
            return withClient(Kind.SHARED, group.substring(SHARED_CLIENT_PREFIX.length()));
        }
        if (group.startsWith(SHARED_PREFIX)) {
            return named(Kind.SHARED, group.substring(SHARED_PREFIX.length()));
        }
        if (group.startsWith(DURABLE_PREFIX)) {
            return withClient(Kind.DURABLE, group.substring(DURABLE_PREFIX.length()));
        }
        return null;
    }

    private static JmsGroupName named(Kind kind, String encodedName) {
        String name = NameEncoding.decodeOrNull(encodedName);
        return name == null ? null : new JmsGroupName(kind, null, name, null);
    }

    private static JmsGroupName withClient(Kind kind, String rest) {
        int end = rest.indexOf('_');
        if (end <= 0) {
            return null;
        }
        String clientId;
        try {
            clientId = NameEncoding.decodeComponent(rest.substring(0, end));
        } catch (IllegalArgumentException e) {
            return null;
        }
        String name = NameEncoding.decodeOrNull(rest.substring(end + 1));
        return name == null ? null : new JmsGroupName(kind, clientId, name, null);
    }
}

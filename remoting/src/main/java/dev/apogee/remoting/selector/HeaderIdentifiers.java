package dev.apogee.remoting.selector;

import java.util.Set;

/**
 * The header fields a selector may reference (spec 3.8.1.1). To the engine they are identifiers like any other; the
 * JMS provider's {@link ValueResolver} answers them from the message headers. Other names starting with {@code JMS}
 * ({@code JMSX...} properties, {@code JMS_...} provider properties, and headers such as {@code JMSDestination}
 * that selectors cannot see) are resolved as properties and are normally NULL.
 */
public final class HeaderIdentifiers {
    /** {@code 'PERSISTENT'} or {@code 'NON_PERSISTENT'}. */
    public static final String JMS_DELIVERY_MODE = "JMSDeliveryMode";
    public static final String JMS_PRIORITY = "JMSPriority";
    public static final String JMS_MESSAGE_ID = "JMSMessageID";
    public static final String JMS_TIMESTAMP = "JMSTimestamp";
    public static final String JMS_CORRELATION_ID = "JMSCorrelationID";
    public static final String JMS_TYPE = "JMSType";
    public static final String PERSISTENT = "PERSISTENT";
    public static final String NON_PERSISTENT = "NON_PERSISTENT";

    public static final Set<String> ALL = Set.of(JMS_DELIVERY_MODE, JMS_PRIORITY, JMS_MESSAGE_ID, JMS_TIMESTAMP,
            JMS_CORRELATION_ID, JMS_TYPE);

    private HeaderIdentifiers() {
    }

    public static boolean isHeader(String identifier) {
        return ALL.contains(identifier);
    }
}

package dev.apogee.jms.message;

import java.util.Set;

/**
 * Property-name validity (Jakarta Messaging 3.1 §3.5.1, §3.5.9, §3.5.10, §3.8.1.1): a Java identifier that is not a
 * selector keyword, and not starting with {@code JMS} unless it is one of the JMS-defined {@code JMSX} names or a
 * provider-specific {@code JMS_Apogee_} name. Names containing ISO control characters are refused too: Java treats
 * them as ignorable identifier parts, but RocketMQ uses {@code \u0001}/{@code \u0002} as property separators.
 */
public final class PropertyNames {
    /** Prefix of provider-specific properties (§3.5.10: {@code JMS_<vendor_name>}). */
    public static final String PROVIDER_PREFIX = "JMS_Apogee_";
    /** The RocketMQ tag of the message (native {@code TAGS}). */
    public static final String TAG = "JMS_Apogee_Tag";
    /** The RocketMQ business keys of the message, space separated (native {@code KEYS}). */
    public static final String KEYS = "JMS_Apogee_Keys";
    /** The sending connection's noLocal origin ({@code dev.apogee.jms.provider.NoLocal}); set by the provider only. */
    public static final String ORIGIN = "JMS_Apogee_Origin";
    /** JMS-defined delivery count (§3.5.11). */
    public static final String JMSX_DELIVERY_COUNT = "JMSXDeliveryCount";
    public static final String JMSX_GROUP_ID = "JMSXGroupID";
    public static final String JMSX_GROUP_SEQ = "JMSXGroupSeq";

    private static final Set<String> JMSX = Set.of("JMSXUserID", "JMSXAppID", JMSX_DELIVERY_COUNT, JMSX_GROUP_ID,
            JMSX_GROUP_SEQ, "JMSXProducerTXID", "JMSXConsumerTXID", "JMSXRcvTimestamp", "JMSXState");
    private static final Set<String> KEYWORDS = Set.of("NULL", "TRUE", "FALSE", "NOT", "AND", "OR", "BETWEEN",
            "LIKE", "IN", "IS", "ESCAPE");

    private PropertyNames() {
    }

    /** Throws {@link IllegalArgumentException} (as the spec requires for set methods) if {@code name} is invalid. */
    public static void validate(String name) {
        String problem = problem(name);
        if (problem != null) {
            throw new IllegalArgumentException("invalid property name '" + name + "': " + problem);
        }
    }

    /** Whether {@code name} may be set on a message. */
    public static boolean isValid(String name) {
        return problem(name) == null;
    }

    private static String problem(String name) {
        if (name == null || name.isEmpty()) {
            return "null or empty";
        }
        if (!Character.isJavaIdentifierStart(name.charAt(0))) {
            return "not a Java identifier";
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!Character.isJavaIdentifierPart(c)) {
                return "not a Java identifier";
            }
            if (Character.isISOControl(c)) {
                return "contains a control character";
            }
        }
        if (KEYWORDS.contains(name.toUpperCase(java.util.Locale.ROOT))) {
            return "a message selector keyword";
        }
        if (name.startsWith("JMSX")) {
            return JMSX.contains(name) ? null : "JMSX names are reserved for JMS-defined properties";
        }
        if (name.startsWith("JMS") && !name.startsWith(PROVIDER_PREFIX)) {
            return "names starting with JMS are reserved";
        }
        return null;
    }
}

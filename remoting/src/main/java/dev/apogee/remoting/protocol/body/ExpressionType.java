package dev.apogee.remoting.protocol.body;

/** Subscription expression types; strings on the wire, as in the official {@code ExpressionType}. */
public final class ExpressionType {
    /** {@code TagA || TagB}, or {@code *} for everything. The default when a subscription names none. */
    public static final String TAG = "TAG";
    /** An SQL-92 condition over message properties. */
    public static final String SQL92 = "SQL92";
    /**
     * Apogee extension: a Jakarta Messaging selector, evaluated with JMS typing over the JMS provider's property
     * mapping (typed properties, header fields). Apache brokers refuse it (CHECK_CLIENT_CONFIG answers
     * SUBSCRIPTION_PARSE_FAILED), so the provider falls back to {@link #SQL92} there.
     */
    public static final String JMS = "JMS";

    private ExpressionType() {
    }

    /** Null and empty count as TAG, as in the official client. */
    public static boolean isTagType(String type) {
        return type == null || type.isEmpty() || TAG.equals(type);
    }
}

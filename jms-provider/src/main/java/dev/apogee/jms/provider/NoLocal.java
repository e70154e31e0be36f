package dev.apogee.jms.provider;

import dev.apogee.jms.message.PropertyNames;
import jakarta.jms.JMSException;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/**
 * noLocal topic consumers, filtered by the broker like any selector. Jakarta Messaging 3.1 §8.3.1: a noLocal
 * consumer does not receive the messages published by its own connection; for a durable subscription
 * (createDurableConsumer): nor those of any other connection with the same client identifier.
 *
 * <p>A connection that has created a noLocal consumer stamps every message it then sends to a topic with its
 * <em>origin</em> in the property {@value #ORIGIN_PROPERTY}: its client identifier (hex-encoded, so the selector
 * literal needs no quoting) when it has one, else a random id of the connection. The noLocal consumer's broker-side
 * selector excludes that origin: {@code (JMS_Apogee_Origin IS NULL OR JMS_Apogee_Origin <> '<origin>') AND (<the
 * application's selector>)}. A message re-sent by another connection carries that connection's stamp or none, never
 * an earlier one. Messages the connection sent before its first noLocal consumer existed carry no stamp.
 */
public final class NoLocal {
    /** The wire property that carries a message's origin (a JMS_&lt;vendor&gt; property, visible to receivers). */
    public static final String ORIGIN_PROPERTY = PropertyNames.ORIGIN;

    private NoLocal() {
    }

    /** The origin of a connection: its client id when it has one (§8.3.1 for durable subscriptions), else its own id. */
    public static String origin(String clientIdOrNull, String connectionId) {
        return clientIdOrNull != null && !clientIdOrNull.isEmpty()
                ? "c" + HexFormat.of().formatHex(clientIdOrNull.getBytes(StandardCharsets.UTF_8))
                : "n" + connectionId;
    }

    /**
     * The selector the broker evaluates for a noLocal consumer; {@code selector} (the application's, may be null) is
     * checked on its own first, so that it cannot change the meaning of the combination (InvalidSelectorException).
     */
    public static String selector(String selector, String origin) throws JMSException {
        String excludeOwn = "(" + ORIGIN_PROPERTY + " IS NULL OR " + ORIGIN_PROPERTY + " <> '" + origin + "')";
        if (selector == null || selector.isBlank()) {
            return excludeOwn;
        }
        SelectorSubscriptions.sql92(selector);
        return excludeOwn + " AND (" + selector + ")";
    }
}

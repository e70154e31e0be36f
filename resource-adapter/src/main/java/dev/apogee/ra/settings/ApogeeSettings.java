package dev.apogee.ra.settings;

import dev.apogee.jms.api.ApogeeConnectionFactory;
import dev.apogee.jms.xa.ApogeeXAConnectionFactory;
import jakarta.jms.JMSException;

import java.io.Serializable;
import java.util.Arrays;
import java.util.List;

/**
 * The connection and redelivery settings shared by the adapter, its connection factories and its activation specs.
 * Every field is null when that level leaves it unset; {@link #over(ApogeeSettings)} lays one level over a lower one,
 * so the effective settings are {@code spec.over(factory).over(adapter).over(DEFAULTS)}.
 *
 * @param connectionUrl       an {@code apogee://host:port[?options]} URL (see {@link ApogeeConnectionFactory})
 * @param user                user name passed to the broker
 * @param password            password passed to the broker
 * @param clientId            JMS client id; used by inbound connections only (outbound connections are pooled and a
 *                            client id is unique per JVM)
 * @param trustedPackages     comma-separated packages ObjectMessage bodies may come from
 * @param maxDeliveries       deliveries of one message before it goes to the dead-letter queue
 * @param deadLetterQueue     the queue poison messages are moved to
 * @param reconnectIntervalMs wait between attempts to reconnect a failed inbound connection
 */
public record ApogeeSettings(String connectionUrl, String user, String password, String clientId,
                             String trustedPackages, Integer maxDeliveries, String deadLetterQueue,
                             Long reconnectIntervalMs) implements Serializable {

    /** Nothing set. */
    public static final ApogeeSettings UNSET = new ApogeeSettings(null, null, null, null, null, null, null, null);

    /** The adapter's built-in defaults: the lowest level of every lookup. */
    public static final ApogeeSettings DEFAULTS = new ApogeeSettings("apogee://127.0.0.1:9876", null, null, null,
            null, 5, "DLQ", 2_000L);

    /** These settings where set, else {@code lower}'s. */
    public ApogeeSettings over(ApogeeSettings lower) {
        return new ApogeeSettings(pick(connectionUrl, lower.connectionUrl), pick(user, lower.user),
                pick(password, lower.password), pick(clientId, lower.clientId),
                pick(trustedPackages, lower.trustedPackages), pick(maxDeliveries, lower.maxDeliveries),
                pick(deadLetterQueue, lower.deadLetterQueue), pick(reconnectIntervalMs, lower.reconnectIntervalMs));
    }

    /**
     * A connection factory for these settings; {@code withClientId} false for pooled (outbound) connections. Always
     * the XA factory: its connections make plain sessions too, and the adapter needs XA sessions for container
     * transactions (outbound XATransaction, transacted inbound delivery) and recovery.
     */
    public ApogeeXAConnectionFactory newConnectionFactory(boolean withClientId) throws JMSException {
        ApogeeXAConnectionFactory factory = new ApogeeXAConnectionFactory(connectionUrl);
        if (user != null) {
            factory.setUser(user);
        }
        if (password != null) {
            factory.setPassword(password);
        }
        if (withClientId && clientId != null) {
            factory.setClientID(clientId);
        }
        if (trustedPackages != null && !trustedPackages.isBlank()) {
            List<String> packages = Arrays.stream(trustedPackages.split(",")).map(String::trim)
                    .filter(p -> !p.isEmpty()).toList();
            factory.setTrustedPackages(packages);
        }
        return factory;
    }

    private static <T> T pick(T mine, T lower) {
        return mine != null ? mine : lower;
    }

    @Override
    public String toString() {
        // Never print the password: these settings end up in deployment logs.
        return "ApogeeSettings[connectionUrl=" + connectionUrl + ", user=" + user + ", clientId=" + clientId
                + ", trustedPackages=" + trustedPackages + ", maxDeliveries=" + maxDeliveries
                + ", deadLetterQueue=" + deadLetterQueue + ", reconnectIntervalMs=" + reconnectIntervalMs + "]";
    }
}

package dev.apogee.jms.jndi;

import dev.apogee.jms.api.ApogeeConnectionFactory;
import dev.apogee.jms.destination.ApogeeQueue;
import dev.apogee.jms.destination.ApogeeTopic;
import dev.apogee.jms.xa.ApogeeXAConnectionFactory;
import jakarta.jms.JMSException;

import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import javax.naming.ConfigurationException;
import javax.naming.Context;
import javax.naming.NamingException;

/**
 * Turns a JNDI environment into the objects a {@link ReadOnlyContext} serves (the scheme is in the package
 * documentation). Pure apart from creating the objects: nothing connects to a broker here.
 */
final class JndiBindings {
    /** Bound when the environment declares no connection factory (plain or XA), like Artemis and ActiveMQ do. */
    static final String DEFAULT_FACTORY_NAME = "ConnectionFactory";
    /** Used when {@code java.naming.provider.url} is not set: {@code bin/apogee-standalone}'s name server. */
    static final String DEFAULT_PROVIDER_URL = "apogee://127.0.0.1:9876";

    static final String CONNECTION_FACTORY_PREFIX = "connectionfactory.";
    static final String XA_CONNECTION_FACTORY_PREFIX = "xaconnectionfactory.";
    static final String QUEUE_PREFIX = "queue.";
    static final String TOPIC_PREFIX = "topic.";

    private JndiBindings() {
    }

    /** @return JNDI name → object, sorted by name (the order {@code list} reports) */
    static SortedMap<String, Object> from(Map<?, ?> environment, PropertyExpansion expansion) throws NamingException {
        String providerUrl = providerUrl(environment, expansion);
        SortedMap<String, Object> bindings = new TreeMap<>();
        boolean factoryDeclared = false;
        for (Map.Entry<?, ?> entry : environment.entrySet()) {
            if (!(entry.getKey() instanceof String key)) {
                continue;
            }
            String lower = key.toLowerCase(Locale.ROOT);
            if (lower.startsWith(CONNECTION_FACTORY_PREFIX) || lower.startsWith(XA_CONNECTION_FACTORY_PREFIX)) {
                boolean xa = lower.startsWith(XA_CONNECTION_FACTORY_PREFIX);
                String url = factoryUrl(expand(key, entry.getValue(), expansion), providerUrl);
                bind(bindings, key, xa ? XA_CONNECTION_FACTORY_PREFIX : CONNECTION_FACTORY_PREFIX,
                        connectionFactory(key, url, xa));
                factoryDeclared = true;
            } else if (lower.startsWith(QUEUE_PREFIX)) {
                String name = destinationName(key, QUEUE_PREFIX, expand(key, entry.getValue(), expansion));
                bind(bindings, key, QUEUE_PREFIX, queue(key, name));
            } else if (lower.startsWith(TOPIC_PREFIX)) {
                String name = destinationName(key, TOPIC_PREFIX, expand(key, entry.getValue(), expansion));
                bind(bindings, key, TOPIC_PREFIX, topic(key, name));
            }
        }
        if (!factoryDeclared && !bindings.containsKey(DEFAULT_FACTORY_NAME)) {
            bindings.put(DEFAULT_FACTORY_NAME, connectionFactory(Context.PROVIDER_URL, providerUrl, false));
        }
        return Collections.unmodifiableSortedMap(bindings);
    }

    /**
     * A connection factory value: a full {@code apogee://} URL; empty for the provider URL; or {@code ?options} for
     * the provider URL with these options added (so host lists live in one place).
     */
    static String factoryUrl(String value, String providerUrl) {
        String trimmed = value.trim();
        if (trimmed.isEmpty()) {
            return providerUrl;
        }
        if (trimmed.startsWith("?")) {
            return providerUrl + (providerUrl.contains("?") ? "&" + trimmed.substring(1) : trimmed);
        }
        return trimmed;
    }

    private static String providerUrl(Map<?, ?> environment, PropertyExpansion expansion) throws NamingException {
        Object value = environment.get(Context.PROVIDER_URL);
        if (value == null) {
            return DEFAULT_PROVIDER_URL;
        }
        String url = expand(Context.PROVIDER_URL, value, expansion).trim();
        return url.isEmpty() ? DEFAULT_PROVIDER_URL : url;
    }

    private static String expand(String key, Object value, PropertyExpansion expansion) throws NamingException {
        if (!(value instanceof String text)) {
            throw new ConfigurationException("JNDI property '" + key + "' must be a String, got "
                    + (value == null ? "null" : value.getClass().getName()));
        }
        return expansion.expand(key, text);
    }

    /** An empty value names the destination after its JNDI name ({@code queue.Orders=}). */
    private static String destinationName(String key, String prefix, String value) {
        String trimmed = value.trim();
        return trimmed.isEmpty() ? key.substring(prefix.length()) : trimmed;
    }

    private static void bind(Map<String, Object> bindings, String key, String prefix, Object value)
            throws ConfigurationException {
        String jndiName = key.substring(prefix.length());
        if (jndiName.isEmpty()) {
            throw new ConfigurationException("JNDI property '" + key + "' has no JNDI name after '" + prefix + "'");
        }
        Object previous = bindings.putIfAbsent(jndiName, value);
        if (previous != null) {
            throw new ConfigurationException("JNDI property '" + key + "': the name '" + jndiName
                    + "' is already bound to " + previous);
        }
    }

    private static ApogeeConnectionFactory connectionFactory(String key, String url, boolean xa)
            throws ConfigurationException {
        try {
            return xa ? new ApogeeXAConnectionFactory(url) : new ApogeeConnectionFactory(url);
        } catch (JMSException e) {
            throw configurationError(key, "bad connection factory URL '" + url + "': " + e.getMessage(), e);
        }
    }

    private static ApogeeQueue queue(String key, String name) throws ConfigurationException {
        try {
            return new ApogeeQueue(name);
        } catch (JMSException e) {
            throw configurationError(key, e.getMessage(), e);
        }
    }

    private static ApogeeTopic topic(String key, String name) throws ConfigurationException {
        try {
            return new ApogeeTopic(name);
        } catch (JMSException e) {
            throw configurationError(key, e.getMessage(), e);
        }
    }

    private static ConfigurationException configurationError(String key, String message, Exception cause) {
        ConfigurationException error = new ConfigurationException("JNDI property '" + key + "': " + message);
        error.setRootCause(cause);
        return error;
    }
}

package dev.apogee.jms.jndi;

import java.util.Locale;
import java.util.function.UnaryOperator;
import javax.naming.ConfigurationException;

/**
 * Expands {@code ${name}} and {@code ${name:-default}} in JNDI property values, so one {@code jndi.properties} can be
 * pointed at another broker from the command line ({@code -Dapogee.url=apogee://host:9876}) or the environment
 * ({@code APOGEE_URL}) without editing it. A reference that resolves to nothing and has no default is an error: a
 * silently empty URL would only fail later, far from its cause.
 */
final class PropertyExpansion {
    private final UnaryOperator<String> resolver;

    /** @param resolver the value of a variable, or null when it is not set */
    PropertyExpansion(UnaryOperator<String> resolver) {
        this.resolver = resolver;
    }

    /** Resolves from system properties first, then from environment variables ({@code a.b} → {@code A_B}). */
    static PropertyExpansion system() {
        return new PropertyExpansion(name -> {
            String value = System.getProperty(name);
            return value != null ? value : System.getenv(name.toUpperCase(Locale.ROOT).replace('.', '_'));
        });
    }

    /** @param key the property being expanded, for the error message */
    String expand(String key, String value) throws ConfigurationException {
        StringBuilder out = new StringBuilder(value.length());
        int from = 0;
        while (true) {
            int start = value.indexOf("${", from);
            if (start < 0) {
                return out.append(value, from, value.length()).toString();
            }
            int end = value.indexOf('}', start + 2);
            if (end < 0) {
                throw new ConfigurationException("JNDI property '" + key + "': unterminated ${ in '" + value + "'");
            }
            out.append(value, from, start).append(resolve(key, value.substring(start + 2, end)));
            from = end + 1;
        }
    }

    private String resolve(String key, String reference) throws ConfigurationException {
        int sep = reference.indexOf(":-");
        String name = sep < 0 ? reference : reference.substring(0, sep);
        String resolved = name.isEmpty() ? null : resolver.apply(name);
        if (resolved != null && !resolved.isEmpty()) {
            return resolved;
        }
        if (sep >= 0) {
            return reference.substring(sep + 2);
        }
        throw new ConfigurationException("JNDI property '" + key + "' refers to ${" + name
                + "}, which is neither a system property nor an environment variable; set it or write ${" + name
                + ":-default}");
    }
}

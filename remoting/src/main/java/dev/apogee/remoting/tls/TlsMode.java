package dev.apogee.remoting.tls;

/**
 * How a server treats TLS, named like the official {@code tls.server.mode}: {@link #DISABLED} plaintext only,
 * {@link #PERMISSIVE} both on one port (chosen per connection from its first byte), {@link #ENFORCING} TLS only
 * (a plaintext connection is closed).
 */
public enum TlsMode {
    DISABLED,
    PERMISSIVE,
    ENFORCING;

    /** Parses {@code disabled|permissive|enforcing}, case-insensitively. */
    public static TlsMode parse(String text) {
        for (TlsMode mode : values()) {
            if (mode.name().equalsIgnoreCase(text == null ? "" : text.trim())) {
                return mode;
            }
        }
        throw new IllegalArgumentException("unknown TLS mode '" + text + "' (disabled, permissive or enforcing)");
    }
}

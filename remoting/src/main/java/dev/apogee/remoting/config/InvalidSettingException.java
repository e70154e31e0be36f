package dev.apogee.remoting.config;

/**
 * A setting's value was refused. The message is the one line an operator sees: the key, the value as written and
 * what is allowed, e.g. {@code bad value 'SYNC' for flushDiskType (allowed: ASYNC_FLUSH, SYNC_FLUSH)}.
 */
public final class InvalidSettingException extends IllegalArgumentException {
    private final String key;
    private final String value;
    private final String allowed;

    public InvalidSettingException(String key, String value, String allowed) {
        super("bad value '" + value + "' for " + key + " (allowed: " + allowed + ")");
        this.key = key;
        this.value = value;
        this.allowed = allowed;
    }

    public String key() {
        return key;
    }

    public String value() {
        return value;
    }

    public String allowed() {
        return allowed;
    }
}

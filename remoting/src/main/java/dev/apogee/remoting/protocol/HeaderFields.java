package dev.apogee.remoting.protocol;

import java.util.Map;

/**
 * Typed read access to a command's extFields. The {@code require*} methods throw {@link RemotingCommandException}
 * naming the field and the command when a field is missing or unparsable; the transport answers such a request with
 * an error response instead of letting the exception reach the event loop.
 */
public final class HeaderFields {
    private final RemotingCommand command;
    private final Map<String, String> fields;

    HeaderFields(RemotingCommand command) {
        this.command = command;
        this.fields = command.extFields();
    }

    public String optionalString(String key) {
        return fields == null ? null : fields.get(key);
    }

    public String requireString(String key) {
        String value = optionalString(key);
        if (value == null) {
            throw missing(key);
        }
        return value;
    }

    public int requireInt(String key) {
        return parseInt(key, requireString(key));
    }

    public long requireLong(String key) {
        return parseLong(key, requireString(key));
    }

    public boolean requireBoolean(String key) {
        return Boolean.parseBoolean(requireString(key));
    }

    public Integer optionalInt(String key) {
        String value = optionalString(key);
        return value == null ? null : parseInt(key, value);
    }

    public int optionalInt(String key, int defaultValue) {
        String value = optionalString(key);
        return value == null ? defaultValue : parseInt(key, value);
    }

    public Long optionalLong(String key) {
        String value = optionalString(key);
        return value == null ? null : parseLong(key, value);
    }

    public long optionalLong(String key, long defaultValue) {
        String value = optionalString(key);
        return value == null ? defaultValue : parseLong(key, value);
    }

    public Boolean optionalBoolean(String key) {
        String value = optionalString(key);
        return value == null ? null : Boolean.parseBoolean(value);
    }

    public boolean optionalBoolean(String key, boolean defaultValue) {
        String value = optionalString(key);
        return value == null ? defaultValue : Boolean.parseBoolean(value);
    }

    private int parseInt(String key, String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw unparsable(key, value, "an int");
        }
    }

    private long parseLong(String key, String value) {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw unparsable(key, value, "a long");
        }
    }

    private RemotingCommandException missing(String key) {
        return new RemotingCommandException(
                "the custom header field '" + key + "' is required for request code " + command.code() + " but missing");
    }

    private RemotingCommandException unparsable(String key, String value, String type) {
        String shown = value.length() > 64 ? value.substring(0, 64) + "..." : value;
        return new RemotingCommandException("the custom header field '" + key + "' of request code " + command.code()
                + " must be " + type + ", got '" + shown + "'");
    }
}

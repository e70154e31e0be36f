package dev.apogee.remoting.protocol;

import java.util.Map;

/**
 * A typed command header. Writes its non-null fields into {@code extFields} as strings, the way the official
 * encoder does ({@code String.valueOf}, enums by name, nulls omitted). Reading is the job of a static factory on each
 * header type taking {@link HeaderFields}, so that required-field checks produce clear errors.
 */
@FunctionalInterface
public interface CommandHeader {
    void writeTo(Map<String, String> extFields);

    /** Puts {@code value} when it is not null. */
    static void put(Map<String, String> extFields, String key, Object value) {
        if (value != null) {
            extFields.put(key, String.valueOf(value));
        }
    }
}

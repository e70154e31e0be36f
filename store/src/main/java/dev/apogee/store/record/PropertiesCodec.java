package dev.apogee.store.record;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code name\u0001value\u0002...} properties string (protocol doc section 4.3).
 *
 * <p>Parse rule of the Java client: split on {@code \u0002}; a segment counts only when it holds a {@code \u0001}
 * that is neither its first nor its last character, so empty keys and empty values are dropped; the trailing
 * separator is optional; later duplicates win. {@link #get} applies the same rule without building a map, for the
 * store's per-message look-ups of {@code TAGS}, {@code KEYS}, {@code UNIQ_KEY} and {@code WAIT}.
 */
public final class PropertiesCodec {
    public static final char NAME_VALUE_SEPARATOR = '\u0001';
    public static final char PROPERTY_SEPARATOR = '\u0002';

    private PropertiesCodec() {
    }

    /** Parses a properties string; never returns null. */
    public static Map<String, String> decode(String properties) {
        Map<String, String> map = new LinkedHashMap<>();
        forEachValidPair(properties, (start, sep, end) -> map.put(properties.substring(start, sep),
                properties.substring(sep + 1, end)));
        return map;
    }

    /** Receives one valid pair: name at [start, sep), value at (sep, end). */
    @FunctionalInterface
    private interface PairVisitor {
        void visit(int start, int sep, int end);
    }

    /** Calls {@code visitor} for each pair the parse rule keeps, in order. */
    private static void forEachValidPair(String properties, PairVisitor visitor) {
        if (properties == null || properties.isEmpty()) {
            return;
        }
        int start = 0;
        int len = properties.length();
        while (start < len) {
            int end = properties.indexOf(PROPERTY_SEPARATOR, start);
            if (end < 0) {
                end = len;
            }
            int sep = properties.indexOf(NAME_VALUE_SEPARATOR, start);
            if (sep > start && sep < end - 1) {
                visitor.visit(start, sep, end);
            }
            start = end + 1;
        }
    }

    /** Writes the 5.x form: every pair followed by {@code \u0002}; empty names or values are skipped. */
    public static String encode(Map<String, String> properties) {
        int size = 0;
        for (Map.Entry<String, String> e : properties.entrySet()) { // sized once: growing it cost more than the copy
            String name = e.getKey();
            String value = e.getValue();
            size += (name == null ? 0 : name.length()) + (value == null ? 0 : value.length()) + 2;
        }
        StringBuilder sb = new StringBuilder(size);
        for (Map.Entry<String, String> e : properties.entrySet()) {
            String name = e.getKey();
            String value = e.getValue();
            if (name == null || name.isEmpty() || value == null || value.isEmpty()) {
                continue;
            }
            sb.append(name).append(NAME_VALUE_SEPARATOR).append(value).append(PROPERTY_SEPARATOR);
        }
        return sb.toString();
    }

    /**
     * {@code properties} without the pairs named in {@code names}, in the 5.x form; the other valid pairs keep their
     * order (segments the parse rule drops are dropped). Works on the string, without building a map.
     */
    public static String without(String properties, String... names) {
        if (properties == null || properties.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder(properties.length() + 1);
        forEachValidPair(properties, (start, sep, end) -> {
            if (!named(properties, start, sep, names)) {
                sb.append(properties, start, end).append(PROPERTY_SEPARATOR);
            }
        });
        return sb.toString();
    }

    private static boolean named(String properties, int start, int sep, String[] names) {
        for (String name : names) {
            if (name.length() == sep - start && properties.regionMatches(start, name, 0, name.length())) {
                return true;
            }
        }
        return false;
    }

    /** Value of the last valid pair named {@code name}, or null. Allocates only the returned string. */
    public static String get(String properties, String name) {
        if (properties == null || properties.isEmpty()) {
            return null;
        }
        int len = properties.length();
        int nameLen = name.length();
        int start = 0;
        int foundStart = -1;
        int foundEnd = -1;
        while (start < len) {
            int end = properties.indexOf(PROPERTY_SEPARATOR, start);
            if (end < 0) {
                end = len;
            }
            int sep = start + nameLen;
            if (sep < end - 1 && nameLen > 0 && properties.charAt(sep) == NAME_VALUE_SEPARATOR
                    && properties.regionMatches(start, name, 0, nameLen)) {
                foundStart = sep + 1;
                foundEnd = end;
            }
            start = end + 1;
        }
        return foundStart < 0 ? null : properties.substring(foundStart, foundEnd);
    }

    /**
     * Java {@code String.hashCode()} of the TAGS value, 0 when there is none (protocol doc section 4.8) — unless the
     * record carries {@link MessageProperty#STORE_TAGS_CODE}, a decimal long the broker sets on system records whose
     * consume-queue entry must carry something else (a timer message's due time), so that rebuilding the broker's
     * timer wheel reads only consume-queue entries, never the commit log.
     */
    public static long tagsCode(String properties) {
        if (properties == null || properties.isEmpty()) {
            return 0L;
        }
        if (properties.indexOf(MessageProperty.STORE_TAGS_CODE) >= 0) {
            String override = get(properties, MessageProperty.STORE_TAGS_CODE);
            if (override != null) {
                try {
                    return Long.parseLong(override);
                } catch (NumberFormatException e) {
                    // not a number: fall back to the tag hash
                }
            }
        }
        String tags = get(properties, MessageProperty.TAGS);
        return tags == null ? 0L : tags.hashCode();
    }
}

package dev.apogee.client.message;

import dev.apogee.remoting.codec.Utf8;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * The properties string (section 4.3): {@code name\u0001value\u0002} per pair, a separator after every pair as the
 * 5.3.3 client writes it. Decoding follows the official parser: empty names or values are dropped, later duplicates
 * win, a missing final separator is accepted.
 */
public final class PropertiesCodec {
    public static final char NAME_VALUE_SEPARATOR = '\u0001';
    public static final char PROPERTY_SEPARATOR = '\u0002';
    private static final String[] NO_NAMES = {};

    private PropertiesCodec() {
    }

    public static String encode(Map<String, String> properties) {
        if (properties == null || properties.isEmpty()) {
            return "";
        }
        int[] length = {0};
        properties.forEach((name, value) -> { // forEach: no entry objects from a compact map
            if (value != null) {
                length[0] += name.length() + value.length() + 2;
            }
        });
        StringBuilder sb = new StringBuilder(length[0]); // sized once: a send's properties run to several hundred chars
        properties.forEach((name, value) -> {
            if (value != null) {
                sb.append(name).append(NAME_VALUE_SEPARATOR).append(value).append(PROPERTY_SEPARATOR);
            }
        });
        return sb.toString();
    }

    /**
     * {@link #encode}'s result as UTF-8 bytes, written straight into one exactly sized array (no StringBuilder and
     * String on the way: a send's properties run to several hundred chars, copied twice more otherwise).
     */
    public static byte[] encodeUtf8(Map<String, String> properties) {
        byte[] out = new byte[encodedLength(properties)];
        encodeUtf8(properties, ByteBuffer.wrap(out));
        return out;
    }

    /**
     * Writes {@link #encodeUtf8}'s bytes straight into {@code out} (heap or direct, with room for
     * {@link #encodedLength} more bytes) at its position, and advances it: no intermediate array per message.
     */
    public static void encodeUtf8(Map<String, String> properties, ByteBuffer out) {
        if (properties == null || properties.isEmpty()) {
            return;
        }
        properties.forEach((name, value) -> {
            if (value != null) {
                Utf8.put(out, name);
                out.put((byte) NAME_VALUE_SEPARATOR);
                Utf8.put(out, value);
                out.put((byte) PROPERTY_SEPARATOR);
            }
        });
    }

    /** The UTF-8 length of {@link #encode}'s result, without building it (checked on every send). */
    public static int encodedLength(Map<String, String> properties) {
        if (properties == null) {
            return 0;
        }
        int[] length = {0};
        properties.forEach((name, value) -> {
            if (value != null) {
                length[0] += Utf8.length(name) + Utf8.length(value) + 2;
            }
        });
        return length[0];
    }

    public static Map<String, String> decode(String properties) {
        Map<String, String> map = new HashMap<>();
        forEachPair(properties, map::put);
        return map;
    }

    /**
     * Hands each pair of {@code properties} to {@code sink} in order, without building a map: a reader that stores
     * them by name gets what {@link #decode} returns (later duplicates overwrite earlier ones).
     */
    public static void forEachPair(String properties, BiConsumer<String, String> sink) {
        forEachPair(properties, NO_NAMES, sink);
    }

    /**
     * {@link #forEachPair(String, BiConsumer)}, handing over a name equal to one of {@code knownNames} as that very
     * instance instead of a copy: a reader that knows the names most messages carry saves a string per pair and
     * looks them up with the hash the instance has already cached.
     */
    public static void forEachPair(String properties, String[] knownNames, BiConsumer<String, String> sink) {
        forEachPair(properties, knownNames, null, sink);
    }

    /**
     * {@link #forEachPair(String, String[], BiConsumer)}, also handing over the value of a known name as the instance
     * {@code lastValues} holds for it (same index as in {@code knownNames}) when it is equal, and keeping each new
     * one there: the messages of one destination repeat most of their values (destination, delivery mode, priority,
     * body kind), so a reader of a stream of them saves a string per repeated pair. {@code lastValues} is a cache of
     * immutable strings: a reader racing another on it sees an older or a newer value, either of which is only used
     * when equal, so it may be shared without a lock. Null: no reuse.
     */
    public static void forEachPair(String properties, String[] knownNames, String[] lastValues,
            BiConsumer<String, String> sink) {
        if (properties == null || properties.isEmpty()) {
            return;
        }
        int length = properties.length();
        int start = 0;
        while (start < length) {
            int end = properties.indexOf(PROPERTY_SEPARATOR, start);
            if (end < 0) {
                end = length;
            }
            int split = properties.indexOf(NAME_VALUE_SEPARATOR, start);
            if (split > start && split < end - 1) {
                int known = knownIndex(properties, start, split, knownNames);
                if (known < 0) {
                    sink.accept(properties.substring(start, split), properties.substring(split + 1, end));
                } else {
                    sink.accept(knownNames[known], lastValues == null ? properties.substring(split + 1, end)
                            : repeated(properties, split + 1, end, lastValues, known));
                }
            }
            start = end + 1;
        }
    }

    private static int knownIndex(String properties, int start, int end, String[] knownNames) {
        int length = end - start;
        for (int i = 0; i < knownNames.length; i++) {
            String known = knownNames[i];
            if (known.length() == length && properties.startsWith(known, start)) {
                return i;
            }
        }
        return -1;
    }

    private static String repeated(String properties, int from, int to, String[] lastValues, int index) {
        String last = lastValues[index];
        if (last != null && last.length() == to - from && properties.startsWith(last, from)) {
            return last;
        }
        String value = properties.substring(from, to);
        lastValues[index] = value;
        return value;
    }

    /** {@code base} followed by {@code pairs} (both encoded), with the separator between them the decoder needs. */
    public static String concat(String base, String pairs) {
        if (base == null || base.isEmpty()) {
            return pairs;
        }
        return base.charAt(base.length() - 1) == PROPERTY_SEPARATOR ? base + pairs
                : base + PROPERTY_SEPARATOR + pairs;
    }
}

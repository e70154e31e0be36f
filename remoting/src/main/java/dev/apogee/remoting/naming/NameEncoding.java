package dev.apogee.remoting.naming;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Maps any name (dots, slashes, colons, spaces, non-ASCII letters …) to a valid RocketMQ topic or group name and
 * back. The rule, documented for operators in {@code jms-provider/MAPPING.md}:
 * <ul>
 *   <li>A name made only of letters {@code a-z A-Z}, digits, {@code %}, {@code _} and {@code -} is its own encoding,
 *       so a native client and a JMS application using the name {@code orders} meet on the topic {@code orders}.</li>
 *   <li>Any other name is written with every other character as {@code |} followed by two upper-case hex digits per
 *       UTF-8 byte: {@code orders.created} is {@code orders|2Ecreated}, {@code ä} is {@code |C3|A4}. The escape
 *       character itself is escaped ({@code a|b} is {@code a|7Cb}): the one valid topic name that does not map to
 *       itself, the price of being collision-free.</li>
 * </ul>
 * An encoding contains {@code |} exactly when the name was escaped, and {@link #decode} accepts only the canonical
 * form {@link #encode} writes, so the mapping is injective: two different names never share a topic or group.
 *
 * <p>{@link #encodeComponent} also escapes {@code _}: a client id encoded this way can be followed by {@code _} and a
 * second name in one group name ({@code JMSD_<client id>_<name>}) without two pairs ever giving the same string.
 *
 * <p>Lengths are counted after encoding: a topic allows {@value #TOPIC_MAX_LENGTH} characters (the CommitLog stores
 * the topic length in one signed byte; the official client and broker refuse longer ones), a consumer group
 * {@value #GROUP_MAX_LENGTH} (the official client's limit). Each escaped UTF-8 byte takes 3 characters.
 */
public final class NameEncoding {
    /** The escape character. */
    public static final char ESCAPE = '|';
    /** Longest topic name the official client and broker accept, and ours. */
    public static final int TOPIC_MAX_LENGTH = 127;
    /** Longest consumer-group name the official client accepts. */
    public static final int GROUP_MAX_LENGTH = 255;

    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private NameEncoding() {
    }

    /** Whether {@code name} is its own encoding: not empty, only letters, digits, {@code %}, {@code _}, {@code -}. */
    public static boolean isPlain(String name) {
        if (name == null || name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            if (!isPlainChar(name.charAt(i), false)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The topic or group name for {@code name}, of any length (the caller checks the limit that applies).
     *
     * @throws IllegalArgumentException for an empty name or one with an unpaired surrogate (not Unicode text)
     */
    public static String encode(String name) {
        return encode(name, false);
    }

    /** Like {@link #encode} but {@code _} is escaped too, so the result can be followed by a {@code _} separator. */
    public static String encodeComponent(String name) {
        return encode(name, true);
    }

    private static String encode(String name, boolean escapeUnderscore) {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("a name must not be null or empty");
        }
        int plain = 0;
        while (plain < name.length() && isPlainChar(name.charAt(plain), escapeUnderscore)) {
            plain++;
        }
        if (plain == name.length()) {
            return name;
        }
        StringBuilder out = new StringBuilder(name.length() + 16).append(name, 0, plain);
        int i = plain;
        while (i < name.length()) {
            char c = name.charAt(i);
            if (isPlainChar(c, escapeUnderscore)) {
                out.append(c);
                i++;
                continue;
            }
            int end = i + (Character.isHighSurrogate(c) ? 2 : 1);
            appendEscaped(out, name, i, Math.min(end, name.length()));
            i = end;
        }
        return out.toString();
    }

    private static void appendEscaped(StringBuilder out, String name, int from, int to) {
        ByteBuffer bytes;
        try {
            bytes = StandardCharsets.UTF_8.newEncoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .encode(CharBuffer.wrap(name, from, to));
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("the name contains an unpaired surrogate at index " + from
                    + " (not Unicode text)", e);
        }
        while (bytes.hasRemaining()) {
            int b = bytes.get() & 0xFF;
            out.append(ESCAPE).append(HEX[b >>> 4]).append(HEX[b & 0xF]);
        }
    }

    /**
     * The name {@code encoded} was made from by {@link #encode}.
     *
     * @throws IllegalArgumentException when {@code encoded} is not such an encoding (a {@code |} not followed by
     *                                  two upper-case hex digits, bytes that are not UTF-8, or an escape where the
     *                                  character needs none)
     */
    public static String decode(String encoded) {
        return required(decodeOrNull(encoded), encoded);
    }

    /** The name {@code encoded} was made from by {@link #encodeComponent}; else as {@link #decode}. */
    public static String decodeComponent(String encoded) {
        return required(canonical(encoded, true), encoded);
    }

    /** The name {@code encoded} encodes ({@link #encode}), or {@code null} when it is not a canonical encoding. */
    public static String decodeOrNull(String encoded) {
        return canonical(encoded, false);
    }

    private static String canonical(String encoded, boolean component) {
        String name = unescape(encoded);
        // Only the canonical form: "|41" would decode to "A", which encodes as "A"; accepting it would let two
        // topics decode to one name.
        return name != null && encoded.equals(encode(name, component)) ? name : null;
    }

    private static String required(String name, String encoded) {
        if (name == null) {
            throw new IllegalArgumentException("'" + encoded + "' is not an encoded name");
        }
        return name;
    }

    /**
     * What an operator should read for a topic or group name: every escape sequence decoded (also inside a group
     * name made of several encoded parts, e.g. {@code JMSD_my|5Fapp_orders|2Ecreated} shows as
     * {@code JMSD_my_app_orders.created}), or the name itself when it holds none or a malformed one.
     */
    public static String display(String encoded) {
        String name = unescape(encoded);
        return name == null ? encoded : name;
    }

    /**
     * For log lines: {@code name}, followed by what it shows as ({@link #display}) in brackets when that differs, e.g.
     * {@code orders|2Ecreated [orders.created]}.
     */
    public static String describe(String name) {
        String shown = display(name);
        return shown == null || shown.equals(name) ? name : name + " [" + shown + "]";
    }

    /** Every {@code |XX} run decoded as UTF-8; null for an empty name or a malformed escape. */
    private static String unescape(String encoded) {
        if (encoded == null || encoded.isEmpty()) {
            return null;
        }
        int first = encoded.indexOf(ESCAPE);
        if (first < 0) {
            return encoded;
        }
        StringBuilder out = new StringBuilder(encoded.length()).append(encoded, 0, first);
        ByteBuffer run = ByteBuffer.allocate(encoded.length() / 3 + 1);
        int i = first;
        while (i < encoded.length()) {
            char c = encoded.charAt(i);
            if (c != ESCAPE) {
                out.append(c);
                i++;
                continue;
            }
            run.clear();
            while (i < encoded.length() && encoded.charAt(i) == ESCAPE) {
                int hi = i + 2 < encoded.length() ? hexValue(encoded.charAt(i + 1)) : -1;
                int lo = hi >= 0 ? hexValue(encoded.charAt(i + 2)) : -1;
                if (lo < 0) {
                    return null;
                }
                run.put((byte) (hi << 4 | lo));
                i += 3;
            }
            run.flip();
            try {
                out.append(StandardCharsets.UTF_8.newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT)
                        .decode(run));
            } catch (CharacterCodingException e) {
                return null;
            }
        }
        return out.toString();
    }

    private static boolean isPlainChar(char c, boolean escapeUnderscore) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '%' || c == '-'
                || c == '_' && !escapeUnderscore;
    }

    private static int hexValue(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        return c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    }
}

package dev.apogee.store.record;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads properties straight from the UTF-8 properties bytes of a stored record, with the parse rule of
 * {@link PropertiesCodec} (bytes 0x01/0x02 never occur inside a multi-byte UTF-8 sequence, so splitting bytes
 * splits characters). Used by the dispatcher so that a record's properties are never decoded into one big string:
 * the TAGS hash of an ASCII tag is computed from the bytes, and only values actually needed become strings.
 *
 * <p>{@link #wrap} copies the properties into a reused array and walks them once, noting where the values the
 * dispatcher reads (tags code, TAGS, KEYS, UNIQ_KEY) are. The dispatcher used to look each of them up with its own
 * walk over the buffer, byte by bounds-checked byte: four walks of a JMS message's ~300 bytes of properties per record,
 * 10 % of a broker's CPU under non-persistent JMS sends (perf, on the putting threads, which dispatch inline).
 *
 * <p>Mutable and confined to one thread.
 */
public final class StoredPropertiesReader {
    private static final byte[] TAGS = ascii(MessageProperty.TAGS);
    private static final byte[] KEYS = ascii(MessageProperty.KEYS);
    private static final byte[] UNIQ_KEY = ascii(MessageProperty.UNIQ_KEY);
    private static final byte[] STORE_TAGS_CODE = ascii(MessageProperty.STORE_TAGS_CODE);
    private static final byte NAME_VALUE = (byte) PropertiesCodec.NAME_VALUE_SEPARATOR;
    private static final byte SEPARATOR = (byte) PropertiesCodec.PROPERTY_SEPARATOR;
    private static final int TAGS_AT = 0;
    private static final int KEYS_AT = 2;
    private static final int UNIQ_KEY_AT = 4;
    private static final int STORE_TAGS_CODE_AT = 6;

    /** The properties of the wrapped record in [0, length); grows to the largest seen (a record's are < 32 KiB). */
    private byte[] bytes = new byte[512];
    private int length;
    /** [start, end) of the last valid value of each name read by the dispatcher, at its *_AT index; -1: none. */
    private final int[] known = new int[8];

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /** Points the reader at {@code length} properties bytes at absolute {@code offset} of {@code buffer}. */
    public StoredPropertiesReader wrap(ByteBuffer buffer, int offset, int length) {
        if (length > bytes.length) {
            bytes = new byte[Math.max(length, 2 * bytes.length)];
        }
        buffer.get(offset, bytes, 0, length);
        this.length = length;
        Arrays.fill(known, -1);
        scanKnown();
        return this;
    }

    /** Value of the last valid pair named {@code name} (ASCII bytes), or null. */
    public String get(byte[] name) {
        int found = -1;
        int foundEnd = -1;
        for (int segment = 0; segment < length; ) {
            int segEnd = indexOf(SEPARATOR, segment, length);
            int sep = indexOf(NAME_VALUE, segment, segEnd);
            if (valid(segment, sep, segEnd) && sep - segment == name.length && nameIs(name, segment)) {
                found = sep + 1;
                foundEnd = segEnd;
            }
            segment = segEnd + 1;
        }
        return found < 0 ? null : string(found, foundEnd);
    }

    /** The KEYS value, or null. */
    public String keys() {
        return value(KEYS_AT);
    }

    /** The UNIQ_KEY value, or null. */
    public String uniqKey() {
        return value(UNIQ_KEY_AT);
    }

    /** Same as {@link PropertiesCodec#tagsCode(String)}, without decoding the whole properties string. */
    public long tagsCode() {
        if (known[STORE_TAGS_CODE_AT] >= 0) {
            long parsed = parseLong(known[STORE_TAGS_CODE_AT], known[STORE_TAGS_CODE_AT + 1]);
            if (parsed != Long.MIN_VALUE) {
                return parsed;
            }
        }
        int from = known[TAGS_AT];
        if (from < 0) {
            return 0L;
        }
        int to = known[TAGS_AT + 1];
        int h = 0;
        for (int i = from; i < to; i++) {
            byte b = bytes[i];
            if (b < 0) {
                return string(from, to).hashCode();
            }
            h = 31 * h + b;
        }
        return h;
    }

    /** One walk over the pairs, noting the last valid value of each name the dispatcher reads. */
    private void scanKnown() {
        for (int segment = 0; segment < length; ) {
            int segEnd = indexOf(SEPARATOR, segment, length);
            int sep = indexOf(NAME_VALUE, segment, segEnd);
            if (valid(segment, sep, segEnd)) {
                int at = knownIndex(segment, sep - segment);
                if (at >= 0) {
                    known[at] = sep + 1;
                    known[at + 1] = segEnd;
                }
            }
            segment = segEnd + 1;
        }
    }

    /** The *_AT index of the name of {@code nameLength} bytes at {@code at}, or -1 for any other name. */
    private int knownIndex(int at, int nameLength) {
        if (nameLength == 4) {
            return nameIs(TAGS, at) ? TAGS_AT : nameIs(KEYS, at) ? KEYS_AT : -1;
        }
        if (nameLength == UNIQ_KEY.length && nameIs(UNIQ_KEY, at)) {
            return UNIQ_KEY_AT;
        }
        return nameLength == STORE_TAGS_CODE.length && nameIs(STORE_TAGS_CODE, at) ? STORE_TAGS_CODE_AT : -1;
    }

    /** A pair with a non-empty name and a non-empty value (the string codec's rule). */
    private static boolean valid(int segment, int sep, int segEnd) {
        return sep > segment && sep < segEnd - 1;
    }

    private String value(int at) {
        return known[at] < 0 ? null : string(known[at], known[at + 1]);
    }

    private boolean nameIs(byte[] name, int at) {
        return Arrays.equals(bytes, at, at + name.length, name, 0, name.length);
    }

    private int indexOf(byte b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return to;
    }

    /** Decimal long in [from, to), or Long.MIN_VALUE when not a number. */
    private long parseLong(int from, int to) {
        boolean negative = from < to && bytes[from] == '-';
        int i = negative ? from + 1 : from;
        if (i >= to || to - i > 18) {
            return Long.MIN_VALUE;
        }
        long v = 0;
        for (; i < to; i++) {
            byte b = bytes[i];
            if (b < '0' || b > '9') {
                return Long.MIN_VALUE;
            }
            v = v * 10 + (b - '0');
        }
        return negative ? -v : v;
    }

    private String string(int from, int to) {
        return new String(bytes, from, to - from, StandardCharsets.UTF_8);
    }
}

package dev.apogee.store.record;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Reads single properties straight from the UTF-8 properties bytes of a stored record, with the parse rule of
 * {@link PropertiesCodec} (bytes 0x01/0x02 never occur inside a multi-byte UTF-8 sequence, so splitting bytes
 * splits characters). Used by the dispatcher so that a record's properties are never decoded into one big string:
 * the TAGS hash of an ASCII tag is computed from the bytes, and only values actually needed become strings.
 * Mutable and confined to one thread.
 */
public final class StoredPropertiesReader {
    private static final byte[] TAGS = ascii(MessageProperty.TAGS);
    private static final byte[] STORE_TAGS_CODE = ascii(MessageProperty.STORE_TAGS_CODE);
    private static final byte NAME_VALUE = (byte) PropertiesCodec.NAME_VALUE_SEPARATOR;
    private static final byte SEPARATOR = (byte) PropertiesCodec.PROPERTY_SEPARATOR;

    private ByteBuffer buffer;
    private int start;
    private int end;
    private int valueStart;
    private int valueEnd;

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /** Points the reader at {@code length} properties bytes at absolute {@code offset} of {@code buffer}. */
    public StoredPropertiesReader wrap(ByteBuffer buffer, int offset, int length) {
        this.buffer = buffer;
        this.start = offset;
        this.end = offset + length;
        return this;
    }

    /** Value of the last valid pair named {@code name} (ASCII bytes), or null. */
    public String get(byte[] name) {
        return find(name) ? string(valueStart, valueEnd) : null;
    }

    /** Same as {@link PropertiesCodec#tagsCode(String)}, without decoding the whole properties string. */
    public long tagsCode() {
        if (find(STORE_TAGS_CODE)) {
            long parsed = parseLong(valueStart, valueEnd);
            if (parsed != Long.MIN_VALUE) {
                return parsed;
            }
        }
        if (!find(TAGS)) {
            return 0L;
        }
        int h = 0;
        for (int i = valueStart; i < valueEnd; i++) {
            byte b = buffer.get(i);
            if (b < 0) {
                return string(valueStart, valueEnd).hashCode();
            }
            h = 31 * h + b;
        }
        return h;
    }

    private boolean find(byte[] name) {
        boolean found = false;
        int segment = start;
        while (segment < end) {
            int segEnd = indexOf(SEPARATOR, segment, end);
            int sep = indexOf(NAME_VALUE, segment, segEnd);
            if (sep > segment && sep < segEnd - 1 && sep - segment == name.length && nameMatches(name, segment)) {
                valueStart = sep + 1;
                valueEnd = segEnd;
                found = true;
            }
            segment = segEnd + 1;
        }
        return found;
    }

    private boolean nameMatches(byte[] name, int at) {
        for (int i = 0; i < name.length; i++) {
            if (buffer.get(at + i) != name[i]) {
                return false;
            }
        }
        return true;
    }

    private int indexOf(byte b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (buffer.get(i) == b) {
                return i;
            }
        }
        return to;
    }

    /** Decimal long in [from, to), or Long.MIN_VALUE when not a number. */
    private long parseLong(int from, int to) {
        boolean negative = from < to && buffer.get(from) == '-';
        int i = negative ? from + 1 : from;
        if (i >= to || to - i > 18) {
            return Long.MIN_VALUE;
        }
        long v = 0;
        for (; i < to; i++) {
            byte b = buffer.get(i);
            if (b < '0' || b > '9') {
                return Long.MIN_VALUE;
            }
            v = v * 10 + (b - '0');
        }
        return negative ? -v : v;
    }

    private String string(int from, int to) {
        byte[] b = new byte[to - from];
        buffer.get(from, b);
        return new String(b, StandardCharsets.UTF_8);
    }
}

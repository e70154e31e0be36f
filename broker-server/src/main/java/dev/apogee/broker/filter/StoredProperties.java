package dev.apogee.broker.filter;

import dev.apogee.remoting.selector.ValueResolver;
import dev.apogee.store.record.MessageRecordFlyweight;
import dev.apogee.store.record.PropertiesCodec;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The properties section of one stored record, as selector values: each property the expression names is found by
 * comparing bytes in the {@code name\u0001value\u0002} list and decoded (to a String) only when first asked for;
 * the body and the other properties are never decoded. Follows {@link PropertiesCodec}'s rules: empty names and
 * values do not count, a later duplicate wins. A record whose lengths do not fit its buffer reads as having no
 * properties. Reused across the records of one pull by one thread.
 */
final class StoredProperties implements ValueResolver {
    private static final byte NAME_VALUE_SEPARATOR = (byte) PropertiesCodec.NAME_VALUE_SEPARATOR;
    private static final byte PROPERTY_SEPARATOR = (byte) PropertiesCodec.PROPERTY_SEPARATOR;

    private final CompiledExpression expression;
    private final MessageRecordFlyweight record = new MessageRecordFlyweight();
    private final String[] values;
    private final boolean[] resolved;
    private ByteBuffer buffer;
    private int start;
    private int end;
    private long bornTimestamp;
    private byte[] scratch = new byte[64];

    StoredProperties(CompiledExpression expression) {
        this.expression = expression;
        this.values = new String[expression.nameCount()];
        this.resolved = new boolean[expression.nameCount()];
    }

    /** Points at the record starting at {@code storedRecord}'s position, forgetting the previous one's values. */
    void wrap(ByteBuffer storedRecord) {
        buffer = storedRecord;
        Arrays.fill(resolved, false);
        int base = storedRecord.position();
        int size = storedRecord.limit() - base;
        start = 0;
        end = 0;
        bornTimestamp = 0;
        if (size < MessageRecordFlyweight.MIN_RECORD_SIZE) {
            return;
        }
        record.wrap(storedRecord, base);
        bornTimestamp = record.bornTimestamp();
        if (record.bodyLengthOffset() + 4 > size) {
            return;
        }
        int bodyLength = record.bodyLength();
        if (bodyLength < 0 || bodyLength > size - record.bodyOffset() - 3) {
            return;
        }
        int lengthOffset = record.propertiesLengthOffset();
        if (lengthOffset + 2 > size || lengthOffset + 2 + record.propertiesLength() > size) {
            return;
        }
        start = base + lengthOffset + 2;
        end = start + record.propertiesLength();
    }

    /** The record's born timestamp, 0 for a record too short to have one. */
    long bornTimestamp() {
        return bornTimestamp;
    }

    @Override
    public Object get(String identifier) {
        int index = expression.indexOf(identifier);
        if (index < 0) {
            return null;
        }
        if (!resolved[index]) {
            values[index] = find(expression.encodedName(index));
            resolved[index] = true;
        }
        return values[index];
    }

    private String find(byte[] name) {
        int k = name.length;
        if (k == 0 || contains(name, NAME_VALUE_SEPARATOR) || contains(name, PROPERTY_SEPARATOR)) {
            return null;
        }
        int valueStart = -1;
        int valueEnd = -1;
        int segment = start;
        while (segment < end) {
            int segmentEnd = indexOf(PROPERTY_SEPARATOR, segment);
            // The name has no separator byte, so a match here is also the segment's first NAME_VALUE_SEPARATOR.
            if (segmentEnd - segment > k + 1 && buffer.get(segment + k) == NAME_VALUE_SEPARATOR
                    && regionEquals(segment, name)) {
                valueStart = segment + k + 1;
                valueEnd = segmentEnd;
            }
            segment = segmentEnd + 1;
        }
        return valueStart < 0 ? null : decode(valueStart, valueEnd - valueStart);
    }

    private int indexOf(byte b, int from) {
        for (int i = from; i < end; i++) {
            if (buffer.get(i) == b) {
                return i;
            }
        }
        return end;
    }

    private boolean regionEquals(int at, byte[] name) {
        for (int i = 0; i < name.length; i++) {
            if (buffer.get(at + i) != name[i]) {
                return false;
            }
        }
        return true;
    }

    private String decode(int at, int length) {
        if (buffer.hasArray()) {
            return new String(buffer.array(), buffer.arrayOffset() + at, length, StandardCharsets.UTF_8);
        }
        if (scratch.length < length) {
            scratch = new byte[Math.max(length, scratch.length * 2)];
        }
        buffer.get(at, scratch, 0, length);
        return new String(scratch, 0, length, StandardCharsets.UTF_8);
    }

    private static boolean contains(byte[] bytes, byte b) {
        for (byte x : bytes) {
            if (x == b) {
                return true;
            }
        }
        return false;
    }
}

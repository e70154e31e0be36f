package dev.apogee.store.record;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/**
 * The whole-record CRC, kept as the record's last property in the form Apache RocketMQ 5 writes when
 * {@code enabledAppendPropCRC} is on: {@code __CRC32#}, {@code \u0001}, ten decimal digits of the CRC32 (masked to
 * 31 bits) least significant first, {@code \u0002}. It covers every byte of the record before the property, so that
 * recovery can tell a record whose header (topic, queue id, queue offset, properties) was torn or corrupted from a
 * whole one; the body CRC alone covers only the body. Stateless; the CRC work uses a per-thread {@link CRC32}.
 */
public final class RecordCrc {
    /** The property name (a RocketMQ system property: clients do not show it as user data). */
    public static final String PROPERTY = "__CRC32#";
    private static final byte[] PREFIX = (PROPERTY + PropertiesCodec.NAME_VALUE_SEPARATOR)
            .getBytes(StandardCharsets.US_ASCII);
    private static final int DIGITS = 10;
    /** Bytes the property takes at the end of the record. */
    public static final int RESERVED_LENGTH = PREFIX.length + DIGITS + 1;
    private static final ThreadLocal<CRC32> CRC = ThreadLocal.withInitial(CRC32::new);

    /** What {@link #verify} found. */
    public enum Check {
        /** The record ends with a CRC property that matches its bytes. */
        MATCH,
        /** The record has no CRC property (written with the CRC off, or by an older store). */
        ABSENT,
        /** The record ends with a CRC property that does not match: torn or corrupted. */
        MISMATCH
    }

    private RecordCrc() {
    }

    /**
     * Writes the CRC property into the last {@link #RESERVED_LENGTH} bytes of the {@code size}-byte record at
     * {@code at}, over the bytes before it (all of which must already be written).
     */
    public static void seal(ByteBuffer target, int at, int size) {
        int covered = size - RESERVED_LENGTH;
        int value = crc(target, at, covered);
        int p = at + covered;
        target.put(p, PREFIX);
        p += PREFIX.length;
        for (int i = 0; i < DIGITS; i++) {
            target.put(p + i, (byte) ('0' + value % 10));
            value /= 10;
        }
        target.put(p + DIGITS, (byte) PropertiesCodec.PROPERTY_SEPARATOR);
    }

    /** Checks the {@code size}-byte record at {@code at} whose properties are {@code propertiesLength} bytes. */
    public static Check verify(ByteBuffer record, int at, int size, int propertiesLength) {
        if (propertiesLength < RESERVED_LENGTH) {
            return Check.ABSENT;
        }
        int p = at + size - RESERVED_LENGTH;
        for (int i = 0; i < PREFIX.length; i++) {
            if (record.get(p + i) != PREFIX[i]) {
                return Check.ABSENT;
            }
        }
        p += PREFIX.length;
        long stored = 0;
        for (int i = DIGITS - 1; i >= 0; i--) {
            int digit = record.get(p + i) - '0';
            if (digit < 0 || digit > 9) {
                return Check.MISMATCH;
            }
            stored = stored * 10 + digit;
        }
        if (record.get(p + DIGITS) != PropertiesCodec.PROPERTY_SEPARATOR) {
            return Check.MISMATCH;
        }
        return stored == crc(record, at, size - RESERVED_LENGTH) ? Check.MATCH : Check.MISMATCH;
    }

    /**
     * {@code properties} ready to be followed by the CRC property: an existing CRC property (a stored message being
     * stored again: retry, schedule, transaction commit) is dropped, and a missing final separator is added so that
     * the last pair keeps its value.
     */
    public static String withoutCrc(String properties) {
        String p = properties;
        int at = p.indexOf(PROPERTY);
        if (at >= 0 && (at == 0 || p.charAt(at - 1) == PropertiesCodec.PROPERTY_SEPARATOR)) {
            int end = p.indexOf(PropertiesCodec.PROPERTY_SEPARATOR, at);
            p = end < 0 ? p.substring(0, at) : p.substring(0, at) + p.substring(end + 1);
        }
        if (!p.isEmpty() && p.charAt(p.length() - 1) != PropertiesCodec.PROPERTY_SEPARATOR) {
            p = p + PropertiesCodec.PROPERTY_SEPARATOR;
        }
        return p;
    }

    private static int crc(ByteBuffer buffer, int from, int length) {
        ByteBuffer view = buffer.duplicate();
        view.limit(from + length).position(from);
        CRC32 crc = CRC.get();
        crc.reset();
        crc.update(view);
        return (int) crc.getValue() & 0x7FFFFFFF;
    }
}

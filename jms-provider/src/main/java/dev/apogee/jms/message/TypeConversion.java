package dev.apogee.jms.message;

import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import jakarta.jms.MessageFormatException;

/**
 * The conversion tables of Jakarta Messaging 3.1: §3.5.4 (properties) and §3.11.3 (MapMessage and StreamMessage,
 * which add {@code char} and {@code byte[]}). A row is the stored type, a column the getter; every cell not listed
 * throws {@link MessageFormatException}. String→numeric uses the wrapper's {@code valueOf}, so an unparsable string
 * throws {@link NumberFormatException}; a missing (null) value reads as {@code null} for String and byte[],
 * {@code false} for boolean ({@code Boolean.valueOf(null)}), and throws what the wrapper's {@code valueOf(null)}
 * throws: {@link NumberFormatException} for byte, short, int and long, {@link NullPointerException} for float, double
 * ({@code Float.valueOf(null)}, {@code Double.valueOf(null)}) and char.
 */
final class TypeConversion {
    private TypeConversion() {
    }

    static boolean toBoolean(Object v) throws MessageFormatException {
        if (v instanceof Boolean b) {
            return b;
        }
        if (v == null || v instanceof String) {
            return Boolean.parseBoolean((String) v);
        }
        throw mismatch(v, "boolean");
    }

    static byte toByte(Object v) throws MessageFormatException {
        if (v instanceof Byte b) {
            return b;
        }
        if (v == null || v instanceof String) {
            return Byte.parseByte(numeric(v));
        }
        throw mismatch(v, "byte");
    }

    static short toShort(Object v) throws MessageFormatException {
        if (v instanceof Short || v instanceof Byte) {
            return ((Number) v).shortValue();
        }
        if (v == null || v instanceof String) {
            return Short.parseShort(numeric(v));
        }
        throw mismatch(v, "short");
    }

    static int toInt(Object v) throws MessageFormatException {
        if (v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return ((Number) v).intValue();
        }
        if (v == null || v instanceof String) {
            return Integer.parseInt(numeric(v));
        }
        throw mismatch(v, "int");
    }

    static long toLong(Object v) throws MessageFormatException {
        if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return ((Number) v).longValue();
        }
        if (v == null || v instanceof String) {
            return Long.parseLong(numeric(v));
        }
        throw mismatch(v, "long");
    }

    static float toFloat(Object v) throws MessageFormatException {
        if (v instanceof Float f) {
            return f;
        }
        if (v == null || v instanceof String) {
            return Float.parseFloat(floating(v));
        }
        throw mismatch(v, "float");
    }

    static double toDouble(Object v) throws MessageFormatException {
        if (v instanceof Double || v instanceof Float) {
            return ((Number) v).doubleValue();
        }
        if (v == null || v instanceof String) {
            return Double.parseDouble(floating(v));
        }
        throw mismatch(v, "double");
    }

    /** Map/Stream only: char reads only a stored char; a missing value throws NullPointerException. */
    static char toChar(Object v) throws MessageFormatException {
        if (v instanceof Character c) {
            return c;
        }
        if (v == null) {
            throw new NullPointerException("no char value (null)");
        }
        throw mismatch(v, "char");
    }

    static String toStringValue(Object v) throws MessageFormatException {
        if (v instanceof byte[]) {
            throw mismatch(v, "String");
        }
        return v == null ? null : v.toString();
    }

    /** Map/Stream only: byte[] reads only a stored byte[] (returned as is; callers copy). */
    static byte[] toBytes(Object v) throws MessageFormatException {
        if (v == null || v instanceof byte[]) {
            return (byte[]) v;
        }
        throw mismatch(v, "byte[]");
    }

    /** Whether {@code v} is a valid property value (§3.5.2): a boxed primitive other than Character, or a String. */
    static boolean isPropertyType(Object v) {
        return v instanceof Boolean || v instanceof Byte || v instanceof Short || v instanceof Integer
                || v instanceof Long || v instanceof Float || v instanceof Double || v instanceof String;
    }

    /** Whether {@code v} is a valid MapMessage/StreamMessage value (§3.11.3): property types plus Character, byte[]. */
    static boolean isBodyValueType(Object v) {
        return isPropertyType(v) || v instanceof Character || v instanceof byte[];
    }

    /** Integral getters: {@code Byte/Short/Integer/Long.valueOf(null)} throw NumberFormatException (§3.5.8). */
    private static String numeric(Object v) {
        if (v == null) {
            throw new NumberFormatException("null");
        }
        return (String) v;
    }

    /** Floating-point getters: {@code Float/Double.valueOf(null)} throw NullPointerException (§3.5.8). */
    private static String floating(Object v) {
        if (v == null) {
            throw new NullPointerException("no value (null): Float/Double.valueOf(null)");
        }
        return (String) v;
    }

    private static MessageFormatException mismatch(Object v, String target) {
        return (MessageFormatException) JmsExceptions.create(ErrorCode.CONVERSION,
                "cannot convert a " + typeName(v) + " value to " + target);
    }

    static String typeName(Object v) {
        if (v == null) {
            return "null";
        }
        return v instanceof byte[] ? "byte[]" : v.getClass().getSimpleName();
    }
}

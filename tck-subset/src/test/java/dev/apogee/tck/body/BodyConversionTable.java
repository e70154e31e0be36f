package dev.apogee.tck.body;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/**
 * The MapMessage / StreamMessage conversion table of Jakarta Messaging 3.1 §3.11.3 (rows: written type; columns:
 * read method), shared by {@link MapMessageSpecTest} and {@link StreamMessageSpecTest}.
 */
final class BodyConversionTable {
    enum T { BOOLEAN, BYTE, SHORT, CHAR, INT, LONG, FLOAT, DOUBLE, STRING, BYTES }

    private BodyConversionTable() {
    }

    static Set<T> readable(T written) {
        return switch (written) {
            case BOOLEAN -> Set.of(T.BOOLEAN, T.STRING);
            case BYTE -> Set.of(T.BYTE, T.SHORT, T.INT, T.LONG, T.STRING);
            case SHORT -> Set.of(T.SHORT, T.INT, T.LONG, T.STRING);
            case CHAR -> Set.of(T.CHAR, T.STRING);
            case INT -> Set.of(T.INT, T.LONG, T.STRING);
            case LONG -> Set.of(T.LONG, T.STRING);
            case FLOAT -> Set.of(T.FLOAT, T.DOUBLE, T.STRING);
            case DOUBLE -> Set.of(T.DOUBLE, T.STRING);
            case STRING -> Set.of(T.BOOLEAN, T.BYTE, T.SHORT, T.INT, T.LONG, T.FLOAT, T.DOUBLE, T.STRING);
            case BYTES -> Set.of(T.BYTES);
        };
    }

    static Object sample(T written, T column) {
        return switch (written) {
            case BOOLEAN -> true;
            case BYTE -> (byte) -7;
            case SHORT -> (short) 300;
            case CHAR -> 'ß';
            case INT -> 70_000;
            case LONG -> 5_000_000_000L;
            case FLOAT -> 1.5f;
            case DOUBLE -> 2.25d;
            case STRING -> switch (column) {
                case BOOLEAN -> "TRUE";
                case FLOAT, DOUBLE -> "-1.5";
                case STRING -> "∑ text";
                default -> "-12";
            };
            case BYTES -> new byte[] {1, 2, 3};
        };
    }

    static Object expected(Object value, T column) {
        if (column == T.STRING) {
            return String.valueOf(value);
        }
        if (column == T.BYTES || column == T.CHAR || value instanceof Boolean) {
            return value;
        }
        if (value instanceof String s) {
            return switch (column) {
                case BOOLEAN -> Boolean.valueOf(s);
                case BYTE -> Byte.valueOf(s);
                case SHORT -> Short.valueOf(s);
                case INT -> Integer.valueOf(s);
                case LONG -> Long.valueOf(s);
                case FLOAT -> Float.valueOf(s);
                case DOUBLE -> Double.valueOf(s);
                default -> throw new AssertionError(column);
            };
        }
        Number n = (Number) value;
        return switch (column) {
            case BYTE -> n.byteValue();
            case SHORT -> n.shortValue();
            case INT -> n.intValue();
            case LONG -> n.longValue();
            case FLOAT -> n.floatValue();
            case DOUBLE -> n.doubleValue();
            default -> throw new AssertionError(column);
        };
    }

    /** Normalises byte[] for assertEquals. */
    static Object comparable(Object v) {
        return v instanceof byte[] b ? Arrays.toString(b) : v;
    }

    static Stream<Arguments> cells() {
        List<Arguments> cells = new ArrayList<>();
        for (T row : T.values()) {
            for (T column : T.values()) {
                cells.add(Arguments.of(row, column, false));
                cells.add(Arguments.of(row, column, true));
            }
        }
        return cells.stream();
    }
}

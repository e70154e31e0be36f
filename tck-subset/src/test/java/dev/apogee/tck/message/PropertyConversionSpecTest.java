package dev.apogee.tck.message;

import dev.apogee.tck.Spec;
import dev.apogee.tck.support.MessageFixture;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageFormatException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Jakarta Messaging 3.1 §3.5.4 "Property value conversion", §3.5.5 "Property values as objects", §3.5.6 "Property
 * iteration", §3.5.8 "Nonexistent properties": every cell of the conversion table, on a new message and on a
 * received one (types must survive the wire). Live round trips.
 */
@Spec({"3.5.4", "3.5.5", "3.5.6", "3.5.8"})
class PropertyConversionSpecTest {
    enum T { BOOLEAN, BYTE, SHORT, INT, LONG, FLOAT, DOUBLE, STRING }

    /** Row (written type) → readable columns, from the §3.5.4 table. */
    static Set<T> readable(T written) {
        return switch (written) {
            case BOOLEAN -> Set.of(T.BOOLEAN, T.STRING);
            case BYTE -> Set.of(T.BYTE, T.SHORT, T.INT, T.LONG, T.STRING);
            case SHORT -> Set.of(T.SHORT, T.INT, T.LONG, T.STRING);
            case INT -> Set.of(T.INT, T.LONG, T.STRING);
            case LONG -> Set.of(T.LONG, T.STRING);
            case FLOAT -> Set.of(T.FLOAT, T.DOUBLE, T.STRING);
            case DOUBLE -> Set.of(T.DOUBLE, T.STRING);
            case STRING -> Set.of(T.values());
        };
    }

    /** A sample value of the written type; for String rows, one that parses as the column type. */
    static Object sample(T written, T column) {
        return switch (written) {
            case BOOLEAN -> true;
            case BYTE -> (byte) 7;
            case SHORT -> (short) 300;
            case INT -> 70_000;
            case LONG -> 5_000_000_000L;
            case FLOAT -> 1.5f;
            case DOUBLE -> 2.25d;
            case STRING -> switch (column) {
                case BOOLEAN -> "true";
                case FLOAT, DOUBLE -> "1.5";
                case STRING -> "héllo";
                default -> "12";
            };
        };
    }

    static Object expected(Object value, T column) {
        if (column == T.STRING) {
            return String.valueOf(value);
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
                default -> throw new AssertionError();
            };
        }
        if (value instanceof Boolean) {
            return value;
        }
        Number n = (Number) value;
        return switch (column) {
            case BYTE -> n.byteValue();
            case SHORT -> n.shortValue();
            case INT -> n.intValue();
            case LONG -> n.longValue();
            case FLOAT -> n.floatValue();
            case DOUBLE -> n.doubleValue();
            default -> throw new AssertionError();
        };
    }

    static void set(Message m, String name, Object v) throws JMSException {
        if (v instanceof Boolean b) {
            m.setBooleanProperty(name, b);
        } else if (v instanceof Byte b) {
            m.setByteProperty(name, b);
        } else if (v instanceof Short s) {
            m.setShortProperty(name, s);
        } else if (v instanceof Integer i) {
            m.setIntProperty(name, i);
        } else if (v instanceof Long l) {
            m.setLongProperty(name, l);
        } else if (v instanceof Float f) {
            m.setFloatProperty(name, f);
        } else if (v instanceof Double d) {
            m.setDoubleProperty(name, d);
        } else {
            m.setStringProperty(name, (String) v);
        }
    }

    static Object get(Message m, String name, T column) throws JMSException {
        return switch (column) {
            case BOOLEAN -> m.getBooleanProperty(name);
            case BYTE -> m.getByteProperty(name);
            case SHORT -> m.getShortProperty(name);
            case INT -> m.getIntProperty(name);
            case LONG -> m.getLongProperty(name);
            case FLOAT -> m.getFloatProperty(name);
            case DOUBLE -> m.getDoubleProperty(name);
            case STRING -> m.getStringProperty(name);
        };
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

    // Jakarta Messaging 3.1 §3.5.4: each cell, valid conversions give the converted value, others MessageFormatException
    @ParameterizedTest(name = "{0} read as {1} (received={2})")
    @MethodSource("cells")
    void conversionTableCell(T row, T column, boolean received) throws JMSException {
        Message m = MessageFixture.current().createMessage();
        Object value = sample(row, column);
        set(m, "p", value);
        if (received) {
            m = MessageFixture.current().roundTrip(m);
        }
        if (readable(row).contains(column)) {
            assertEquals(expected(value, column), get(m, "p", column));
        } else {
            Message message = m;
            assertThrows(MessageFormatException.class, () -> get(message, "p", column));
        }
    }

    // Jakarta Messaging 3.1 §3.5.4: a String that does not parse throws java.lang.NumberFormatException
    @Test
    void unparsableStringThrowsNumberFormatException() throws JMSException {
        Message m = MessageFixture.current().createMessage();
        m.setStringProperty("s", "abc");
        for (T column : List.of(T.BYTE, T.SHORT, T.INT, T.LONG, T.FLOAT, T.DOUBLE)) {
            assertThrows(NumberFormatException.class, () -> get(m, "s", column), column.name());
        }
        assertFalse(m.getBooleanProperty("s"), "Boolean.valueOf(\"abc\") is false");
        m.setStringProperty("big", "300");
        assertThrows(NumberFormatException.class, () -> m.getByteProperty("big"), "out of byte range");
    }

    // Jakarta Messaging 3.1 §3.5.8: a nonexistent property reads as the conversion table's valueOf(null): String and
    // Object null, boolean false (Boolean.valueOf(null)), byte/short/int/long NumberFormatException
    // (Integer.valueOf(null) …), float/double NullPointerException (Float.valueOf(null), Double.valueOf(null))
    @Test
    void nonexistentProperty() throws JMSException {
        Message m = MessageFixture.current().createMessage();
        assertNull(m.getStringProperty("missing"));
        assertNull(m.getObjectProperty("missing"));
        assertFalse(m.getBooleanProperty("missing"));
        assertFalse(m.propertyExists("missing"));
        for (Message each : List.of(m, MessageFixture.current().roundTrip(m))) {
            for (T column : List.of(T.BYTE, T.SHORT, T.INT, T.LONG)) {
                assertThrows(NumberFormatException.class, () -> get(each, "missing", column), column.name());
            }
            assertThrows(NullPointerException.class, () -> each.getFloatProperty("missing"));
            assertThrows(NullPointerException.class, () -> each.getDoubleProperty("missing"));
            assertFalse(each.getBooleanProperty("missing"));
            assertNull(each.getStringProperty("missing"));
        }
    }

    // Jakarta Messaging 3.1 §3.5.5: setObjectProperty accepts the boxed primitives and String only; getObjectProperty
    // returns the boxed type that was set
    @Test
    void objectProperties() throws JMSException {
        Message m = MessageFixture.current().createMessage();
        List<Object> values = List.of(true, (byte) 1, (short) 2, 3, 4L, 5.5f, 6.5d, "seven");
        for (int i = 0; i < values.size(); i++) {
            m.setObjectProperty("o" + i, values.get(i));
        }
        Message received = MessageFixture.current().roundTrip(m);
        for (Message each : List.of(m, received)) {
            for (int i = 0; i < values.size(); i++) {
                assertEquals(values.get(i), each.getObjectProperty("o" + i));
                assertEquals(values.get(i).getClass(), each.getObjectProperty("o" + i).getClass());
            }
        }
        assertThrows(MessageFormatException.class, () -> m.setObjectProperty("c", 'c'));
        assertThrows(MessageFormatException.class, () -> m.setObjectProperty("b", new byte[1]));
        assertThrows(MessageFormatException.class, () -> m.setObjectProperty("l", List.of()));
        assertThrows(MessageFormatException.class, () -> m.setObjectProperty("x", new Object()));
    }

    // Jakarta Messaging 3.1 §3.5.6: getPropertyNames enumerates the set properties (not the headers)
    @Test
    void propertyNamesEnumeration() throws JMSException {
        Message m = MessageFixture.current().createMessage();
        m.setIntProperty("a", 1);
        m.setStringProperty("b", "x");
        m.setJMSType("t");
        @SuppressWarnings("unchecked")
        List<String> names = Collections.list((java.util.Enumeration<String>) m.getPropertyNames());
        assertTrue(names.containsAll(List.of("a", "b")));
        assertFalse(names.contains("JMSType"));
        assertTrue(m.propertyExists("a"));
    }

    // Jakarta Messaging 3.1 §3.5.4: edge values keep their exact value and type through the wire
    @Test
    void edgeValuesSurviveTheWire() throws JMSException {
        Message m = MessageFixture.current().createMessage();
        m.setByteProperty("minByte", Byte.MIN_VALUE);
        m.setShortProperty("maxShort", Short.MAX_VALUE);
        m.setIntProperty("minInt", Integer.MIN_VALUE);
        m.setLongProperty("maxLong", Long.MAX_VALUE);
        m.setFloatProperty("nan", Float.NaN);
        m.setFloatProperty("negZero", -0.0f);
        m.setDoubleProperty("inf", Double.NEGATIVE_INFINITY);
        m.setDoubleProperty("tiny", Double.MIN_VALUE);
        m.setStringProperty("empty", "");
        m.setStringProperty("unicode", "日本語 ✓ \uD83D\uDE00");
        m.setStringProperty("separators", "a\u0001b\u0002c%01%");
        m.setStringProperty("percent", "100%");
        m.setBooleanProperty("no", false);
        Message r = MessageFixture.current().roundTrip(m);
        assertEquals(Byte.MIN_VALUE, r.getObjectProperty("minByte"));
        assertEquals(Short.MAX_VALUE, r.getObjectProperty("maxShort"));
        assertEquals(Integer.MIN_VALUE, r.getObjectProperty("minInt"));
        assertEquals(Long.MAX_VALUE, r.getObjectProperty("maxLong"));
        assertTrue(Float.isNaN((Float) r.getObjectProperty("nan")));
        assertEquals(Float.floatToIntBits(-0.0f), Float.floatToIntBits(r.getFloatProperty("negZero")));
        assertEquals(Double.NEGATIVE_INFINITY, r.getObjectProperty("inf"));
        assertEquals(Double.MIN_VALUE, r.getObjectProperty("tiny"));
        assertEquals("", r.getObjectProperty("empty"));
        assertTrue(r.propertyExists("empty"));
        assertEquals("日本語 ✓ \uD83D\uDE00", r.getStringProperty("unicode"));
        assertEquals("a\u0001b\u0002c%01%", r.getStringProperty("separators"));
        assertEquals("100%", r.getStringProperty("percent"));
        assertEquals(Boolean.FALSE, r.getObjectProperty("no"));
    }
}

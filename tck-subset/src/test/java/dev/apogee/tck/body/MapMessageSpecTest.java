package dev.apogee.tck.body;

import dev.apogee.tck.Spec;
import dev.apogee.tck.support.MessageFixture;
import static dev.apogee.tck.body.BodyConversionTable.T;
import static dev.apogee.tck.body.BodyConversionTable.comparable;
import static dev.apogee.tck.body.BodyConversionTable.expected;
import static dev.apogee.tck.body.BodyConversionTable.readable;
import static dev.apogee.tck.body.BodyConversionTable.sample;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import jakarta.jms.MessageFormatException;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Jakarta Messaging 3.1 §3.11.3 "Conversions provided by StreamMessage and MapMessage", for MapMessage. Live round
 * trips.
 */
@Spec("3.11.3")
class MapMessageSpecTest {
    private final MessageFixture fx = MessageFixture.current();

    static Object get(MapMessage m, String name, T column) throws JMSException {
        return switch (column) {
            case BOOLEAN -> m.getBoolean(name);
            case BYTE -> m.getByte(name);
            case SHORT -> m.getShort(name);
            case CHAR -> m.getChar(name);
            case INT -> m.getInt(name);
            case LONG -> m.getLong(name);
            case FLOAT -> m.getFloat(name);
            case DOUBLE -> m.getDouble(name);
            case STRING -> m.getString(name);
            case BYTES -> m.getBytes(name);
        };
    }

    @SuppressWarnings("unchecked")
    private static java.util.Enumeration<String> names(MapMessage m) throws JMSException {
        return (java.util.Enumeration<String>) m.getMapNames();
    }

    static Iterable<org.junit.jupiter.params.provider.Arguments> cells() {
        return BodyConversionTable.cells().toList();
    }

    // Jakarta Messaging 3.1 §3.11.3: every cell of the table, before and after the wire
    @ParameterizedTest(name = "{0} read as {1} (received={2})")
    @MethodSource("cells")
    void conversionTableCell(T row, T column, boolean received) throws JMSException {
        MapMessage m = fx.createMapMessage();
        Object value = sample(row, column);
        m.setObject("e", value);
        MapMessage r = received ? (MapMessage) fx.roundTrip(m) : m;
        if (readable(row).contains(column)) {
            assertEquals(comparable(expected(value, column)), comparable(get(r, "e", column)));
        } else {
            assertThrows(MessageFormatException.class, () -> get(r, "e", column));
        }
        assertEquals(comparable(value), comparable(r.getObject("e")), "getObject returns the written type");
    }

    // Jakarta Messaging 3.1 §3.11.3: unparsable String → NumberFormatException; a null or missing value → what
    // valueOf(null) does: NumberFormatException for byte..long, NullPointerException for float, double and char
    @Test
    void stringParsingAndNullValues() throws JMSException {
        MapMessage m = fx.createMapMessage();
        m.setString("s", "x1");
        m.setString("nul", null);
        for (MapMessage each : List.of(m, (MapMessage) fx.roundTrip(m))) {
            for (T c : List.of(T.BYTE, T.SHORT, T.INT, T.LONG, T.FLOAT, T.DOUBLE)) {
                assertThrows(NumberFormatException.class, () -> get(each, "s", c), c.name());
            }
            for (T c : List.of(T.BYTE, T.SHORT, T.INT, T.LONG)) {
                assertThrows(NumberFormatException.class, () -> get(each, "nul", c), c.name());
                assertThrows(NumberFormatException.class, () -> get(each, "absent", c), c.name());
            }
            for (String name : List.of("nul", "absent")) {
                assertThrows(NullPointerException.class, () -> each.getFloat(name), name);
                assertThrows(NullPointerException.class, () -> each.getDouble(name), name);
                assertThrows(NullPointerException.class, () -> each.getChar(name), name);
                assertNull(each.getString(name));
                assertNull(each.getObject(name));
                assertFalse(each.getBoolean(name));
            }
            assertFalse(each.getBoolean("s"));
            assertFalse(each.getBoolean("nul"));
            assertNull(each.getString("nul"));
            assertNull(each.getBytes("nul"));
            assertNull(each.getObject("nul"));
            assertTrue(each.itemExists("nul"));
            assertFalse(each.itemExists("absent"));
            assertThrows(NullPointerException.class, () -> each.getChar("nul"));
        }
    }

    // MapMessage javadoc: names are enumerated; byte[] values are copied on set and get; invalid names/values refused
    @Test
    void namesCopiesAndInvalidInput() throws JMSException {
        MapMessage m = fx.createMapMessage();
        byte[] bytes = {1, 2, 3};
        m.setBytes("b", bytes);
        bytes[0] = 9;
        m.setBytes("slice", new byte[] {5, 6, 7, 8}, 1, 2);
        m.setChar("c", 'x');
        assertArrayEquals(new byte[] {1, 2, 3}, m.getBytes("b"));
        m.getBytes("b")[1] = 9;
        assertArrayEquals(new byte[] {1, 2, 3}, m.getBytes("b"));
        assertArrayEquals(new byte[] {6, 7}, m.getBytes("slice"));
        assertEquals(Set.of("b", "slice", "c"), Set.copyOf(Collections.list(names(m))));
        assertThrows(IllegalArgumentException.class, () -> m.setInt(null, 1));
        assertThrows(IllegalArgumentException.class, () -> m.setInt("", 1));
        assertThrows(MessageFormatException.class, () -> m.setObject("o", new Object()));
        assertThrows(MessageFormatException.class, () -> m.setObject("o", List.of(1)));
    }
}

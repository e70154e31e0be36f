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

import jakarta.jms.JMSException;
import jakarta.jms.MessageEOFException;
import jakarta.jms.MessageFormatException;
import jakarta.jms.MessageNotReadableException;
import jakarta.jms.MessageNotWriteableException;
import jakarta.jms.StreamMessage;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Jakarta Messaging 3.1 §3.11.3 for StreamMessage, plus the StreamMessage javadoc rules: a failed conversion leaves
 * the position unchanged, readBytes chunking, write-only until reset, MessageEOFException at the end. Live round trips.
 */
@Spec("3.11.3")
class StreamMessageSpecTest {
    private final MessageFixture fx = MessageFixture.current();

    static Object read(StreamMessage m, T column) throws JMSException {
        return switch (column) {
            case BOOLEAN -> m.readBoolean();
            case BYTE -> m.readByte();
            case SHORT -> m.readShort();
            case CHAR -> m.readChar();
            case INT -> m.readInt();
            case LONG -> m.readLong();
            case FLOAT -> m.readFloat();
            case DOUBLE -> m.readDouble();
            case STRING -> m.readString();
            case BYTES -> {
                byte[] buffer = new byte[16];
                int n = m.readBytes(buffer);
                yield Arrays.copyOf(buffer, n);
            }
        };
    }

    static Iterable<org.junit.jupiter.params.provider.Arguments> cells() {
        return BodyConversionTable.cells().toList();
    }

    // Jakarta Messaging 3.1 §3.11.3: each cell; a failed conversion leaves the value readable (StreamMessage javadoc)
    @ParameterizedTest(name = "{0} read as {1} (received={2})")
    @MethodSource("cells")
    void conversionTableCell(T row, T column, boolean received) throws JMSException {
        StreamMessage m = fx.createStreamMessage();
        Object value = sample(row, column);
        m.writeObject(value);
        m.writeString("next");
        StreamMessage r;
        if (received) {
            r = (StreamMessage) fx.roundTrip(m);
        } else {
            m.reset();
            r = m;
        }
        if (readable(row).contains(column)) {
            assertEquals(comparable(expected(value, column)), comparable(read(r, column)));
        } else {
            assertThrows(MessageFormatException.class, () -> read(r, column));
            assertEquals(comparable(value), comparable(r.readObject()), "position unchanged after failed read");
        }
        assertEquals("next", r.readString());
        assertThrows(MessageEOFException.class, r::readString);
    }

    // StreamMessage javadoc: NumberFormatException from String parsing also leaves the position unchanged
    @Test
    void numberFormatFailureLeavesPosition() throws JMSException {
        StreamMessage m = fx.createStreamMessage();
        m.writeString("not a number");
        m.writeObject(null);
        m.reset();
        assertThrows(NumberFormatException.class, m::readInt);
        assertThrows(NumberFormatException.class, m::readDouble);
        assertEquals("not a number", m.readString());
        assertThrows(NullPointerException.class, m::readChar);
        assertThrows(NullPointerException.class, m::readFloat, "Float.valueOf(null)");
        assertThrows(NullPointerException.class, m::readDouble, "Double.valueOf(null)");
        assertThrows(NumberFormatException.class, m::readLong);
        assertFalse(m.readBoolean(), "null read as boolean is Boolean.valueOf(null)");
        assertThrows(MessageEOFException.class, m::readObject);
    }

    // StreamMessage.readBytes javadoc: chunked reads; a chunk equal to the buffer needs another call, which returns -1
    @Test
    void readBytesChunking() throws JMSException {
        StreamMessage m = fx.createStreamMessage();
        m.writeBytes(new byte[] {1, 2, 3, 4, 5});
        m.writeBytes(new byte[] {6, 7, 8, 9});
        m.writeBytes(new byte[0]);
        m.writeObject(null);
        m.writeBytes(new byte[] {10, 11, 12, 13}, 1, 2);
        m.writeInt(99);
        StreamMessage r = (StreamMessage) fx.roundTrip(m);
        byte[] buffer = new byte[2];
        assertEquals(2, r.readBytes(buffer));
        assertArrayEquals(new byte[] {1, 2}, buffer);
        assertThrows(MessageFormatException.class, r::readInt, "other reads fail while a byte[] is partly read");
        assertEquals(2, r.readBytes(buffer));
        assertArrayEquals(new byte[] {3, 4}, buffer);
        assertEquals(1, r.readBytes(buffer));
        assertEquals(5, buffer[0]);
        // the first field ended with a short chunk: the next call starts the second field
        byte[] four = new byte[4];
        assertEquals(4, r.readBytes(four));
        assertArrayEquals(new byte[] {6, 7, 8, 9}, four);
        assertEquals(-1, r.readBytes(four), "a full chunk is followed by -1");
        assertEquals(0, r.readBytes(four), "empty byte[] field reads 0 bytes");
        assertEquals(-1, r.readBytes(four), "a null field reads -1");
        assertEquals(2, r.readBytes(four));
        assertEquals(11, four[0]);
        assertEquals(12, four[1]);
        assertEquals(99, r.readInt());
        assertThrows(MessageEOFException.class, () -> r.readBytes(four));
    }

    // StreamMessage javadoc: write-only until reset; read-only after; clearBody returns to write-only
    @Test
    void modes() throws JMSException {
        StreamMessage m = fx.createStreamMessage();
        m.writeInt(1);
        assertThrows(MessageNotReadableException.class, m::readInt);
        m.reset();
        assertEquals(1, m.readInt());
        assertThrows(MessageNotWriteableException.class, () -> m.writeInt(2));
        m.reset();
        assertEquals(1, m.readInt(), "reset rewinds");
        m.clearBody();
        assertThrows(MessageNotReadableException.class, m::readInt);
        m.writeInt(3);
        m.reset();
        assertEquals(3, m.readInt());
    }

    // StreamMessage javadoc: writeObject accepts only primitives' wrappers, String, byte[]; readObject returns them
    @Test
    void objects() throws JMSException {
        StreamMessage m = fx.createStreamMessage();
        List<Object> values = Arrays.asList(true, (byte) 1, (short) 2, 'c', 3, 4L, 5f, 6d, "s", null);
        for (Object v : values) {
            m.writeObject(v);
        }
        m.writeObject(new byte[] {7});
        assertThrows(MessageFormatException.class, () -> m.writeObject(new Object()));
        StreamMessage r = (StreamMessage) fx.roundTrip(m);
        for (Object v : values) {
            assertEquals(v, r.readObject());
        }
        assertArrayEquals(new byte[] {7}, (byte[]) r.readObject());
        assertThrows(MessageEOFException.class, r::readObject);
        StreamMessage s = fx.createStreamMessage();
        s.writeString(null);
        s.reset();
        assertNull(s.readString());
    }
}

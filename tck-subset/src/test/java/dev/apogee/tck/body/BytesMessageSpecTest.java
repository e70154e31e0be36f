package dev.apogee.tck.body;

import dev.apogee.tck.Spec;
import dev.apogee.tck.support.MessageFixture;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.BytesMessage;
import jakarta.jms.JMSException;
import jakarta.jms.MessageEOFException;
import jakarta.jms.MessageFormatException;
import jakarta.jms.MessageNotReadableException;
import jakarta.jms.MessageNotWriteableException;
import org.junit.jupiter.api.Test;

/**
 * BytesMessage javadoc and Jakarta Messaging 3.1 §3.11.2: the read/write API, write-only until reset, read-only
 * after, getBodyLength, MessageEOFException, readBytes semantics. Live round trips.
 */
@Spec({"3.11", "3.11.2"})
class BytesMessageSpecTest {
    private final MessageFixture fx = MessageFixture.current();

    private BytesMessage allTypes() throws JMSException {
        BytesMessage m = fx.createBytesMessage();
        m.writeBoolean(true);
        m.writeByte((byte) -2);
        m.writeByte((byte) 200);
        m.writeShort((short) -3);
        m.writeShort((short) 60000);
        m.writeChar('€');
        m.writeInt(Integer.MIN_VALUE);
        m.writeLong(Long.MAX_VALUE);
        m.writeFloat(1.25f);
        m.writeDouble(-0.5d);
        m.writeUTF("ünïcode ✓");
        m.writeBytes(new byte[] {1, 2, 3});
        m.writeBytes(new byte[] {9, 4, 5, 9}, 1, 2);
        m.writeObject(42);
        m.writeObject("obj");
        return m;
    }

    private void readAll(BytesMessage m) throws JMSException {
        assertTrue(m.readBoolean());
        assertEquals(-2, m.readByte());
        assertEquals(200, m.readUnsignedByte());
        assertEquals(-3, m.readShort());
        assertEquals(60000, m.readUnsignedShort());
        assertEquals('€', m.readChar());
        assertEquals(Integer.MIN_VALUE, m.readInt());
        assertEquals(Long.MAX_VALUE, m.readLong());
        assertEquals(1.25f, m.readFloat());
        assertEquals(-0.5d, m.readDouble());
        assertEquals("ünïcode ✓", m.readUTF());
        byte[] five = new byte[5];
        assertEquals(5, m.readBytes(five));
        assertArrayEquals(new byte[] {1, 2, 3, 4, 5}, five);
        assertEquals(42, m.readInt());
        assertEquals("obj", m.readUTF());
    }

    // BytesMessage javadoc: every write method has a matching read; values survive reset and the wire
    @Test
    void writeThenReadAllTypes() throws JMSException {
        BytesMessage m = allTypes();
        m.reset();
        readAll(m);
        assertThrows(MessageEOFException.class, m::readByte);
        BytesMessage r = (BytesMessage) fx.roundTrip(allTypes());
        readAll(r);
        assertEquals(-1, r.readBytes(new byte[1]), "readBytes at the end returns -1");
    }

    // BytesMessage javadoc: getBodyLength in read-only mode; MessageNotReadableException in write-only mode
    @Test
    void bodyLengthAndModes() throws JMSException {
        BytesMessage m = fx.createBytesMessage();
        m.writeInt(7);
        assertThrows(MessageNotReadableException.class, m::getBodyLength);
        assertThrows(MessageNotReadableException.class, m::readInt);
        m.reset();
        assertEquals(4, m.getBodyLength());
        assertThrows(MessageNotWriteableException.class, () -> m.writeInt(1));
        assertEquals(7, m.readInt());
        m.reset();
        assertEquals(7, m.readInt(), "reset repositions to the start");
        m.clearBody();
        assertThrows(MessageNotReadableException.class, m::readInt);
        m.writeShort((short) 1);
        m.reset();
        assertEquals(2, m.getBodyLength());
    }

    // BytesMessage javadoc: MessageEOFException if the end is reached; readBytes partial and -1 semantics
    @Test
    void endOfBody() throws JMSException {
        BytesMessage m = fx.createBytesMessage();
        m.writeBytes(new byte[] {1, 2, 3});
        BytesMessage r = (BytesMessage) fx.roundTrip(m);
        assertThrows(MessageEOFException.class, r::readInt, "3 bytes left, 4 needed");
        assertEquals(0x0102, r.readShort(), "a failed read consumed nothing");
        assertThrows(MessageEOFException.class, r::readLong);
        assertThrows(MessageEOFException.class, r::readUTF);
        byte[] buffer = new byte[8];
        assertEquals(1, r.readBytes(buffer), "partial read returns the bytes left");
        assertEquals(-1, r.readBytes(buffer));
        assertThrows(MessageEOFException.class, r::readBoolean);
        r.reset();
        assertEquals(2, r.readBytes(buffer, 2), "readBytes(buffer, length) reads at most length");
    }

    // BytesMessage.writeObject javadoc: only boxed primitives, String and byte[]; null is a NullPointerException
    @Test
    void writeObjectTypes() throws JMSException {
        BytesMessage m = fx.createBytesMessage();
        assertThrows(MessageFormatException.class, () -> m.writeObject(new Object()));
        assertThrows(NullPointerException.class, () -> m.writeObject(null));
        m.writeObject(new byte[] {1});
        m.writeObject('c');
        m.reset();
        assertEquals(3, m.getBodyLength());
    }

    // Jakarta Messaging 3.1 §3.11.2: a received BytesMessage is in read-only mode, positioned at the start
    @Test
    void receivedIsReadOnlyAtStart() throws JMSException {
        BytesMessage m = fx.createBytesMessage();
        m.writeLong(5);
        BytesMessage r = (BytesMessage) fx.roundTrip(m);
        assertEquals(8, r.getBodyLength());
        assertEquals(5, r.readLong());
        assertThrows(MessageNotWriteableException.class, () -> r.writeByte((byte) 1));
    }
}

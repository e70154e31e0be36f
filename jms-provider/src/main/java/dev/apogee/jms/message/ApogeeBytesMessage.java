package dev.apogee.jms.message;

import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import jakarta.jms.BytesMessage;
import jakarta.jms.JMSException;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UTFDataFormatException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;

/**
 * A BytesMessage: raw bytes on the wire, readable by native consumers as the plain body. Write-only until
 * {@link #reset()} (or receipt), read-only afterwards (§3.11.2); primitives are big-endian as in
 * {@link java.io.DataOutput}, strings in modified UTF-8 ({@code writeUTF}). A read that would run past the end throws
 * {@link jakarta.jms.MessageEOFException} and consumes nothing.
 */
public class ApogeeBytesMessage extends ApogeeMessage implements BytesMessage {
    private static final byte[] EMPTY = new byte[0];
    /** The body while writable (null once read-only); {@link #data} is its primitive encoder, made on first use. */
    private BodyWriter written;
    private DataOutputStream data;
    private ByteBuffer in;

    public ApogeeBytesMessage() {
        written = new BodyWriter();
    }

    private ApogeeBytesMessage(ByteBuffer in) {
        this.in = in;
    }

    /** A message whose body is {@code body}, in read mode (as received). */
    public static ApogeeBytesMessage received(byte[] body) {
        return new ApogeeBytesMessage(ByteBuffer.wrap(body == null ? EMPTY : body));
    }

    @Override
    public BodyKind bodyKind() {
        return BodyKind.BYTES;
    }

    /** A copy of the whole body, independent of mode and read position. */
    public byte[] bodyBytes() {
        if (in != null) {
            byte[] copy = new byte[in.limit()];
            in.duplicate().position(0).get(copy);
            return copy;
        }
        return written.copy();
    }

    /**
     * The whole body for encoding a send, without a copy where possible: the array shared here is never written again
     * (see {@link BodyWriter}; a read-only body's array is only read), and the caller must not write it either.
     */
    @Override
    byte[] wireBody() {
        if (in != null) {
            if (in.hasArray() && in.arrayOffset() == 0 && in.array().length == in.limit()) {
                return in.array();
            }
            return bodyBytes();
        }
        return written.bytes();
    }

    @Override
    void onBodyMadeReadOnly() {
        toReadMode();
    }

    private void toReadMode() {
        if (in == null) {
            in = ByteBuffer.wrap(written.bytes());
            written = null;
            data = null;
        } else {
            in.position(0);
        }
    }

    @Override
    public void reset() {
        setBodyReadOnly(true);
        toReadMode();
    }

    @Override
    public void clearBody() throws JMSException {
        super.clearBody();
        in = null;
        written = new BodyWriter();
        data = null;
    }

    @Override
    public long getBodyLength() throws JMSException {
        checkReadable();
        return in.limit();
    }

    @Override
    Object bodyValue() {
        byte[] body = bodyBytes();
        return body.length == 0 ? null : body;
    }

    @Override
    public ApogeeBytesMessage copy() throws JMSException {
        ApogeeBytesMessage copy = new ApogeeBytesMessage();
        copyHeadersAndPropertiesTo(copy);
        byte[] body = wireBody();
        copy.written.write(body, 0, body.length);
        return copy;
    }

    // ---- reading ---------------------------------------------------------------------------------------------------

    private ByteBuffer reading(int width) throws JMSException {
        checkReadable();
        if (in.remaining() < width) {
            throw JmsExceptions.create(ErrorCode.END_OF_BODY,
                    "end of BytesMessage body: " + width + " byte(s) needed, " + in.remaining() + " left");
        }
        return in;
    }

    private void checkReadable() throws JMSException {
        if (in == null) {
            throw JmsExceptions.create(ErrorCode.NOT_READABLE, "BytesMessage is write-only; call reset() to read it");
        }
    }

    @Override
    public boolean readBoolean() throws JMSException {
        return reading(1).get() != 0;
    }

    @Override
    public byte readByte() throws JMSException {
        return reading(1).get();
    }

    @Override
    public int readUnsignedByte() throws JMSException {
        return reading(1).get() & 0xFF;
    }

    @Override
    public short readShort() throws JMSException {
        return reading(2).getShort();
    }

    @Override
    public int readUnsignedShort() throws JMSException {
        return reading(2).getShort() & 0xFFFF;
    }

    @Override
    public char readChar() throws JMSException {
        return reading(2).getChar();
    }

    @Override
    public int readInt() throws JMSException {
        return reading(4).getInt();
    }

    @Override
    public long readLong() throws JMSException {
        return reading(8).getLong();
    }

    @Override
    public float readFloat() throws JMSException {
        return reading(4).getFloat();
    }

    @Override
    public double readDouble() throws JMSException {
        return reading(8).getDouble();
    }

    @Override
    public String readUTF() throws JMSException {
        int length = reading(2).getShort(in.position()) & 0xFFFF;
        reading(2 + length);
        DataInputStream data = new DataInputStream(
                new ByteArrayInputStream(in.array(), in.arrayOffset() + in.position(), 2 + length));
        try {
            String s = data.readUTF();
            in.position(in.position() + 2 + length);
            return s;
        } catch (UTFDataFormatException e) {
            throw JmsExceptions.create(ErrorCode.CONVERSION, "malformed modified UTF-8 string in BytesMessage", e);
        } catch (IOException | BufferUnderflowException e) {
            throw JmsExceptions.create(ErrorCode.END_OF_BODY, "end of BytesMessage body inside a UTF string", e);
        }
    }

    @Override
    public int readBytes(byte[] value) throws JMSException {
        return readBytes(value, value.length);
    }

    /** Reads up to {@code length} bytes; -1 once the end is reached (§ BytesMessage.readBytes). */
    @Override
    public int readBytes(byte[] value, int length) throws JMSException {
        checkReadable();
        if (length < 0 || length > value.length) {
            throw new IndexOutOfBoundsException("length " + length + " outside 0.." + value.length);
        }
        if (!in.hasRemaining()) {
            return -1;
        }
        int n = Math.min(length, in.remaining());
        in.get(value, 0, n);
        return n;
    }

    // ---- writing ---------------------------------------------------------------------------------------------------

    private BodyWriter writing() throws JMSException {
        checkBodyWritable();
        if (written == null) {
            throw JmsExceptions.create(ErrorCode.NOT_WRITEABLE, "BytesMessage is read-only");
        }
        return written;
    }

    private DataOutputStream writingData() throws JMSException {
        BodyWriter body = writing();
        if (data == null) {
            data = new DataOutputStream(body);
        }
        return data;
    }

    @Override
    public void writeBoolean(boolean value) throws JMSException {
        writeByte((byte) (value ? 1 : 0));
    }

    @Override
    public void writeByte(byte value) throws JMSException {
        writing().write(value);
    }

    @Override
    public void writeShort(short value) throws JMSException {
        try {
            writingData().writeShort(value);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Override
    public void writeChar(char value) throws JMSException {
        try {
            writingData().writeChar(value);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Override
    public void writeInt(int value) throws JMSException {
        try {
            writingData().writeInt(value);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Override
    public void writeLong(long value) throws JMSException {
        try {
            writingData().writeLong(value);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Override
    public void writeFloat(float value) throws JMSException {
        writeInt(Float.floatToIntBits(value));
    }

    @Override
    public void writeDouble(double value) throws JMSException {
        writeLong(Double.doubleToLongBits(value));
    }

    @Override
    public void writeUTF(String value) throws JMSException {
        try {
            writingData().writeUTF(value);
        } catch (UTFDataFormatException e) {
            throw JmsExceptions.create(ErrorCode.UNENCODABLE_VALUE, "string too long for writeUTF (max 65535 bytes)", e);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Override
    public void writeBytes(byte[] value) throws JMSException {
        writeBytes(value, 0, value.length);
    }

    @Override
    public void writeBytes(byte[] value, int offset, int length) throws JMSException {
        writing().write(value, offset, length);
    }

    /** Writes a boxed primitive, String or byte[]; anything else (including null) is a MessageFormatException. */
    @Override
    public void writeObject(Object value) throws JMSException {
        if (value == null) {
            throw new NullPointerException("BytesMessage.writeObject(null)");
        }
        if (value instanceof Boolean v) {
            writeBoolean(v);
        } else if (value instanceof Byte v) {
            writeByte(v);
        } else if (value instanceof Short v) {
            writeShort(v);
        } else if (value instanceof Character v) {
            writeChar(v);
        } else if (value instanceof Integer v) {
            writeInt(v);
        } else if (value instanceof Long v) {
            writeLong(v);
        } else if (value instanceof Float v) {
            writeFloat(v);
        } else if (value instanceof Double v) {
            writeDouble(v);
        } else if (value instanceof String v) {
            writeUTF(v);
        } else if (value instanceof byte[] v) {
            writeBytes(v);
        } else {
            throw unsupported(value, "BytesMessage.writeObject");
        }
    }
}

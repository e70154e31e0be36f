package dev.apogee.jms.message;

import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import jakarta.jms.JMSException;
import jakarta.jms.StreamMessage;
import java.util.ArrayList;
import java.util.List;

/**
 * A StreamMessage: a sequence of JMS values read in order with the §3.11.3 conversions. A read whose conversion fails
 * (MessageFormatException, NumberFormatException, NullPointerException for char) leaves the position unchanged, so
 * the field can be read again with another method. A byte[] field is read with successive {@link #readBytes} calls;
 * until it is finished other reads throw MessageFormatException. {@link #getBody(Class)} always throws and
 * {@link #isBodyAssignableTo(Class)} is always false, as the Message javadoc specifies for StreamMessage.
 */
public class ApogeeStreamMessage extends ApogeeMessage implements StreamMessage {
    private final List<Object> items = new ArrayList<>();
    private boolean readMode;
    private int position;
    /** Offset into the byte[] field being read by readBytes, or -1 when not inside one. */
    private int bytesOffset = -1;

    public ApogeeStreamMessage() {
    }

    @Override
    public BodyKind bodyKind() {
        return BodyKind.STREAM;
    }

    /** The encoded body. */
    public byte[] encodeBody() {
        return TypedValueCodec.encodeList(items);
    }

    @Override
    byte[] wireBody() {
        return encodeBody();
    }

    /** Replaces the items with a decoded body (used by the codec; ignores read-only state). */
    public void decodeBody(byte[] body) throws JMSException {
        items.clear();
        items.addAll(TypedValueCodec.decodeList(body));
    }

    @Override
    void onBodyMadeReadOnly() {
        rewind();
    }

    private void rewind() {
        readMode = true;
        position = 0;
        bytesOffset = -1;
    }

    @Override
    public void reset() {
        setBodyReadOnly(true);
        rewind();
    }

    @Override
    public void clearBody() throws JMSException {
        super.clearBody();
        items.clear();
        readMode = false;
        position = 0;
        bytesOffset = -1;
    }

    @Override
    Class<?> bodyClass() {
        return StreamMessage.class;
    }

    @Override
    public boolean isBodyAssignableTo(@SuppressWarnings("rawtypes") Class c) {
        return false;
    }

    @Override
    public ApogeeStreamMessage copy() throws JMSException {
        ApogeeStreamMessage copy = new ApogeeStreamMessage();
        copyHeadersAndPropertiesTo(copy);
        for (Object item : items) {
            copy.items.add(item instanceof byte[] b ? b.clone() : item);
        }
        return copy;
    }

    // ---- reading ---------------------------------------------------------------------------------------------------

    private Object current() throws JMSException {
        if (!readMode) {
            throw JmsExceptions.create(ErrorCode.NOT_READABLE, "StreamMessage is write-only; call reset() to read it");
        }
        if (bytesOffset >= 0) {
            throw JmsExceptions.create(ErrorCode.CONVERSION,
                    "a byte[] field is partially read; finish it with readBytes() first");
        }
        if (position >= items.size()) {
            throw JmsExceptions.create(ErrorCode.END_OF_BODY, "end of StreamMessage body");
        }
        return items.get(position);
    }

    /** Advances only after a successful conversion; callers convert first. */
    private <T> T advance(T value) {
        position++;
        return value;
    }

    @Override
    public boolean readBoolean() throws JMSException {
        return advance(TypeConversion.toBoolean(current()));
    }

    @Override
    public byte readByte() throws JMSException {
        return advance(TypeConversion.toByte(current()));
    }

    @Override
    public short readShort() throws JMSException {
        return advance(TypeConversion.toShort(current()));
    }

    @Override
    public char readChar() throws JMSException {
        return advance(TypeConversion.toChar(current()));
    }

    @Override
    public int readInt() throws JMSException {
        return advance(TypeConversion.toInt(current()));
    }

    @Override
    public long readLong() throws JMSException {
        return advance(TypeConversion.toLong(current()));
    }

    @Override
    public float readFloat() throws JMSException {
        return advance(TypeConversion.toFloat(current()));
    }

    @Override
    public double readDouble() throws JMSException {
        return advance(TypeConversion.toDouble(current()));
    }

    @Override
    public String readString() throws JMSException {
        return advance(TypeConversion.toStringValue(current()));
    }

    @Override
    public Object readObject() throws JMSException {
        Object v = current();
        return advance(v instanceof byte[] b ? b.clone() : v);
    }

    /**
     * Reads the next chunk of a byte[] field: returns the number of bytes copied, or -1 when the field was null or is
     * exhausted (after a chunk that filled the buffer). A chunk shorter than the buffer finishes the field.
     */
    @Override
    public int readBytes(byte[] value) throws JMSException {
        byte[] field;
        if (bytesOffset < 0) {
            Object v = current();
            if (v == null) {
                position++;
                return -1;
            }
            field = TypeConversion.toBytes(v);
            bytesOffset = 0;
        } else {
            field = (byte[]) items.get(position);
        }
        int remaining = field.length - bytesOffset;
        if (remaining == 0 && bytesOffset > 0) {
            finishBytes();
            return -1;
        }
        int n = Math.min(value.length, remaining);
        System.arraycopy(field, bytesOffset, value, 0, n);
        bytesOffset += n;
        if (n < value.length) {
            finishBytes();
        }
        return n;
    }

    private void finishBytes() {
        bytesOffset = -1;
        position++;
    }

    // ---- writing ---------------------------------------------------------------------------------------------------

    private void add(Object value) throws JMSException {
        checkBodyWritable();
        items.add(value);
    }

    @Override
    public void writeBoolean(boolean value) throws JMSException {
        add(value);
    }

    @Override
    public void writeByte(byte value) throws JMSException {
        add(value);
    }

    @Override
    public void writeShort(short value) throws JMSException {
        add(value);
    }

    @Override
    public void writeChar(char value) throws JMSException {
        add(value);
    }

    @Override
    public void writeInt(int value) throws JMSException {
        add(value);
    }

    @Override
    public void writeLong(long value) throws JMSException {
        add(value);
    }

    @Override
    public void writeFloat(float value) throws JMSException {
        add(value);
    }

    @Override
    public void writeDouble(double value) throws JMSException {
        add(value);
    }

    @Override
    public void writeString(String value) throws JMSException {
        add(value);
    }

    @Override
    public void writeBytes(byte[] value) throws JMSException {
        add(value == null ? null : value.clone());
    }

    @Override
    public void writeBytes(byte[] value, int offset, int length) throws JMSException {
        byte[] slice = new byte[length];
        System.arraycopy(value, offset, slice, 0, length);
        add(slice);
    }

    /** Accepts boxed primitives, Character, String, byte[] (copied) and null. */
    @Override
    public void writeObject(Object value) throws JMSException {
        if (value != null && !TypeConversion.isBodyValueType(value)) {
            throw unsupported(value, "StreamMessage.writeObject");
        }
        add(value instanceof byte[] b ? b.clone() : value);
    }
}

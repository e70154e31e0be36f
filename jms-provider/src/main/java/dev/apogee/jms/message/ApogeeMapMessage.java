package dev.apogee.jms.message;

import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A MapMessage: named entries of the JMS value types, read with the §3.11.3 conversions. Encoded with Kryo on the
 * wire ({@link TypedValueCodec}). {@link #getBody(Class)} returns a copy as a {@code Map<String, Object>}.
 */
public class ApogeeMapMessage extends ApogeeMessage implements MapMessage {
    private final Map<String, Object> entries = new LinkedHashMap<>();

    public ApogeeMapMessage() {
    }

    @Override
    public BodyKind bodyKind() {
        return BodyKind.MAP;
    }

    /** The encoded body. */
    public byte[] encodeBody() {
        return TypedValueCodec.encodeMap(entries);
    }

    @Override
    byte[] wireBody() {
        return encodeBody();
    }

    /** Replaces the entries with a decoded body (used by the codec; ignores read-only state). */
    public void decodeBody(byte[] body) throws JMSException {
        entries.clear();
        entries.putAll(TypedValueCodec.decodeMap(body));
    }

    @Override
    public void clearBody() throws JMSException {
        super.clearBody();
        entries.clear();
    }

    @Override
    Object bodyValue() {
        if (entries.isEmpty()) {
            return null;
        }
        Map<String, Object> copy = new LinkedHashMap<>();
        entries.forEach((k, v) -> copy.put(k, v instanceof byte[] b ? b.clone() : v));
        return copy;
    }

    @Override
    Class<?> bodyClass() {
        return entries.isEmpty() ? null : Map.class;
    }

    @Override
    public ApogeeMapMessage copy() throws JMSException {
        ApogeeMapMessage copy = new ApogeeMapMessage();
        copyHeadersAndPropertiesTo(copy);
        entries.forEach((k, v) -> copy.entries.put(k, v instanceof byte[] b ? b.clone() : v));
        return copy;
    }

    // ---- reading ---------------------------------------------------------------------------------------------------

    @Override
    public boolean getBoolean(String name) throws JMSException {
        return TypeConversion.toBoolean(entries.get(name));
    }

    @Override
    public byte getByte(String name) throws JMSException {
        return TypeConversion.toByte(entries.get(name));
    }

    @Override
    public short getShort(String name) throws JMSException {
        return TypeConversion.toShort(entries.get(name));
    }

    @Override
    public char getChar(String name) throws JMSException {
        return TypeConversion.toChar(entries.get(name));
    }

    @Override
    public int getInt(String name) throws JMSException {
        return TypeConversion.toInt(entries.get(name));
    }

    @Override
    public long getLong(String name) throws JMSException {
        return TypeConversion.toLong(entries.get(name));
    }

    @Override
    public float getFloat(String name) throws JMSException {
        return TypeConversion.toFloat(entries.get(name));
    }

    @Override
    public double getDouble(String name) throws JMSException {
        return TypeConversion.toDouble(entries.get(name));
    }

    @Override
    public String getString(String name) throws JMSException {
        return TypeConversion.toStringValue(entries.get(name));
    }

    @Override
    public byte[] getBytes(String name) throws JMSException {
        byte[] bytes = TypeConversion.toBytes(entries.get(name));
        return bytes == null ? null : bytes.clone();
    }

    @Override
    public Object getObject(String name) {
        Object v = entries.get(name);
        return v instanceof byte[] b ? b.clone() : v;
    }

    @Override
    public Enumeration<String> getMapNames() {
        return Collections.enumeration(new java.util.ArrayList<>(entries.keySet()));
    }

    @Override
    public boolean itemExists(String name) {
        return entries.containsKey(name);
    }

    // ---- writing ---------------------------------------------------------------------------------------------------

    private void put(String name, Object value) throws JMSException {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("MapMessage entry name must not be null or empty");
        }
        checkBodyWritable();
        entries.put(name, value);
    }

    @Override
    public void setBoolean(String name, boolean value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setByte(String name, byte value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setShort(String name, short value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setChar(String name, char value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setInt(String name, int value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setLong(String name, long value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setFloat(String name, float value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setDouble(String name, double value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setString(String name, String value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setBytes(String name, byte[] value) throws JMSException {
        put(name, value == null ? null : value.clone());
    }

    @Override
    public void setBytes(String name, byte[] value, int offset, int length) throws JMSException {
        byte[] slice = new byte[length];
        System.arraycopy(value, offset, slice, 0, length);
        put(name, slice);
    }

    /** Accepts boxed primitives, Character, String, byte[] (copied) and null (§3.11.3). */
    @Override
    public void setObject(String name, Object value) throws JMSException {
        if (value != null && !TypeConversion.isBodyValueType(value)) {
            throw unsupported(value, "MapMessage.setObject");
        }
        put(name, value instanceof byte[] b ? b.clone() : value);
    }
}

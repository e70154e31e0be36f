package dev.apogee.jms.message;

import jakarta.jms.JMSException;
import jakarta.jms.ObjectMessage;
import java.io.Serializable;

/**
 * An ObjectMessage. The object is serialized by {@link ObjectBodyCodec} when set (so later changes to it are not
 * sent) and deserialized on every {@link #getObject()}, which returns a fresh copy; deserialization refuses classes
 * outside the codec's {@link TrustedPackages} with a MessageFormatException.
 */
public class ApogeeObjectMessage extends ApogeeMessage implements ObjectMessage {
    private final ObjectBodyCodec codec;
    private byte[] payload;

    /** An ObjectMessage using the default codec (default trusted packages). */
    public ApogeeObjectMessage() {
        this(ObjectBodyCodec.defaultCodec());
    }

    /** An ObjectMessage using {@code codec} (the connection factory's trusted packages). */
    public ApogeeObjectMessage(ObjectBodyCodec codec) {
        this.codec = codec;
    }

    @Override
    public BodyKind bodyKind() {
        return BodyKind.OBJECT;
    }

    /** The serialized object, or null. */
    public byte[] payload() {
        return payload == null ? null : payload.clone();
    }

    /** The serialized object itself: the caller does not modify it. */
    @Override
    byte[] wireBody() {
        return payload;
    }

    /** Sets the serialized form directly (used by the codec when decoding). */
    public void setPayload(byte[] payload) {
        this.payload = payload == null || payload.length == 0 ? null : payload.clone();
    }

    @Override
    public void setObject(Serializable object) throws JMSException {
        checkBodyWritable();
        payload = object == null ? null : codec.serialize(object);
    }

    @Override
    public Serializable getObject() throws JMSException {
        return payload == null ? null : codec.deserialize(payload);
    }

    @Override
    public void clearBody() throws JMSException {
        super.clearBody();
        payload = null;
    }

    @Override
    Object bodyValue() throws JMSException {
        return getObject();
    }

    /** Deserializes first, so a refused or broken payload reports its own MessageFormatException. */
    @Override
    public <T> T getBody(Class<T> c) throws JMSException {
        Serializable object = getObject();
        if (object != null && !c.isAssignableFrom(object.getClass())) {
            return super.getBody(c);
        }
        return c.cast(object);
    }

    /** False, rather than an exception, if the body cannot be deserialized (Message.isBodyAssignableTo javadoc). */
    @Override
    public boolean isBodyAssignableTo(@SuppressWarnings("rawtypes") Class c) {
        if (payload == null) {
            return true;
        }
        try {
            Object object = codec.deserialize(payload);
            return object == null || ((Class<?>) c).isAssignableFrom(object.getClass());
        } catch (JMSException e) {
            return false;
        }
    }

    @Override
    public ApogeeObjectMessage copy() throws JMSException {
        ApogeeObjectMessage copy = new ApogeeObjectMessage(codec);
        copyHeadersAndPropertiesTo(copy);
        copy.payload = payload;
        return copy;
    }
}

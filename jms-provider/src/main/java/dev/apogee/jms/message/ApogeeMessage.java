package dev.apogee.jms.message;

import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageFormatException;
import jakarta.jms.MessageNotWriteableException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A JMS message without a body, and the base of the typed messages: headers (§3.4), typed properties with the
 * §3.5.4 conversions, read-only state after receive (§3.10), {@link #getBody(Class)} (§3.11) and acknowledgement
 * through the session's {@link AcknowledgeCallback}. Not thread-safe: a message belongs to one session thread at a
 * time, like the session itself.
 */
public class ApogeeMessage implements Message {
    private String messageId;
    private long timestamp;
    private String correlationId;
    private byte[] correlationIdBytes;
    private Destination replyTo;
    private Destination destination;
    private int deliveryMode = DeliveryMode.PERSISTENT;
    private boolean redelivered;
    private String type;
    private long expiration;
    private int priority = Message.DEFAULT_PRIORITY;
    private long deliveryTime;
    private int deliveryCount;
    /** {@link #NO_PROPERTIES} until the first property is put: most messages sent carry none. */
    private Map<String, Object> properties = NO_PROPERTIES;
    private static final Map<String, Object> NO_PROPERTIES = Map.of();
    private boolean propertiesReadOnly;
    private boolean bodyReadOnly;
    private AcknowledgeCallback acknowledgeCallback;

    /** A new, writable message. */
    public ApogeeMessage() {
    }

    // ---- provider-facing state ------------------------------------------------------------------------------------

    /** The body kind, as written in the {@code __JMS_BODY} wire marker. */
    public BodyKind bodyKind() {
        return BodyKind.NONE;
    }

    /**
     * The body bytes to send (null: no body), which the caller must not modify. Each body kind encodes its own
     * rather than the codec switching on the kind: a sender's first message of a new kind then only misses a type
     * check at this call, instead of deoptimizing the send path's compiled code (a never-taken branch) and sending
     * at interpreter speed until it is compiled again.
     */
    byte[] wireBody() throws JMSException {
        return null;
    }

    /**
     * A text body to send as its UTF-8 encoding without this provider making the array (null: the body is
     * {@link #wireBody()}); only a TextMessage with text has one.
     */
    String wireText() {
        return null;
    }

    /**
     * Makes properties and body read-only and a stream-style body readable from the start (§3.10): called on
     * messages handed to a consumer.
     */
    public void markReceived() {
        propertiesReadOnly = true;
        bodyReadOnly = true;
        onBodyMadeReadOnly();
    }

    /** Called when the body becomes read-only; stream-style bodies reset to their start. */
    void onBodyMadeReadOnly() {
    }

    /** Whether the properties are read-only. */
    public boolean isPropertiesReadOnly() {
        return propertiesReadOnly;
    }

    /** Whether the body is read-only. */
    public boolean isBodyReadOnly() {
        return bodyReadOnly;
    }

    void setBodyReadOnly(boolean readOnly) {
        this.bodyReadOnly = readOnly;
    }

    /** Set by the session before delivery; {@code null} makes {@link #acknowledge()} a no-op. */
    public void setAcknowledgeCallback(AcknowledgeCallback callback) {
        this.acknowledgeCallback = callback;
    }

    /** JMSXDeliveryCount (§3.5.11); 0 means "not delivered yet" and the property is then absent. */
    public int deliveryCount() {
        return deliveryCount;
    }

    /** Sets JMSXDeliveryCount; the provider sets it from RocketMQ reconsume times + 1. */
    public void setDeliveryCount(int count) {
        this.deliveryCount = count;
    }

    /**
     * A local redelivery (session recover, rollback, listener exception): JMSRedelivered becomes true and
     * JMSXDeliveryCount grows by one.
     */
    public void markRedelivered() {
        redelivered = true;
        deliveryCount = Math.max(deliveryCount, 1) + 1;
    }

    /** The properties in insertion order, as stored (read-only view, JMSXDeliveryCount excluded). */
    public Map<String, Object> propertyMap() {
        return properties == NO_PROPERTIES ? NO_PROPERTIES : Collections.unmodifiableMap(properties);
    }

    /** Whether any property is stored (JMSXDeliveryCount aside): an encoder skips the map when not. */
    public boolean hasProperties() {
        return !properties.isEmpty();
    }

    /** The map to put into, made on the first put. */
    private Map<String, Object> writableProperties() {
        if (properties == NO_PROPERTIES) {
            properties = new LinkedHashMap<>();
        }
        return properties;
    }

    /** Stores a property without name validation or write checks: used when decoding received messages. */
    public void putReceivedProperty(String name, Object value) {
        if (PropertyNames.JMSX_DELIVERY_COUNT.equals(name) && value instanceof Integer count) {
            deliveryCount = count;
        } else {
            writableProperties().put(name, value);
        }
    }

    /** A deep, writable copy of headers, properties and body: the snapshot a producer sends. */
    public ApogeeMessage copy() throws JMSException {
        ApogeeMessage copy = new ApogeeMessage();
        copyHeadersAndPropertiesTo(copy);
        return copy;
    }

    final void copyHeadersAndPropertiesTo(ApogeeMessage target) {
        target.messageId = messageId;
        target.timestamp = timestamp;
        target.correlationId = correlationId;
        target.correlationIdBytes = correlationIdBytes == null ? null : correlationIdBytes.clone();
        target.replyTo = replyTo;
        target.destination = destination;
        target.deliveryMode = deliveryMode;
        target.redelivered = redelivered;
        target.type = type;
        target.expiration = expiration;
        target.priority = priority;
        target.deliveryTime = deliveryTime;
        target.deliveryCount = deliveryCount;
        if (!properties.isEmpty()) {
            target.writableProperties().putAll(properties);
        }
    }

    // ---- headers (§3.4) --------------------------------------------------------------------------------------------

    @Override
    public String getJMSMessageID() {
        return messageId;
    }

    @Override
    public void setJMSMessageID(String id) {
        this.messageId = id;
    }

    @Override
    public long getJMSTimestamp() {
        return timestamp;
    }

    @Override
    public void setJMSTimestamp(long timestamp) {
        this.timestamp = timestamp;
    }

    /** The correlation id as bytes: the bytes set, or the UTF-8 encoding of the string set, or null. */
    @Override
    public byte[] getJMSCorrelationIDAsBytes() {
        if (correlationIdBytes != null) {
            return correlationIdBytes.clone();
        }
        return correlationId == null ? null : correlationId.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public void setJMSCorrelationIDAsBytes(byte[] correlationID) {
        this.correlationIdBytes = correlationID == null ? null : correlationID.clone();
        this.correlationId = null;
    }

    @Override
    public void setJMSCorrelationID(String correlationID) {
        this.correlationId = correlationID;
        this.correlationIdBytes = null;
    }

    /** The correlation id: the string set, or the bytes set decoded as UTF-8, or null. */
    @Override
    public String getJMSCorrelationID() {
        if (correlationIdBytes != null) {
            return new String(correlationIdBytes, StandardCharsets.UTF_8);
        }
        return correlationId;
    }

    /** Whether the correlation id was set as bytes (the wire form differs). */
    public boolean hasBinaryCorrelationId() {
        return correlationIdBytes != null;
    }

    @Override
    public Destination getJMSReplyTo() {
        return replyTo;
    }

    @Override
    public void setJMSReplyTo(Destination replyTo) {
        this.replyTo = replyTo;
    }

    @Override
    public Destination getJMSDestination() {
        return destination;
    }

    @Override
    public void setJMSDestination(Destination destination) {
        this.destination = destination;
    }

    @Override
    public int getJMSDeliveryMode() {
        return deliveryMode;
    }

    @Override
    public void setJMSDeliveryMode(int deliveryMode) {
        this.deliveryMode = deliveryMode;
    }

    @Override
    public boolean getJMSRedelivered() {
        return redelivered;
    }

    @Override
    public void setJMSRedelivered(boolean redelivered) {
        this.redelivered = redelivered;
    }

    @Override
    public String getJMSType() {
        return type;
    }

    @Override
    public void setJMSType(String type) {
        this.type = type;
    }

    @Override
    public long getJMSExpiration() {
        return expiration;
    }

    @Override
    public void setJMSExpiration(long expiration) {
        this.expiration = expiration;
    }

    @Override
    public long getJMSDeliveryTime() {
        return deliveryTime;
    }

    @Override
    public void setJMSDeliveryTime(long deliveryTime) {
        this.deliveryTime = deliveryTime;
    }

    @Override
    public int getJMSPriority() {
        return priority;
    }

    @Override
    public void setJMSPriority(int priority) {
        this.priority = priority;
    }

    // ---- properties (§3.5) -----------------------------------------------------------------------------------------

    @Override
    public void clearProperties() {
        properties = NO_PROPERTIES;
        propertiesReadOnly = false;
    }

    @Override
    public boolean propertyExists(String name) {
        return properties.containsKey(name) || (isDeliveryCount(name) && deliveryCount > 0);
    }

    private Object get(String name) {
        if (isDeliveryCount(name) && deliveryCount > 0) {
            return deliveryCount;
        }
        return properties.get(name);
    }

    private static boolean isDeliveryCount(String name) {
        return PropertyNames.JMSX_DELIVERY_COUNT.equals(name);
    }

    @Override
    public boolean getBooleanProperty(String name) throws JMSException {
        return TypeConversion.toBoolean(get(name));
    }

    @Override
    public byte getByteProperty(String name) throws JMSException {
        return TypeConversion.toByte(get(name));
    }

    @Override
    public short getShortProperty(String name) throws JMSException {
        return TypeConversion.toShort(get(name));
    }

    @Override
    public int getIntProperty(String name) throws JMSException {
        return TypeConversion.toInt(get(name));
    }

    @Override
    public long getLongProperty(String name) throws JMSException {
        return TypeConversion.toLong(get(name));
    }

    @Override
    public float getFloatProperty(String name) throws JMSException {
        return TypeConversion.toFloat(get(name));
    }

    @Override
    public double getDoubleProperty(String name) throws JMSException {
        return TypeConversion.toDouble(get(name));
    }

    @Override
    public String getStringProperty(String name) throws JMSException {
        return TypeConversion.toStringValue(get(name));
    }

    @Override
    public Object getObjectProperty(String name) {
        return get(name);
    }

    @Override
    public Enumeration<String> getPropertyNames() {
        List<String> names = new ArrayList<>(properties.keySet());
        if (deliveryCount > 0) {
            names.add(PropertyNames.JMSX_DELIVERY_COUNT);
        }
        return Collections.enumeration(names);
    }

    @Override
    public void setBooleanProperty(String name, boolean value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setByteProperty(String name, byte value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setShortProperty(String name, short value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setIntProperty(String name, int value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setLongProperty(String name, long value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setFloatProperty(String name, float value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setDoubleProperty(String name, double value) throws JMSException {
        put(name, value);
    }

    @Override
    public void setStringProperty(String name, String value) throws JMSException {
        put(name, value);
    }

    /** Accepts the boxed property types and String (§3.5.5); {@code null} stores a null-valued property. */
    @Override
    public void setObjectProperty(String name, Object value) throws JMSException {
        if (value != null && !TypeConversion.isPropertyType(value)) {
            throw JmsExceptions.create(ErrorCode.UNSUPPORTED_VALUE_TYPE, "property '" + name + "' cannot hold a "
                    + TypeConversion.typeName(value) + " (only boxed primitives and String are allowed)");
        }
        put(name, value);
    }

    private void put(String name, Object value) throws JMSException {
        PropertyNames.validate(name);
        if (propertiesReadOnly) {
            throw JmsExceptions.create(ErrorCode.NOT_WRITEABLE,
                    "properties of a received message are read-only until clearProperties() is called");
        }
        if (isDeliveryCount(name)) {
            if (!(value instanceof Integer count)) {
                throw JmsExceptions.create(ErrorCode.UNSUPPORTED_VALUE_TYPE, "JMSXDeliveryCount is an int property");
            }
            deliveryCount = count;
            return;
        }
        writableProperties().put(name, value);
    }

    // ---- body (§3.11) ----------------------------------------------------------------------------------------------

    @Override
    public void clearBody() throws JMSException {
        bodyReadOnly = false;
    }

    /** Throws {@link MessageNotWriteableException} if the body is read-only. */
    final void checkBodyWritable() throws JMSException {
        if (bodyReadOnly) {
            throw JmsExceptions.create(ErrorCode.NOT_WRITEABLE,
                    "the body of a received message is read-only until clearBody() is called");
        }
    }

    /** The body as the object {@link #getBody(Class)} returns, or null if the message has no body. */
    Object bodyValue() throws JMSException {
        return null;
    }

    /** The class the body is returned as, or null if the message has no body. */
    Class<?> bodyClass() throws JMSException {
        Object body = bodyValue();
        return body == null ? null : body.getClass();
    }

    @Override
    public <T> T getBody(Class<T> c) throws JMSException {
        if (!isBodyAssignableTo(c)) {
            throw JmsExceptions.create(ErrorCode.BODY_NOT_ASSIGNABLE,
                    "the body of this " + getClass().getSimpleName() + " cannot be assigned to " + c.getName());
        }
        Object body = bodyValue();
        return body == null ? null : c.cast(body);
    }

    @Override
    @SuppressWarnings("rawtypes")
    public boolean isBodyAssignableTo(Class c) throws JMSException {
        Class<?> bodyClass = bodyClass();
        return bodyClass == null || ((Class<?>) c).isAssignableFrom(bodyClass);
    }

    @Override
    public void acknowledge() throws JMSException {
        AcknowledgeCallback callback = acknowledgeCallback;
        if (callback != null) {
            callback.acknowledge(this);
        }
    }

    /** Helper for subclasses: a MessageFormatException for an unsupported writeObject/setObject value. */
    static MessageFormatException unsupported(Object value, String where) {
        return (MessageFormatException) JmsExceptions.create(ErrorCode.UNSUPPORTED_VALUE_TYPE,
                where + " does not accept a " + TypeConversion.typeName(value));
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[id=" + messageId + ", destination=" + destination + "]";
    }
}

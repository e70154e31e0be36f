package dev.apogee.jms.api;

import dev.apogee.jms.message.ApogeeMessage;
import jakarta.jms.BytesMessage;
import jakarta.jms.CompletionListener;
import jakarta.jms.Destination;
import jakarta.jms.JMSProducer;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.MessageFormatRuntimeException;

import java.io.Serializable;
import java.util.Collections;
import java.util.Map;
import java.util.Set;

import static dev.apogee.jms.api.RuntimeExceptions.unchecked;
import static dev.apogee.jms.api.RuntimeExceptions.uncheckedRun;

/**
 * The simplified-API producer: an anonymous {@link ApogeeMessageProducer} of the context's session plus the
 * message properties and headers to set on every message it sends. Properties are kept in a scratch message, so
 * names, types and conversions follow the message rules exactly.
 */
public class ApogeeJMSProducer implements JMSProducer {
    private final ApogeeSession session;
    private final ApogeeMessageProducer producer;
    private final ApogeeMessage properties = new ApogeeMessage();
    private CompletionListener completionListener;
    private String correlationId;
    private byte[] correlationIdBytes;
    private String type;
    private Destination replyTo;

    ApogeeJMSProducer(ApogeeSession session, ApogeeMessageProducer producer) {
        this.session = session;
        this.producer = producer;
    }

    @Override
    public JMSProducer send(Destination destination, Message message) {
        if (message == null) {
            throw new MessageFormatRuntimeException("message must not be null");
        }
        uncheckedRun(() -> {
            for (Map.Entry<String, Object> e : properties.propertyMap().entrySet()) {
                message.setObjectProperty(e.getKey(), e.getValue());
            }
            if (correlationIdBytes != null) {
                message.setJMSCorrelationIDAsBytes(correlationIdBytes);
            } else if (correlationId != null) {
                message.setJMSCorrelationID(correlationId);
            }
            if (type != null) {
                message.setJMSType(type);
            }
            if (replyTo != null) {
                message.setJMSReplyTo(replyTo);
            }
            if (completionListener != null) {
                producer.send(destination, message, completionListener);
            } else {
                producer.send(destination, message);
            }
        });
        return this;
    }

    @Override
    public JMSProducer send(Destination destination, String body) {
        return send(destination, unchecked(() -> session.createTextMessage(body)));
    }

    @Override
    public JMSProducer send(Destination destination, Map<String, Object> body) {
        MapMessage m = unchecked(session::createMapMessage);
        if (body != null) {
            uncheckedRun(() -> {
                for (Map.Entry<String, Object> e : body.entrySet()) {
                    m.setObject(e.getKey(), e.getValue());
                }
            });
        }
        return send(destination, m);
    }

    @Override
    public JMSProducer send(Destination destination, byte[] body) {
        BytesMessage m = unchecked(session::createBytesMessage);
        if (body != null) {
            uncheckedRun(() -> m.writeBytes(body));
        }
        return send(destination, m);
    }

    @Override
    public JMSProducer send(Destination destination, Serializable body) {
        return send(destination, unchecked(() -> session.createObjectMessage(body)));
    }

    @Override
    public JMSProducer setDisableMessageID(boolean value) {
        uncheckedRun(() -> producer.setDisableMessageID(value));
        return this;
    }

    @Override
    public boolean getDisableMessageID() {
        return unchecked(producer::getDisableMessageID);
    }

    @Override
    public JMSProducer setDisableMessageTimestamp(boolean value) {
        uncheckedRun(() -> producer.setDisableMessageTimestamp(value));
        return this;
    }

    @Override
    public boolean getDisableMessageTimestamp() {
        return unchecked(producer::getDisableMessageTimestamp);
    }

    @Override
    public JMSProducer setDeliveryMode(int deliveryMode) {
        uncheckedRun(() -> producer.setDeliveryMode(deliveryMode));
        return this;
    }

    @Override
    public int getDeliveryMode() {
        return unchecked(producer::getDeliveryMode);
    }

    @Override
    public JMSProducer setPriority(int priority) {
        uncheckedRun(() -> producer.setPriority(priority));
        return this;
    }

    @Override
    public int getPriority() {
        return unchecked(producer::getPriority);
    }

    @Override
    public JMSProducer setTimeToLive(long timeToLive) {
        uncheckedRun(() -> producer.setTimeToLive(timeToLive));
        return this;
    }

    @Override
    public long getTimeToLive() {
        return unchecked(producer::getTimeToLive);
    }

    @Override
    public JMSProducer setDeliveryDelay(long deliveryDelay) {
        uncheckedRun(() -> producer.setDeliveryDelay(deliveryDelay));
        return this;
    }

    @Override
    public long getDeliveryDelay() {
        return unchecked(producer::getDeliveryDelay);
    }

    @Override
    public JMSProducer setAsync(CompletionListener completionListener) {
        this.completionListener = completionListener;
        return this;
    }

    @Override
    public CompletionListener getAsync() {
        return completionListener;
    }

    // ---- properties ----

    private JMSProducer set(String name, Object value) {
        uncheckedRun(() -> properties.setObjectProperty(name, value));
        return this;
    }

    @Override
    public JMSProducer setProperty(String name, boolean value) {
        return set(name, value);
    }

    @Override
    public JMSProducer setProperty(String name, byte value) {
        return set(name, value);
    }

    @Override
    public JMSProducer setProperty(String name, short value) {
        return set(name, value);
    }

    @Override
    public JMSProducer setProperty(String name, int value) {
        return set(name, value);
    }

    @Override
    public JMSProducer setProperty(String name, long value) {
        return set(name, value);
    }

    @Override
    public JMSProducer setProperty(String name, float value) {
        return set(name, value);
    }

    @Override
    public JMSProducer setProperty(String name, double value) {
        return set(name, value);
    }

    @Override
    public JMSProducer setProperty(String name, String value) {
        return set(name, value);
    }

    @Override
    public JMSProducer setProperty(String name, Object value) {
        return set(name, value);
    }

    @Override
    public JMSProducer clearProperties() {
        uncheckedRun(properties::clearProperties);
        return this;
    }

    @Override
    public boolean propertyExists(String name) {
        return unchecked(() -> properties.propertyExists(name));
    }

    @Override
    public boolean getBooleanProperty(String name) {
        return unchecked(() -> properties.getBooleanProperty(name));
    }

    @Override
    public byte getByteProperty(String name) {
        return unchecked(() -> properties.getByteProperty(name));
    }

    @Override
    public short getShortProperty(String name) {
        return unchecked(() -> properties.getShortProperty(name));
    }

    @Override
    public int getIntProperty(String name) {
        return unchecked(() -> properties.getIntProperty(name));
    }

    @Override
    public long getLongProperty(String name) {
        return unchecked(() -> properties.getLongProperty(name));
    }

    @Override
    public float getFloatProperty(String name) {
        return unchecked(() -> properties.getFloatProperty(name));
    }

    @Override
    public double getDoubleProperty(String name) {
        return unchecked(() -> properties.getDoubleProperty(name));
    }

    @Override
    public String getStringProperty(String name) {
        return unchecked(() -> properties.getStringProperty(name));
    }

    @Override
    public Object getObjectProperty(String name) {
        return unchecked(() -> properties.getObjectProperty(name));
    }

    @Override
    public Set<String> getPropertyNames() {
        return Collections.unmodifiableSet(new java.util.LinkedHashSet<>(properties.propertyMap().keySet()));
    }

    // ---- headers ----

    @Override
    public JMSProducer setJMSCorrelationIDAsBytes(byte[] correlationID) {
        if (correlationID == null || correlationID.length == 0) {
            throw new jakarta.jms.JMSRuntimeException("correlation id bytes must not be empty");
        }
        this.correlationIdBytes = correlationID.clone();
        this.correlationId = null;
        return this;
    }

    @Override
    public byte[] getJMSCorrelationIDAsBytes() {
        return correlationIdBytes == null ? null : correlationIdBytes.clone();
    }

    @Override
    public JMSProducer setJMSCorrelationID(String correlationID) {
        this.correlationId = correlationID;
        this.correlationIdBytes = null;
        return this;
    }

    @Override
    public String getJMSCorrelationID() {
        return correlationIdBytes != null ? new String(correlationIdBytes, java.nio.charset.StandardCharsets.UTF_8)
                : correlationId;
    }

    @Override
    public JMSProducer setJMSType(String type) {
        this.type = type;
        return this;
    }

    @Override
    public String getJMSType() {
        return type;
    }

    @Override
    public JMSProducer setJMSReplyTo(Destination replyTo) {
        this.replyTo = replyTo;
        return this;
    }

    @Override
    public Destination getJMSReplyTo() {
        return replyTo;
    }
}

package dev.apogee.jms.message;

import dev.apogee.jms.destination.DestinationParser;
import jakarta.jms.BytesMessage;
import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.MessageEOFException;
import jakarta.jms.ObjectMessage;
import jakarta.jms.StreamMessage;
import jakarta.jms.TextMessage;
import java.util.Enumeration;

/**
 * Converts a message of another provider into ours for sending (Jakarta Messaging 3.1 §3.12 "Provider
 * implementations of JMS message interfaces": a provider must be able to send any provider's message). Headers,
 * properties (except JMSXDeliveryCount and other vendors' {@code JMS_<vendor>_} properties) and body are copied; the foreign message is read but not changed, except that a BytesMessage or
 * StreamMessage is {@code reset()} (read from its start). The caller sets the send-time headers on the foreign
 * message afterwards (§3.4.11).
 */
public final class ForeignMessages {
    private ForeignMessages() {
    }

    /** {@code message} itself if it is ours, else an equivalent new message. */
    public static ApogeeMessage toApogee(Message message, ObjectBodyCodec objects) throws JMSException {
        if (message instanceof ApogeeMessage ours) {
            return ours;
        }
        ApogeeMessage copy = copyBody(message, objects);
        copyHeaders(message, copy);
        for (Enumeration<?> names = message.getPropertyNames(); names.hasMoreElements(); ) {
            String name = (String) names.nextElement();
            // JMSXDeliveryCount belongs to the receiver; another vendor's JMS_<vendor>_ properties mean nothing here
            if (!PropertyNames.JMSX_DELIVERY_COUNT.equals(name) && PropertyNames.isValid(name)) {
                copy.setObjectProperty(name, message.getObjectProperty(name));
            }
        }
        return copy;
    }

    private static ApogeeMessage copyBody(Message message, ObjectBodyCodec objects) throws JMSException {
        if (message instanceof TextMessage text) {
            ApogeeTextMessage m = new ApogeeTextMessage();
            m.setText(text.getText());
            return m;
        }
        if (message instanceof BytesMessage bytes) {
            ApogeeBytesMessage m = new ApogeeBytesMessage();
            bytes.reset();
            byte[] buffer = new byte[4096];
            for (int n; (n = bytes.readBytes(buffer)) > 0; ) {
                m.writeBytes(buffer, 0, n);
            }
            return m;
        }
        if (message instanceof MapMessage map) {
            ApogeeMapMessage m = new ApogeeMapMessage();
            for (Enumeration<?> names = map.getMapNames(); names.hasMoreElements(); ) {
                String name = (String) names.nextElement();
                m.setObject(name, map.getObject(name));
            }
            return m;
        }
        if (message instanceof StreamMessage stream) {
            ApogeeStreamMessage m = new ApogeeStreamMessage();
            stream.reset();
            try {
                while (true) {
                    m.writeObject(stream.readObject());
                }
            } catch (MessageEOFException end) {
                return m;
            }
        }
        if (message instanceof ObjectMessage object) {
            ApogeeObjectMessage m = new ApogeeObjectMessage(objects);
            m.setObject(object.getObject());
            return m;
        }
        return new ApogeeMessage();
    }

    private static void copyHeaders(Message from, ApogeeMessage to) throws JMSException {
        to.setJMSMessageID(from.getJMSMessageID());
        to.setJMSTimestamp(from.getJMSTimestamp());
        byte[] correlationBytes = null;
        try {
            correlationBytes = from.getJMSCorrelationIDAsBytes();
        } catch (JMSException | UnsupportedOperationException notSupported) {
            // providers that do not support native byte correlation ids may throw; the string form is copied then
        }
        String correlationId = from.getJMSCorrelationID();
        if (correlationId != null) {
            to.setJMSCorrelationID(correlationId);
        } else if (correlationBytes != null) {
            to.setJMSCorrelationIDAsBytes(correlationBytes);
        }
        to.setJMSReplyTo(DestinationParser.fromForeign(from.getJMSReplyTo()));
        to.setJMSDestination(DestinationParser.fromForeign(from.getJMSDestination()));
        to.setJMSDeliveryMode(from.getJMSDeliveryMode());
        to.setJMSRedelivered(from.getJMSRedelivered());
        to.setJMSType(from.getJMSType());
        to.setJMSExpiration(from.getJMSExpiration());
        to.setJMSPriority(from.getJMSPriority());
        try {
            to.setJMSDeliveryTime(from.getJMSDeliveryTime());
        } catch (AbstractMethodError | UnsupportedOperationException olderProvider) {
            // JMS 1.1-era implementations have no JMSDeliveryTime
        }
    }
}

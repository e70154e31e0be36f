package dev.apogee.jms.message;

import dev.apogee.jms.destination.ApogeeDestination;
import dev.apogee.jms.destination.ApogeeQueue;
import dev.apogee.jms.destination.DestinationNames;
import dev.apogee.jms.destination.DestinationParser;
import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;

/**
 * JMS message ⇄ {@link WireMessage}, following the mapping in {@code MAPPING.md} and the package documentation.
 * Stateless apart from the {@link ObjectBodyCodec} (trusted packages) used for ObjectMessage bodies it creates;
 * thread-safe.
 */
public final class MessageCodec {
    private static final byte[] PLACEHOLDER = {0};
    private static final String NON_PERSISTENT = "NON_PERSISTENT";
    private static final String PERSISTENT = "PERSISTENT";

    private final ObjectBodyCodec objects;

    public MessageCodec(ObjectBodyCodec objects) {
        this.objects = objects;
    }

    /** A codec with the default trusted packages. */
    public MessageCodec() {
        this(ObjectBodyCodec.defaultCodec());
    }

    // ---- encode ----------------------------------------------------------------------------------------------------

    /**
     * Encodes a message for sending. A foreign provider's message is converted first (§3.12). The message's
     * JMSDestination must be set (the producer sets it before encoding).
     */
    public WireMessage encode(Message message) throws JMSException {
        return encode(message, null);
    }

    /**
     * Encodes a message for sending with the sender's noLocal origin ({@code dev.apogee.jms.provider.NoLocal}), or
     * none when {@code origin} is null; an origin the message carries from an earlier send is never passed on.
     */
    public WireMessage encode(Message message, String origin) throws JMSException {
        ApogeeMessage m = ForeignMessages.toApogee(message, objects);
        ApogeeDestination destination = DestinationParser.fromForeign(m.getJMSDestination());
        if (destination == null) {
            throw JmsExceptions.create(ErrorCode.INVALID_DESTINATION, "message has no JMSDestination to send to");
        }
        WireProperties.Writer w = new WireProperties.Writer();
        w.putRaw(WireNames.BODY, m.bodyKind().marker());
        encodeHeaders(m, destination, w);
        String tags = null;
        String keys = null;
        for (Map.Entry<String, Object> e : m.propertyMap().entrySet()) {
            String name = e.getKey();
            if (PropertyNames.TAG.equals(name)) {
                tags = plain(name, TypeConversion.toStringValue(e.getValue()));
            } else if (PropertyNames.KEYS.equals(name)) {
                keys = plain(name, TypeConversion.toStringValue(e.getValue()));
            } else if (PropertyNames.ORIGIN.equals(name)) {
                continue; // a received message's origin: not this sender's
            } else {
                if (WireNames.isSystem(name)) {
                    throw JmsExceptions.create(ErrorCode.UNENCODABLE_VALUE, "property name '" + name
                            + "' is reserved by RocketMQ or the JMS mapping and cannot be sent as a user property");
                }
                w.putTyped(name, e.getValue());
            }
        }
        if (origin != null) {
            w.putRaw(PropertyNames.ORIGIN, origin);
        }
        byte[] body = encodeBody(m, w);
        return WireMessage.forSend(destination.name(), tags, keys, body, w.finish());
    }

    private static void encodeHeaders(ApogeeMessage m, ApogeeDestination destination, WireProperties.Writer w)
            throws JMSException {
        String id = m.getJMSMessageID();
        if (id != null && !id.isEmpty()) {
            w.putString(WireNames.MESSAGE_ID, id);
            String uniq = id.startsWith("ID:") ? id.substring(3) : id;
            if (!uniq.isEmpty() && !WireProperties.needsEscape(uniq)) {
                w.putRaw(WireNames.UNIQ_KEY, uniq);
            }
        }
        w.putRaw(WireNames.TIMESTAMP, Long.toString(m.getJMSTimestamp()));
        if (m.hasBinaryCorrelationId()) {
            w.putString(WireNames.CORRELATION_ID_BYTES,
                    Base64.getEncoder().encodeToString(m.getJMSCorrelationIDAsBytes()));
        } else if (m.getJMSCorrelationID() != null) {
            w.putString(WireNames.CORRELATION_ID, m.getJMSCorrelationID());
        }
        ApogeeDestination replyTo = DestinationParser.fromForeign(m.getJMSReplyTo());
        if (replyTo != null) {
            w.putRaw(WireNames.REPLY_TO, replyTo.toUri());
        }
        w.putRaw(WireNames.DESTINATION, destination.toUri());
        w.putRaw(WireNames.DELIVERY_MODE,
                m.getJMSDeliveryMode() == DeliveryMode.NON_PERSISTENT ? NON_PERSISTENT : PERSISTENT);
        w.putRaw(WireNames.PRIORITY, Integer.toString(m.getJMSPriority()));
        if (m.getJMSType() != null) {
            w.putString(WireNames.TYPE, m.getJMSType());
        }
        if (m.getJMSExpiration() != 0) {
            w.putRaw(WireNames.EXPIRATION, Long.toString(m.getJMSExpiration()));
        }
        if (m.getJMSDeliveryTime() != 0) {
            w.putRaw(WireNames.DELIVERY_TIME, Long.toString(m.getJMSDeliveryTime()));
        }
    }

    /** Tags and keys travel as plain RocketMQ fields: no separators, and empty means none. */
    private static String plain(String name, String value) throws JMSException {
        if (value == null || value.isEmpty()) {
            return null;
        }
        if (WireProperties.needsEscape(value)) {
            throw JmsExceptions.create(ErrorCode.UNENCODABLE_VALUE,
                    name + " must not contain the RocketMQ separators \\u0001 or \\u0002");
        }
        return value;
    }

    private byte[] encodeBody(ApogeeMessage m, WireProperties.Writer w) throws JMSException {
        byte[] body = switch (m.bodyKind()) {
            case NONE -> null;
            case TEXT -> {
                String text = ((ApogeeTextMessage) m).getText();
                yield text == null ? null : text.getBytes(StandardCharsets.UTF_8);
            }
            case BYTES -> ((ApogeeBytesMessage) m).bodyBytes();
            case MAP -> ((ApogeeMapMessage) m).encodeBody();
            case STREAM -> ((ApogeeStreamMessage) m).encodeBody();
            case OBJECT -> ((ApogeeObjectMessage) m).payload();
        };
        // RocketMQ clients refuse null and zero-length bodies (MESSAGE_ILLEGAL): send one placeholder byte instead.
        if (body == null) {
            w.putRaw(WireNames.EMPTY_BODY, "null");
            return PLACEHOLDER.clone();
        }
        if (body.length == 0) {
            w.putRaw(WireNames.EMPTY_BODY, "empty");
            return PLACEHOLDER.clone();
        }
        return body;
    }

    // ---- decode ----------------------------------------------------------------------------------------------------

    /**
     * Decodes a received message, from a JMS or a native producer, into a read-only JMS message.
     *
     * @param fallbackDestination JMSDestination when the message does not carry one (native producers): the
     *                            consumer's destination; null means a queue named after the wire topic
     */
    public ApogeeMessage decode(WireMessage wire, Destination fallbackDestination) throws JMSException {
        Map<String, String> props = wire.properties();
        WireProperties.Reader r = new WireProperties.Reader(props);
        BodyKind kind = BodyKind.fromMarker(props.get(WireNames.BODY));
        String empty = props.get(WireNames.EMPTY_BODY);
        byte[] body = empty != null ? null : wire.body();
        ApogeeMessage m = decodeBody(kind == null ? BodyKind.BYTES : kind, body, "empty".equals(empty));
        decodeHeaders(wire, r, m, fallbackDestination);
        if (wire.tags() != null && !wire.tags().isEmpty()) {
            m.putReceivedProperty(PropertyNames.TAG, wire.tags());
        }
        if (wire.keys() != null && !wire.keys().isEmpty()) {
            m.putReceivedProperty(PropertyNames.KEYS, wire.keys());
        }
        for (String name : props.keySet()) {
            if (!WireNames.isSystem(name)) {
                m.putReceivedProperty(name, r.typed(name));
            }
        }
        for (String name : r.typedNames()) {
            if (!WireNames.isSystem(name) && !props.containsKey(name)) {
                m.putReceivedProperty(name, r.typed(name));
            }
        }
        m.setDeliveryCount(Math.max(0, wire.reconsumeTimes()) + 1);
        m.setJMSRedelivered(wire.reconsumeTimes() > 0);
        m.markReceived();
        return m;
    }

    private ApogeeMessage decodeBody(BodyKind kind, byte[] body, boolean emptyNotNull) throws JMSException {
        switch (kind) {
            case NONE:
                return new ApogeeMessage();
            case TEXT: {
                ApogeeTextMessage t = new ApogeeTextMessage();
                t.setText(body != null ? new String(body, StandardCharsets.UTF_8) : emptyNotNull ? "" : null);
                return t;
            }
            case MAP: {
                ApogeeMapMessage map = new ApogeeMapMessage();
                map.decodeBody(body);
                return map;
            }
            case STREAM: {
                ApogeeStreamMessage stream = new ApogeeStreamMessage();
                stream.decodeBody(body);
                return stream;
            }
            case OBJECT: {
                ApogeeObjectMessage object = new ApogeeObjectMessage(objects);
                object.setPayload(body);
                return object;
            }
            default:
                return ApogeeBytesMessage.received(body);
        }
    }

    private static void decodeHeaders(WireMessage wire, WireProperties.Reader r, ApogeeMessage m,
                                      Destination fallback) throws JMSException {
        Map<String, String> props = wire.properties();
        String uniq = props.get(WireNames.UNIQ_KEY);
        m.setJMSMessageID(uniq != null ? "ID:" + uniq : r.string(WireNames.MESSAGE_ID));
        m.setJMSTimestamp(parseLong(props.get(WireNames.TIMESTAMP), wire.bornTimestamp()));
        if (r.has(WireNames.CORRELATION_ID_BYTES)) {
            m.setJMSCorrelationIDAsBytes(decodeBase64(r.string(WireNames.CORRELATION_ID_BYTES)));
        } else if (r.has(WireNames.CORRELATION_ID)) {
            m.setJMSCorrelationID(r.string(WireNames.CORRELATION_ID));
        } else {
            m.setJMSCorrelationID(props.get(WireNames.NATIVE_CORRELATION_ID));
        }
        m.setJMSReplyTo(parseDestination(props.get(WireNames.REPLY_TO)));
        Destination destination = parseDestination(props.get(WireNames.DESTINATION));
        if (destination == null) {
            destination = fallback != null ? fallback
                    : DestinationNames.isValid(wire.topic()) ? new ApogeeQueue(wire.topic()) : null;
        }
        m.setJMSDestination(destination);
        String mode = props.get(WireNames.DELIVERY_MODE);
        m.setJMSDeliveryMode(NON_PERSISTENT.equals(mode) || "1".equals(mode)
                ? DeliveryMode.NON_PERSISTENT : DeliveryMode.PERSISTENT);
        int priority = (int) parseLong(props.get(WireNames.PRIORITY), Message.DEFAULT_PRIORITY);
        m.setJMSPriority(Math.max(0, Math.min(9, priority)));
        m.setJMSType(r.string(WireNames.TYPE));
        m.setJMSExpiration(parseLong(props.get(WireNames.EXPIRATION), 0L));
        m.setJMSDeliveryTime(parseLong(props.get(WireNames.DELIVERY_TIME), 0L));
    }

    private static byte[] decodeBase64(String text) throws JMSException {
        try {
            return text == null ? null : Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            throw JmsExceptions.create(ErrorCode.CORRUPT_MESSAGE, "bad " + WireNames.CORRELATION_ID_BYTES, e);
        }
    }

    /** Lenient: a value a native producer got wrong falls back to the default rather than failing the message. */
    private static long parseLong(String value, long fallback) {
        if (value == null) {
            return fallback;
        }
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    private static Destination parseDestination(String value) {
        if (value == null) {
            return null;
        }
        try {
            return DestinationParser.parse(value);
        } catch (JMSException e) {
            return null;
        }
    }
}

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
import java.util.function.BiConsumer;

/**
 * JMS message ⇄ {@link WireMessage}, following the mapping in {@code MAPPING.md} and the package documentation.
 * Stateless apart from the {@link ObjectBodyCodec} (trusted packages) used for ObjectMessage bodies it creates and
 * the caches of recently parsed destinations; thread-safe.
 */
public final class MessageCodec {
    private static final byte[] PLACEHOLDER = {0};
    private static final String NON_PERSISTENT = "NON_PERSISTENT";
    private static final String PERSISTENT = "PERSISTENT";
    /** JMSPriority 0-9 as wire strings, one instance each rather than one per message. */
    private static final String[] PRIORITIES = {"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"};

    private final ObjectBodyCodec objects;
    /** Consecutive messages of a consumer name the same destination and reply-to: parsed once, not per message. */
    private final DestinationCache destinations = new DestinationCache();
    private final DestinationCache replyTos = new DestinationCache();

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
        if (m.hasProperties()) { // most messages carry none: no view or iterator then
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
        }
        if (origin != null) {
            w.putRaw(PropertyNames.ORIGIN, origin);
        }
        String text = m.wireText();
        if (text != null) {
            return WireMessage.forSendText(destination.topic(), tags, keys, text, w.finish());
        }
        byte[] body = encodeBody(m, w);
        return WireMessage.forSend(destination.topic(), tags, keys, body, w.finish());
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
        String timestamp = Long.toString(m.getJMSTimestamp());
        w.putRaw(WireNames.TIMESTAMP, timestamp);
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
        int priority = m.getJMSPriority();
        w.putRaw(WireNames.PRIORITY, priority >= 0 && priority < PRIORITIES.length
                ? PRIORITIES[priority] : Integer.toString(priority));
        if (m.getJMSType() != null) {
            w.putString(WireNames.TYPE, m.getJMSType());
        }
        if (m.getJMSExpiration() != 0) {
            w.putRaw(WireNames.EXPIRATION, Long.toString(m.getJMSExpiration()));
        }
        if (m.getJMSDeliveryTime() != 0) { // without a delivery delay the same instant as the timestamp
            w.putRaw(WireNames.DELIVERY_TIME, m.getJMSDeliveryTime() == m.getJMSTimestamp() ? timestamp
                    : Long.toString(m.getJMSDeliveryTime()));
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
        byte[] body = m.wireBody(); // see ApogeeMessage.wireBody: no switch on the kind here
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
        ReceivedFields f = new ReceivedFields();
        props.forEach(f); // one pass picks out the mapping's fields; user properties are taken below if there are any
        WireProperties.Reader r = new WireProperties.Reader(f.types);
        BodyKind kind = BodyKind.fromMarker(f.body);
        byte[] body = f.empty != null ? null : wire.body();
        ApogeeMessage m = decodeBody(kind == null ? BodyKind.BYTES : kind, body, "empty".equals(f.empty));
        decodeHeaders(wire, f, r, m, fallbackDestination);
        if (wire.tags() != null && !wire.tags().isEmpty()) {
            m.putReceivedProperty(PropertyNames.TAG, wire.tags());
        }
        if (wire.keys() != null && !wire.keys().isEmpty()) {
            m.putReceivedProperty(PropertyNames.KEYS, wire.keys());
        }
        if (f.others > 0) {
            props.forEach((name, value) -> {
                if (!WireNames.isSystem(name)) {
                    m.putReceivedProperty(name, r.typed(name, value));
                }
            });
        }
        if (f.types != null) {
            for (String name : r.typedNames()) { // null and "" values are not on the wire: only their type is
                if (!props.containsKey(name) && !WireNames.isSystem(name)) {
                    m.putReceivedProperty(name, r.typed(name, null));
                }
            }
        }
        m.setDeliveryCount(Math.max(0, wire.reconsumeTimes()) + 1);
        m.setJMSRedelivered(wire.reconsumeTimes() > 0);
        m.markReceived();
        return m;
    }

    /**
     * The wire values of the mapping's own properties, collected in one pass over a received message's properties
     * (decoding thread only). {@code others} counts the properties that are none of them: user properties, or
     * RocketMQ bookkeeping that {@link WireNames#isSystem} sorts out.
     */
    private static final class ReceivedFields implements BiConsumer<String, String> {
        String body;
        String empty;
        String types;
        String uniqKey;
        String messageId;
        String timestamp;
        String correlationId;
        String correlationIdBytes;
        String nativeCorrelationId;
        String replyTo;
        String destination;
        String deliveryMode;
        String priority;
        String type;
        String expiration;
        String deliveryTime;
        int others;

        @Override
        public void accept(String name, String value) {
            switch (name) {
                case WireNames.BODY -> body = value;
                case WireNames.EMPTY_BODY -> empty = value;
                case WireNames.TYPES -> types = value;
                case WireNames.UNIQ_KEY -> uniqKey = value;
                case WireNames.MESSAGE_ID -> messageId = value;
                case WireNames.TIMESTAMP -> timestamp = value;
                case WireNames.CORRELATION_ID -> correlationId = value;
                case WireNames.CORRELATION_ID_BYTES -> correlationIdBytes = value;
                case WireNames.NATIVE_CORRELATION_ID -> nativeCorrelationId = value;
                case WireNames.REPLY_TO -> replyTo = value;
                case WireNames.DESTINATION -> destination = value;
                case WireNames.DELIVERY_MODE -> deliveryMode = value;
                case WireNames.PRIORITY -> priority = value;
                case WireNames.TYPE -> type = value;
                case WireNames.EXPIRATION -> expiration = value;
                case WireNames.DELIVERY_TIME -> deliveryTime = value;
                case "WAIT", "MIN_OFFSET", "MAX_OFFSET" -> { } // set on every message by the native client
                default -> others++;
            }
        }
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

    private void decodeHeaders(WireMessage wire, ReceivedFields f, WireProperties.Reader r, ApogeeMessage m,
                               Destination fallback) throws JMSException {
        m.setJMSMessageID(f.uniqKey != null ? "ID:" + f.uniqKey : r.string(WireNames.MESSAGE_ID, f.messageId));
        m.setJMSTimestamp(parseLong(f.timestamp, wire.bornTimestamp()));
        if (f.correlationIdBytes != null || r.hasType(WireNames.CORRELATION_ID_BYTES)) {
            m.setJMSCorrelationIDAsBytes(decodeBase64(r.string(WireNames.CORRELATION_ID_BYTES,
                    f.correlationIdBytes)));
        } else if (f.correlationId != null || r.hasType(WireNames.CORRELATION_ID)) {
            m.setJMSCorrelationID(r.string(WireNames.CORRELATION_ID, f.correlationId));
        } else {
            m.setJMSCorrelationID(f.nativeCorrelationId);
        }
        m.setJMSReplyTo(replyTos.parse(f.replyTo));
        Destination destination = destinations.parse(f.destination);
        if (destination == null) {
            destination = fallback != null ? fallback
                    : queueOfTopic(wire.topic());
        }
        m.setJMSDestination(destination);
        String mode = f.deliveryMode;
        m.setJMSDeliveryMode(NON_PERSISTENT.equals(mode) || "1".equals(mode)
                ? DeliveryMode.NON_PERSISTENT : DeliveryMode.PERSISTENT);
        int priority = (int) parseLong(f.priority, Message.DEFAULT_PRIORITY);
        m.setJMSPriority(Math.max(0, Math.min(9, priority)));
        m.setJMSType(r.string(WireNames.TYPE, f.type));
        m.setJMSExpiration(parseLong(f.expiration, 0L));
        m.setJMSDeliveryTime(parseLong(f.deliveryTime, 0L));
    }

    private static byte[] decodeBase64(String text) throws JMSException {
        try {
            return text == null ? null : Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            throw JmsExceptions.create(ErrorCode.CORRUPT_MESSAGE, "bad " + WireNames.CORRELATION_ID_BYTES, e);
        }
    }

    /** Lenient: a value a native producer got wrong falls back to the default rather than failing the message. */
    /** A queue over {@code topic} (a native message read without a consumer's destination), or null if none maps. */
    private static Destination queueOfTopic(String topic) {
        String name = DestinationNames.nameOfTopic(topic);
        try {
            return name == null ? null : new ApogeeQueue(name);
        } catch (JMSException e) {
            return null;
        }
    }

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
}

package dev.apogee.client.message;

import dev.apogee.remoting.codec.Utf8;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiConsumer;

/**
 * A message to send: topic, body, user flag and properties. Tags, keys, delay level and delivery time are kept as
 * the reserved properties the broker understands ({@code TAGS}, {@code KEYS}, {@code DELAY}, {@code TIMER_*}).
 *
 * <p>Not thread-safe: built by one thread, then handed to a producer. A sent message gets its {@code UNIQ_KEY}.
 */
public class Message {
    private String topic;
    private int flag;
    private byte[] body;
    /** A body given as text and not encoded yet (then {@link #body} is null); see {@link #setTextBody}. */
    private String textBody;
    /** The body's length in bytes: of {@link #body}, or of {@link #textBody}'s UTF-8 encoding; 0 without a body. */
    private int bodyLength;
    private Map<String, String> properties;
    /**
     * A received message's properties as stored (section 4.3), decoded into {@link #properties} on first access: a
     * consumer that reads them in one pass ({@link #encodedProperties()}) never builds the map.
     */
    private String encodedProperties;
    /**
     * Pairs added to a still-encoded message ({@link #appendEncodedProperties}), kept apart rather than concatenated:
     * a pull appends the same MIN/MAX_OFFSET pairs to each of its messages, and one shared string saves a copy of
     * every message's properties.
     */
    private String appendedProperties;

    public Message() {
    }

    public Message(String topic, byte[] body) {
        this(topic, null, null, body);
    }

    public Message(String topic, String tags, byte[] body) {
        this(topic, tags, null, body);
    }

    public Message(String topic, String tags, String keys, byte[] body) {
        this.topic = topic;
        setBody(body);
        if (tags != null && !tags.isEmpty()) {
            setTags(tags);
        }
        if (keys != null && !keys.isEmpty()) {
            setKeys(keys);
        }
        setWaitStoreMsgOK(true);
    }

    public String getTopic() {
        return topic;
    }

    public void setTopic(String topic) {
        this.topic = topic;
    }

    public int getFlag() {
        return flag;
    }

    public void setFlag(int flag) {
        this.flag = flag;
    }

    /** The body; a text body ({@link #setTextBody}) is encoded now, once. */
    public byte[] getBody() {
        if (body == null && textBody != null) {
            body = textBody.getBytes(StandardCharsets.UTF_8);
            textBody = null;
        }
        return body;
    }

    public void setBody(byte[] body) {
        this.body = body;
        this.textBody = null;
        this.bodyLength = body == null ? 0 : body.length;
    }

    /**
     * A body given as text, whose UTF-8 encoding is the body: kept as the string until a reader needs bytes, so a
     * send that encodes the message straight into the outgoing frame ({@link #writeBody}) never makes the body
     * array.
     */
    public void setTextBody(String text) {
        setBody(null, Objects.requireNonNull(text, "text"), Utf8.length(text));
    }

    /**
     * Sets the body from the parts a sender already has: {@code bytes}, or, when that is null, {@code text} whose
     * UTF-8 encoding is {@code length} bytes (the body of {@link #setTextBody}). Both kinds take this one path with
     * no branch on which: the JIT compiles a branch only ever seen going one way as a trap, so a sender that moved
     * from text to bytes bodies would discard its compiled send path at the first message of the other kind.
     */
    public void setBody(byte[] bytes, String text, int length) {
        this.body = bytes;
        this.textBody = text;
        this.bodyLength = length;
    }

    /** The body's length in bytes (0 without a body), without encoding a text body. */
    public int getBodyLength() {
        return bodyLength;
    }

    /** Writes the body ({@link #getBodyLength} bytes) at {@code out}'s position; a text body as UTF-8, in place. */
    public void writeBody(ByteBuffer out) {
        if (body != null) {
            out.put(body);
        } else if (textBody != null) {
            Utf8.put(out, textBody);
        }
    }

    public String getTags() {
        return getProperty(MessageConst.TAGS);
    }

    public void setTags(String tags) {
        putProperty(MessageConst.TAGS, tags);
    }

    public String getKeys() {
        return getProperty(MessageConst.KEYS);
    }

    public void setKeys(String keys) {
        putProperty(MessageConst.KEYS, keys);
    }

    /** Several business keys, stored space-separated. */
    public void setKeys(Collection<String> keys) {
        setKeys(String.join(" ", keys));
    }

    /** Delay level 1..18 of the broker's {@code messageDelayLevel} table; 0 clears it. */
    public int getDelayTimeLevel() {
        String level = getProperty(MessageConst.DELAY);
        return level == null ? 0 : Integer.parseInt(level);
    }

    public void setDelayTimeLevel(int level) {
        if (level <= 0) {
            clearProperty(MessageConst.DELAY);
        } else {
            putProperty(MessageConst.DELAY, String.valueOf(level));
        }
    }

    /** Absolute delivery time (epoch ms) of a timer message (5.x brokers). */
    public long getDeliverTimeMs() {
        String value = getProperty(MessageConst.TIMER_DELIVER_MS);
        return value == null ? 0 : Long.parseLong(value);
    }

    public void setDeliverTimeMs(long deliverTimeMs) {
        putProperty(MessageConst.TIMER_DELIVER_MS, String.valueOf(deliverTimeMs));
    }

    /** Relative delay (ms) of a timer message (5.x brokers). */
    public void setDelayTimeMs(long delayMillis) {
        putProperty(MessageConst.TIMER_DELAY_MS, String.valueOf(delayMillis));
    }

    public boolean isWaitStoreMsgOK() {
        String value = getProperty(MessageConst.WAIT);
        return value == null || Boolean.parseBoolean(value);
    }

    public void setWaitStoreMsgOK(boolean wait) {
        putProperty(MessageConst.WAIT, Boolean.toString(wait));
    }

    /** Sets an application property; reserved names (see {@link MessageConst#RESERVED}) are refused. */
    public void putUserProperty(String name, String value) {
        if (MessageConst.RESERVED.contains(name)) {
            throw new IllegalArgumentException("the property name '" + name + "' is reserved by the system");
        }
        if (name == null || name.isBlank() || value == null || value.isBlank()) {
            throw new IllegalArgumentException("property names and values must not be null or blank");
        }
        putProperty(name, value);
    }

    public String getUserProperty(String name) {
        return getProperty(name);
    }

    public String getProperty(String name) {
        Map<String, String> decoded = decoded();
        return decoded == null ? null : decoded.get(name);
    }

    /** Sets any property including reserved ones; for the client's own use and for tests. */
    public void putProperty(String name, String value) {
        if (decoded() == null) {
            properties = new HashMap<>();
        }
        properties.put(name, value);
    }

    public void clearProperty(String name) {
        if (decoded() != null) {
            properties.remove(name);
        }
    }

    public Map<String, String> getProperties() {
        Map<String, String> decoded = decoded();
        return decoded == null ? Collections.emptyMap() : decoded;
    }

    public void setProperties(Map<String, String> properties) {
        this.properties = properties;
        this.encodedProperties = null;
        this.appendedProperties = null;
    }

    /** Sets the properties as stored (section 4.3); they are decoded when first read through the map accessors. */
    public void setEncodedProperties(String encoded) {
        this.properties = null;
        this.encodedProperties = encoded;
        this.appendedProperties = null;
    }

    /**
     * The properties string of a received message as long as nothing decoded it into the map (null afterwards, and
     * for messages built by the application), for readers that take the pairs in one pass ({@link PropertiesCodec});
     * pairs appended since then included.
     */
    public String encodedProperties() {
        if (appendedProperties != null) {
            encodedProperties = PropertiesCodec.concat(encodedProperties, appendedProperties);
            appendedProperties = null;
        }
        return encodedProperties;
    }

    /**
     * Hands each property of a still-encoded message to {@code sink} in one pass, appended pairs last (so a reader
     * that stores them by name ends with what the map would hold), names equal to one of {@code knownNames} as that
     * instance (see {@link PropertiesCodec#forEachPair(String, String[], BiConsumer)}). False, having done nothing,
     * when the properties are a map already.
     */
    public boolean forEachEncodedProperty(String[] knownNames, BiConsumer<String, String> sink) {
        return forEachEncodedProperty(knownNames, null, sink);
    }

    /**
     * {@link #forEachEncodedProperty(String[], BiConsumer)}, reusing the values of known names through
     * {@code lastValues} (see {@link PropertiesCodec#forEachPair(String, String[], String[], BiConsumer)}).
     */
    public boolean forEachEncodedProperty(String[] knownNames, String[] lastValues, BiConsumer<String, String> sink) {
        if (encodedProperties == null) {
            return false;
        }
        PropertiesCodec.forEachPair(encodedProperties, knownNames, lastValues, sink);
        PropertiesCodec.forEachPair(appendedProperties, knownNames, lastValues, sink);
        return true;
    }

    /**
     * Adds encoded {@code pairs} (section 4.3) as {@link #putProperty} would, without decoding a received message's
     * properties: kept after the encoded form, where later pairs win. {@code pairs} may be one instance shared by
     * many messages.
     */
    public void appendEncodedProperties(String pairs) {
        if (encodedProperties == null) {
            PropertiesCodec.forEachPair(pairs, this::putProperty);
        } else {
            appendedProperties = appendedProperties == null ? pairs
                    : PropertiesCodec.concat(appendedProperties, pairs);
        }
    }

    private Map<String, String> decoded() {
        if (encodedProperties != null) {
            properties = PropertiesCodec.decode(encodedProperties);
            PropertiesCodec.forEachPair(appendedProperties, properties::put);
            encodedProperties = null;
            appendedProperties = null;
        }
        return properties;
    }

    @Override
    public String toString() {
        return "Message[topic=" + topic + ", flag=" + flag + ", properties=" + getProperties() + ", bodyLength="
                + getBodyLength() + "]";
    }
}

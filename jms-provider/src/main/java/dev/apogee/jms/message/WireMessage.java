package dev.apogee.jms.message;

import dev.apogee.remoting.codec.Utf8;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The neutral wire form of a message, between {@link MessageCodec} and the native client: what a RocketMQ message
 * carries apart from flags and routing. {@code properties} are the RocketMQ properties other than {@code TAGS} and
 * {@code KEYS} (which have their own fields); names and values never contain {@code \u0001}/{@code \u0002} and values
 * are never empty (RocketMQ drops empty values). {@code bornTimestamp} and {@code reconsumeTimes} are meaningful only
 * for received messages (0 when sending).
 *
 * @param topic          RocketMQ topic
 * @param tags           the TAGS property, or null
 * @param keys           the KEYS property (space-separated), or null
 * @param body           the body bytes, uncompressed (the native client compresses, protocol §4.7); null when
 *                       {@code text} stands for them
 * @param text           a text body not encoded yet (a TextMessage being sent; null otherwise): its UTF-8 encoding
 *                       is the body, which the native client writes straight into the request, and {@link #body()}
 *                       encodes it for any other reader
 * @param bodyLength     the body's length in bytes (of {@code body}, or of {@code text} encoded)
 * @param properties     the other properties
 * @param bornTimestamp  born timestamp of a received message (protocol §4.1 field 9)
 * @param reconsumeTimes deliveries of a received message before this one: its reconsume times (protocol §4.1 field
 *                       13), plus one when the broker flagged it as handed to the group before (a consumer closed or
 *                       died without acknowledging)
 */
public record WireMessage(String topic, String tags, String keys, byte[] body, String text, int bodyLength,
                          Map<String, String> properties, long bornTimestamp, int reconsumeTimes) {

    public WireMessage {
        // a received message's properties are already an immutable copy, built once by the provider
        properties = properties instanceof WirePropertyMap ? properties : Map.copyOf(properties);
    }

    /** A message whose body is bytes (every received message). */
    public WireMessage(String topic, String tags, String keys, byte[] body, Map<String, String> properties,
                       long bornTimestamp, int reconsumeTimes) {
        this(topic, tags, keys, body, null, body == null ? 0 : body.length, properties, bornTimestamp,
                reconsumeTimes);
    }

    /** The body bytes; a text body is encoded here (each call: the native client takes the text instead). */
    @Override
    public byte[] body() {
        return body != null || text == null ? body : text.getBytes(StandardCharsets.UTF_8);
    }

    /** Hands the body to the native message that sends it: the bytes, or the text for the client to encode. */
    public void giveBodyTo(dev.apogee.client.message.Message message) {
        message.setBody(body, text, bodyLength); // no branch on the kind: see Message#setBody(byte[], String, int)
    }

    /** A message to send. */
    public static WireMessage forSend(String topic, String tags, String keys, byte[] body,
                                      Map<String, String> properties) {
        return new WireMessage(topic, tags, keys, body, properties, 0L, 0);
    }

    /**
     * A message to send whose body is the UTF-8 encoding of {@code text} (not empty), left to the native client: a
     * TextMessage's send then never allocates its body as an array (a kilobyte per message of a typical text, on the
     * sending thread, where a young JVM pays a page fault per fresh 4 KiB of heap).
     */
    public static WireMessage forSendText(String topic, String tags, String keys, String text,
                                          Map<String, String> properties) {
        return new WireMessage(topic, tags, keys, null, text, Utf8.length(text), properties, 0L, 0);
    }
}

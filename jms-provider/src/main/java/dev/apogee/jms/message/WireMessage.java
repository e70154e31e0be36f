package dev.apogee.jms.message;

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
 * @param body           the body bytes, uncompressed (the native client compresses, protocol §4.7)
 * @param properties     the other properties
 * @param bornTimestamp  born timestamp of a received message (protocol §4.1 field 9)
 * @param reconsumeTimes deliveries of a received message before this one: its reconsume times (protocol §4.1 field
 *                       13), plus one when the broker flagged it as handed to the group before (a consumer closed or
 *                       died without acknowledging)
 */
public record WireMessage(String topic, String tags, String keys, byte[] body, Map<String, String> properties,
                          long bornTimestamp, int reconsumeTimes) {

    public WireMessage {
        // a received message's properties are already an immutable copy, built once by the provider
        properties = properties instanceof WirePropertyMap ? properties : Map.copyOf(properties);
    }

    /** A message to send. */
    public static WireMessage forSend(String topic, String tags, String keys, byte[] body,
                                      Map<String, String> properties) {
        return new WireMessage(topic, tags, keys, body, properties, 0L, 0);
    }
}

package dev.apogee.remoting.protocol.pop;

import dev.apogee.remoting.protocol.CommandHeader;
import dev.apogee.remoting.protocol.HeaderFields;
import java.util.Map;

/**
 * ACK_MESSAGE (200051) request header: acks one popped message.
 *
 * @param topic      the topic the message was popped from ({@link ReceiptHandle#realTopic}: a retry topic for a
 *                   redelivered message)
 * @param extraInfo  the message's {@link ReceiptHandle}
 * @param offset     the message's queue offset
 * @param brokerName the {@code bname} of the official RPC header, may be null
 */
public record AckMessageRequestHeader(String consumerGroup, String topic, int queueId, String extraInfo, long offset,
                                      String brokerName) implements CommandHeader {

    /** The request for a message of subscribed {@code topic} carrying {@code handle}. */
    public static AckMessageRequestHeader of(String group, String topic, ReceiptHandle handle) {
        return new AckMessageRequestHeader(group, handle.realTopic(topic, group), handle.queueId(), handle.encode(),
                handle.queueOffset(), handle.brokerName());
    }

    @Override
    public void writeTo(Map<String, String> extFields) {
        CommandHeader.put(extFields, "consumerGroup", consumerGroup);
        CommandHeader.put(extFields, "topic", topic);
        extFields.put("queueId", String.valueOf(queueId));
        CommandHeader.put(extFields, "extraInfo", extraInfo);
        extFields.put("offset", String.valueOf(offset));
        CommandHeader.put(extFields, "bname", brokerName);
    }

    public static AckMessageRequestHeader read(HeaderFields h) {
        return new AckMessageRequestHeader(h.requireString("consumerGroup"), h.requireString("topic"),
                h.requireInt("queueId"), h.requireString("extraInfo"), h.requireLong("offset"),
                h.optionalString("bname"));
    }
}

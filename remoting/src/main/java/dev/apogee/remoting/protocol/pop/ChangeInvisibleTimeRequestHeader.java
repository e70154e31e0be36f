package dev.apogee.remoting.protocol.pop;

import dev.apogee.remoting.protocol.CommandHeader;
import dev.apogee.remoting.protocol.HeaderFields;
import java.util.Map;

/**
 * CHANGE_MESSAGE_INVISIBLETIME (200053) request header: makes a popped message invisible for {@code invisibleTime}
 * ms from now (0: visible again at once). The answer carries a new handle's time fields, the old handle is spent.
 *
 * @param topic      the topic the message was popped from ({@link ReceiptHandle#realTopic})
 * @param extraInfo  the message's current {@link ReceiptHandle}
 * @param offset     the message's queue offset
 * @param brokerName the {@code bname} of the official RPC header, may be null
 */
public record ChangeInvisibleTimeRequestHeader(String consumerGroup, String topic, int queueId, String extraInfo,
                                               long offset, long invisibleTime, String brokerName)
        implements CommandHeader {

    /** The request for a message of subscribed {@code topic} carrying {@code handle}. */
    public static ChangeInvisibleTimeRequestHeader of(String group, String topic, ReceiptHandle handle,
                                                      long invisibleTime) {
        return new ChangeInvisibleTimeRequestHeader(group, handle.realTopic(topic, group), handle.queueId(),
                handle.encode(), handle.queueOffset(), invisibleTime, handle.brokerName());
    }

    /**
     * The handle that replaces the changed one, as the official client builds it: its checkpoint starts at the
     * message's own offset, with the response's pop time, invisible time and revive queue.
     */
    public ReceiptHandle renewed(ChangeInvisibleTimeResponseHeader response) {
        return ReceiptHandle.of(offset, response.popTime(), response.invisibleTime(), response.reviveQid(), topic,
                ReceiptHandle.parse(extraInfo).brokerName(), queueId, offset);
    }

    @Override
    public void writeTo(Map<String, String> extFields) {
        CommandHeader.put(extFields, "consumerGroup", consumerGroup);
        CommandHeader.put(extFields, "topic", topic);
        extFields.put("queueId", String.valueOf(queueId));
        CommandHeader.put(extFields, "extraInfo", extraInfo);
        extFields.put("offset", String.valueOf(offset));
        extFields.put("invisibleTime", String.valueOf(invisibleTime));
        CommandHeader.put(extFields, "bname", brokerName);
    }

    public static ChangeInvisibleTimeRequestHeader read(HeaderFields h) {
        return new ChangeInvisibleTimeRequestHeader(h.requireString("consumerGroup"), h.requireString("topic"),
                h.requireInt("queueId"), h.requireString("extraInfo"), h.requireLong("offset"),
                h.requireLong("invisibleTime"), h.optionalString("bname"));
    }
}

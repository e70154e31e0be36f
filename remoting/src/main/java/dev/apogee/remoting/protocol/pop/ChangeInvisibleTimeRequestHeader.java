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
 * @param notDelivered Apogee extension {@value #NOT_DELIVERED} (sent only when true, ignored by Apache brokers): the
 *                   client gives the message back without having handed it to an application (a JMS consumer's
 *                   prefetch released at close or recover), so an Apogee broker makes it due again with its reconsume
 *                   count unchanged instead of counting a delivery
 */
public record ChangeInvisibleTimeRequestHeader(String consumerGroup, String topic, int queueId, String extraInfo,
                                               long offset, long invisibleTime, String brokerName,
                                               boolean notDelivered)
        implements CommandHeader {
    /** The ext field of the "release, not delivered" extension. */
    public static final String NOT_DELIVERED = "apogeeNotDelivered";

    /** A request without the extension (as the official client sends it). */
    public ChangeInvisibleTimeRequestHeader(String consumerGroup, String topic, int queueId, String extraInfo,
                                            long offset, long invisibleTime, String brokerName) {
        this(consumerGroup, topic, queueId, extraInfo, offset, invisibleTime, brokerName, false);
    }

    /** The request for a message of subscribed {@code topic} carrying {@code handle}. */
    public static ChangeInvisibleTimeRequestHeader of(String group, String topic, ReceiptHandle handle,
                                                      long invisibleTime) {
        return new ChangeInvisibleTimeRequestHeader(group, handle.realTopic(topic, group), handle.queueId(),
                handle.encode(), handle.queueOffset(), invisibleTime, handle.brokerName());
    }

    /**
     * Gives the message back at once (invisible time 0) as never handed to an application: an Apogee broker does not
     * count it as a delivery.
     */
    public static ChangeInvisibleTimeRequestHeader releaseUndelivered(String group, String topic,
                                                                      ReceiptHandle handle) {
        return new ChangeInvisibleTimeRequestHeader(group, handle.realTopic(topic, group), handle.queueId(),
                handle.encode(), handle.queueOffset(), 0, handle.brokerName(), true);
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
        if (notDelivered) {
            extFields.put(NOT_DELIVERED, "true");
        }
    }

    public static ChangeInvisibleTimeRequestHeader read(HeaderFields h) {
        return new ChangeInvisibleTimeRequestHeader(h.requireString("consumerGroup"), h.requireString("topic"),
                h.requireInt("queueId"), h.requireString("extraInfo"), h.requireLong("offset"),
                h.requireLong("invisibleTime"), h.optionalString("bname"),
                "true".equals(h.optionalString(NOT_DELIVERED)));
    }
}

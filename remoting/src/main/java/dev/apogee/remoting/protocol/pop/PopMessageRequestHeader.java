package dev.apogee.remoting.protocol.pop;

import dev.apogee.remoting.protocol.CommandHeader;
import dev.apogee.remoting.protocol.HeaderFields;
import java.util.Map;

/**
 * POP_MESSAGE (200050) request header.
 *
 * @param queueId       a queue to pop from, or -1 for any queue of the broker (not for orderly pops)
 * @param invisibleTime ms the popped messages stay invisible to the group
 * @param pollTime      ms the broker may hold the request when nothing is poppable (long polling)
 * @param bornTime      client time of the request, ms
 * @param initMode      where a group without an offset starts: {@link #INIT_MODE_MIN} (the queue's first
 *                      message) or {@link #INIT_MODE_MAX} (only messages sent from now on)
 * @param expType       TAG, SQL92 (or, on an Apogee broker, JMS); null for all messages
 * @param order         true for an orderly pop (one queue locked until its batch is acked), null when not set
 * @param attemptId     the client's id of this attempt, reused when it retries the same pop (may be null)
 * @param brokerName    the {@code bname} of the official RPC header, may be null
 */
public record PopMessageRequestHeader(String consumerGroup, String topic, int queueId, int maxMsgNums,
                                      long invisibleTime, long pollTime, long bornTime, int initMode, String expType,
                                      String exp, Boolean order, String attemptId, String brokerName)
        implements CommandHeader {
    /** The official {@code ConsumeInitMode.MIN}: a new group starts at the queue's minimum offset. */
    public static final int INIT_MODE_MIN = 0;
    /** The official {@code ConsumeInitMode.MAX}: a new group starts at the queue's maximum offset. */
    public static final int INIT_MODE_MAX = 1;

    public boolean isOrder() {
        return Boolean.TRUE.equals(order);
    }

    @Override
    public void writeTo(Map<String, String> extFields) {
        CommandHeader.put(extFields, "consumerGroup", consumerGroup);
        CommandHeader.put(extFields, "topic", topic);
        extFields.put("queueId", String.valueOf(queueId));
        extFields.put("maxMsgNums", String.valueOf(maxMsgNums));
        extFields.put("invisibleTime", String.valueOf(invisibleTime));
        extFields.put("pollTime", String.valueOf(pollTime));
        extFields.put("bornTime", String.valueOf(bornTime));
        extFields.put("initMode", String.valueOf(initMode));
        CommandHeader.put(extFields, "expType", expType);
        CommandHeader.put(extFields, "exp", exp);
        CommandHeader.put(extFields, "order", order);
        CommandHeader.put(extFields, "attemptId", attemptId);
        CommandHeader.put(extFields, "bname", brokerName);
    }

    /** Reads the header; the fields the official header marks not-null are required. */
    public static PopMessageRequestHeader read(HeaderFields h) {
        return new PopMessageRequestHeader(h.requireString("consumerGroup"), h.requireString("topic"),
                h.requireInt("queueId"), h.requireInt("maxMsgNums"), h.requireLong("invisibleTime"),
                h.requireLong("pollTime"), h.requireLong("bornTime"), h.requireInt("initMode"),
                h.optionalString("expType"), h.optionalString("exp"), h.optionalBoolean("order"),
                h.optionalString("attemptId"), h.optionalString("bname"));
    }
}

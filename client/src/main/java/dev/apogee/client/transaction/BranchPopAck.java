package dev.apogee.client.transaction;

import dev.apogee.client.pop.PoppedMessage;
import dev.apogee.remoting.protocol.pop.ReceiptHandle;

/**
 * A popped message that is acknowledged with its branch: at commit the broker acks {@code group}'s message at
 * {@code offset} of ({@code topic}, {@code queueId}) on {@code brokerName}, in the same atomic append as the branch's
 * messages; while an XA branch is prepared the message cannot come back; a rollback makes it due again at once (its
 * redelivery counted). {@code topic} is the one the broker acts on (the subscribed topic, or the group's retry topic
 * the message was popped from), as in an ACK_MESSAGE; {@code receiptHandle} is the pop's {@code extraInfo} and must
 * name the same queue and offset.
 */
public record BranchPopAck(String group, String topic, String brokerName, int queueId, long offset,
                           String receiptHandle) {

    /**
     * The ack of {@code message} (popped for {@code group}) with its current receipt handle. Take it after any
     * invisible-time change of the message has completed: a change spends the handle it replaces.
     */
    public static BranchPopAck of(String group, PoppedMessage message) {
        ReceiptHandle handle = message.handle();
        long offset = handle.queueOffset() != ReceiptHandle.UNKNOWN_OFFSET ? handle.queueOffset()
                : message.message().getQueueOffset();
        return new BranchPopAck(group, handle.realTopic(message.topic(), group), handle.brokerName(),
                handle.queueId(), offset, handle.encode());
    }
}

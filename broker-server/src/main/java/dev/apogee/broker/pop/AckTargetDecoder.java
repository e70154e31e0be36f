package dev.apogee.broker.pop;

import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.TopicConfig;
import dev.apogee.remoting.protocol.pop.AckMessageRequestHeader;
import dev.apogee.remoting.protocol.pop.ChangeInvisibleTimeRequestHeader;
import dev.apogee.store.MessageStore;

/**
 * Decodes the message an ACK_MESSAGE or a CHANGE_MESSAGE_INVISIBLETIME names and refuses what the official broker
 * refuses, in its order: TOPIC_NOT_EXIST (17) for an unknown topic, MESSAGE_ILLEGAL (13) for a queue out of range,
 * INVALID_PARAMETER (29) for a malformed or mismatched receipt handle ({@link ReceiptHandleCheck}), NO_MESSAGE (208)
 * for an offset outside the queue. Each refusal is thrown as {@link PopChecks#refuse} (answered with its code and
 * remark). Stateless apart from its collaborators; called on the ack executor.
 */
final class AckTargetDecoder {
    private final PopChecks checks;
    private final MessageStore store;

    AckTargetDecoder(PopChecks checks, MessageStore store) {
        this.checks = checks;
        this.store = store;
    }

    AckTarget decode(AckMessageRequestHeader h) {
        return decode(h.consumerGroup(), h.topic(), h.queueId(), h.offset(), h.extraInfo());
    }

    AckTarget decode(ChangeInvisibleTimeRequestHeader h) {
        return decode(h.consumerGroup(), h.topic(), h.queueId(), h.offset(), h.extraInfo());
    }

    private AckTarget decode(String group, String topic, int queueId, long offset, String extraInfo) {
        TopicConfig config = checks.knownTopic(topic);
        checks.queueInRange(config, queueId, false, ResponseCode.MESSAGE_ILLEGAL);
        AckTarget target = new AckTarget(group, topic, queueId, offset,
                ReceiptHandleCheck.check(extraInfo, queueId, offset));
        long min = store.getMinOffsetInQueue(topic, queueId);
        long max = store.getMaxOffsetInQueue(topic, queueId);
        if (offset < min || offset > max) {
            throw PopChecks.refuse(ResponseCode.NO_MESSAGE, "offset is illegal, key:" + topic + "@" + queueId
                    + ", commit:" + offset + ", store:" + min + "," + max);
        }
        return target;
    }
}

package dev.apogee.broker.pop;

import dev.apogee.remoting.netty.RemotingResponder;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.TopicConfig;
import dev.apogee.remoting.protocol.pop.AckMessageRequestHeader;
import dev.apogee.store.MessageStore;
import io.netty.channel.Channel;

/**
 * ACK_MESSAGE (200051): the message named by the header's topic, queue and offset is done for the group. Answered
 * SUCCESS once the ack's journal record is durable (SYNC_FLUSH: after the group commit's force), or at once when the
 * message was done already (acked twice, or acked after a redelivery: the official broker answers SUCCESS too).
 * TOPIC_NOT_EXIST (17), MESSAGE_ILLEGAL (13) for a queue out of range, NO_MESSAGE (208) for an offset outside the
 * queue, INVALID_PARAMETER (29) for a malformed receipt handle, as the official broker refuses them.
 */
final class AckMessageProcessor implements RequestProcessor {
    private final PopChecks checks;
    private final PopService pops;
    private final MessageStore store;

    AckMessageProcessor(PopChecks checks, PopService pops, MessageStore store) {
        this.checks = checks;
        this.pops = pops;
        this.store = store;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        AckMessageRequestHeader h = AckMessageRequestHeader.read(request.header());
        String group = h.consumerGroup();
        String topic = h.topic();
        int queueId = h.queueId();
        long offset = h.offset();
        TopicConfig config = checks.knownTopic(topic);
        checks.queueInRange(config, queueId, false, ResponseCode.MESSAGE_ILLEGAL);
        ReceiptHandleCheck.check(h.extraInfo(), queueId, offset);
        RemotingCommand outOfRange = outOfRange(store, request, topic, queueId, offset);
        if (outOfRange != null) {
            return outOfRange;
        }
        pops.ack(group, topic, queueId, offset).whenComplete((ok, e) -> RemotingResponder.respond(channel, request,
                ok != null && ok ? RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null)
                        : RemotingCommand.createResponse(request, ResponseCode.SYSTEM_ERROR,
                                "storing the ack failed" + (e != null ? ": " + e : ""))));
        return null;
    }

    /** NO_MESSAGE when {@code offset} is outside the queue, as the official broker answers. */
    static RemotingCommand outOfRange(MessageStore store, RemotingCommand request, String topic, int queueId,
            long offset) {
        long min = store.getMinOffsetInQueue(topic, queueId);
        long max = store.getMaxOffsetInQueue(topic, queueId);
        if (offset < min || offset > max) {
            return RemotingCommand.createResponse(request, ResponseCode.NO_MESSAGE, "offset is illegal, key:"
                    + topic + "@" + queueId + ", commit:" + offset + ", store:" + min + "," + max);
        }
        return null;
    }
}

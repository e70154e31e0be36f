package dev.apogee.broker.pop;

import dev.apogee.remoting.netty.RemotingResponder;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.TopicConfig;
import dev.apogee.remoting.protocol.pop.ChangeInvisibleTimeRequestHeader;
import dev.apogee.remoting.protocol.pop.ChangeInvisibleTimeResponseHeader;
import dev.apogee.store.MessageStore;
import io.netty.channel.Channel;

/**
 * CHANGE_MESSAGE_INVISIBLETIME (200053): the held message becomes invisible for {@code invisibleTime} from now (the
 * official push consumer's back-off after a failed consume; 0 releases it at once). Answered once the change is
 * durable, with the new {@code popTime}, {@code invisibleTime} and {@code reviveQid} from which the client builds the
 * message's new receipt handle. A message done already stays done (answered SUCCESS).
 */
final class ChangeInvisibleTimeProcessor implements RequestProcessor {
    private final PopChecks checks;
    private final PopService pops;
    private final MessageStore store;

    ChangeInvisibleTimeProcessor(PopChecks checks, PopService pops, MessageStore store) {
        this.checks = checks;
        this.pops = pops;
        this.store = store;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        ChangeInvisibleTimeRequestHeader h = ChangeInvisibleTimeRequestHeader.read(request.header());
        String group = h.consumerGroup();
        String topic = h.topic();
        int queueId = h.queueId();
        long offset = h.offset();
        long invisibleTime = h.invisibleTime();
        TopicConfig config = checks.knownTopic(topic);
        checks.queueInRange(config, queueId, false, ResponseCode.MESSAGE_ILLEGAL);
        PopChecks.invisibleTimeInRange(invisibleTime);
        int reviveQid = ReceiptHandleCheck.check(h.extraInfo(), queueId, offset).reviveQid();
        RemotingCommand outOfRange = AckMessageProcessor.outOfRange(store, request, topic, queueId, offset);
        if (outOfRange != null) {
            return outOfRange;
        }
        pops.changeInvisibleTime(group, topic, queueId, offset, invisibleTime).whenComplete((popTime, e) -> {
            RemotingCommand response;
            if (popTime == null || popTime < 0) {
                response = RemotingCommand.createResponse(request, ResponseCode.SYSTEM_ERROR,
                        "storing the change failed" + (e != null ? ": " + e : ""));
            } else {
                response = RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null);
                response.writeHeader(new ChangeInvisibleTimeResponseHeader(popTime, invisibleTime, reviveQid));
            }
            RemotingResponder.respond(channel, request, response);
        });
        return null;
    }
}

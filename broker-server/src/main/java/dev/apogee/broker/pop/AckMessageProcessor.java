package dev.apogee.broker.pop;

import dev.apogee.remoting.netty.RemotingResponder;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.pop.AckMessageRequestHeader;
import io.netty.channel.Channel;

/**
 * ACK_MESSAGE (200051): the message named by the header's topic, queue and offset is done for the group. Answered
 * SUCCESS once the ack's journal record is durable (SYNC_FLUSH: after the group commit's force), or at once when the
 * message was done already (acked twice, or acked after a redelivery: the official broker answers SUCCESS too).
 * Refused as {@link AckTargetDecoder} says.
 */
final class AckMessageProcessor implements RequestProcessor {
    private final AckTargetDecoder targets;
    private final PopService pops;

    AckMessageProcessor(AckTargetDecoder targets, PopService pops) {
        this.targets = targets;
        this.pops = pops;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        AckTarget t = targets.decode(AckMessageRequestHeader.read(request.header()));
        pops.ack(t.group(), t.topic(), t.queueId(), t.offset()).whenComplete((ok, e) -> RemotingResponder.respond(
                channel, request, ok != null && ok ? RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null)
                        : RemotingCommand.createResponse(request, ResponseCode.SYSTEM_ERROR,
                                "storing the ack failed" + (e != null ? ": " + e : ""))));
        return null;
    }
}

package dev.apogee.broker.pop;

import dev.apogee.remoting.netty.RemotingResponder;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.pop.ChangeInvisibleTimeRequestHeader;
import dev.apogee.remoting.protocol.pop.ChangeInvisibleTimeResponseHeader;
import io.netty.channel.Channel;

import java.util.concurrent.CompletableFuture;

/**
 * CHANGE_MESSAGE_INVISIBLETIME (200053): the held message becomes invisible for {@code invisibleTime} from now (the
 * official push consumer's back-off after a failed consume; 0 releases it at once). Answered once the change is
 * durable, with the new {@code popTime}, {@code invisibleTime} and {@code reviveQid} from which the client builds the
 * message's new receipt handle. A message done already stays done (answered SUCCESS). Refused as
 * {@link AckTargetDecoder} says, and INVALID_PARAMETER for an invisible time out of range.
 *
 * <p>Apogee extension: with {@code apogeeNotDelivered=true} and invisible time 0 the message is released as never
 * delivered (its reconsume count stays). Any change to 0 makes the message due again (counted unless released
 * undelivered) and wakes the topic's held pops before the answer (on the expiry thread), not at the next sweep, so a
 * client's next pop after its releases finds them, in offset order.
 */
final class ChangeInvisibleTimeProcessor implements RequestProcessor {
    private final AckTargetDecoder targets;
    private final PopService pops;
    private final PopExpiryService expiry;

    ChangeInvisibleTimeProcessor(AckTargetDecoder targets, PopService pops, PopExpiryService expiry) {
        this.targets = targets;
        this.pops = pops;
        this.expiry = expiry;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        ChangeInvisibleTimeRequestHeader h = ChangeInvisibleTimeRequestHeader.read(request.header());
        AckTarget t = targets.decode(h);
        long invisibleTime = h.invisibleTime();
        PopChecks.invisibleTimeInRange(invisibleTime);
        int reviveQid = t.handle().reviveQid();
        boolean release = h.notDelivered() && invisibleTime == 0;
        CompletableFuture<Long> changed = release
                ? pops.releaseUndelivered(t.group(), t.topic(), t.queueId(), t.offset())
                : pops.changeInvisibleTime(t.group(), t.topic(), t.queueId(), t.offset(), invisibleTime);
        if (invisibleTime == 0) { // due now (counted unless released undelivered): held pops need not wait a tick
            LedgerKey key = new LedgerKey(t.group(), t.topic(), t.queueId());
            changed = changed.thenCompose(popTime -> popTime == null || popTime < 0
                    ? CompletableFuture.completedFuture(popTime)
                    : expiry.expireNow(key).thenApply(ignored -> popTime));
        }
        changed.whenComplete((popTime, e) -> {
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

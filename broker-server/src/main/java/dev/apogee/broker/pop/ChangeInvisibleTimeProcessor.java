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

import java.util.concurrent.CompletableFuture;

/**
 * CHANGE_MESSAGE_INVISIBLETIME (200053): the held message becomes invisible for {@code invisibleTime} from now (the
 * official push consumer's back-off after a failed consume; 0 releases it at once). Answered once the change is
 * durable, with the new {@code popTime}, {@code invisibleTime} and {@code reviveQid} from which the client builds the
 * message's new receipt handle. A message done already stays done (answered SUCCESS).
 *
 * <p>Apogee extension: with {@code apogeeNotDelivered=true} and invisible time 0 the message is released as never
 * delivered (its reconsume count stays). Any change to 0 makes the message due again (counted unless released
 * undelivered) and wakes the topic's held pops before the answer (on the expiry thread), not at the next sweep, so a
 * client's next pop after its releases finds them, in offset order.
 */
final class ChangeInvisibleTimeProcessor implements RequestProcessor {
    private final PopChecks checks;
    private final PopService pops;
    private final MessageStore store;
    private final PopExpiryService expiry;

    ChangeInvisibleTimeProcessor(PopChecks checks, PopService pops, MessageStore store, PopExpiryService expiry) {
        this.checks = checks;
        this.pops = pops;
        this.store = store;
        this.expiry = expiry;
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
        boolean release = h.notDelivered() && invisibleTime == 0;
        CompletableFuture<Long> changed = release ? pops.releaseUndelivered(group, topic, queueId, offset)
                : pops.changeInvisibleTime(group, topic, queueId, offset, invisibleTime);
        if (invisibleTime == 0) { // due now (counted unless released undelivered): held pops need not wait a tick
            LedgerKey key = new LedgerKey(group, topic, queueId);
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

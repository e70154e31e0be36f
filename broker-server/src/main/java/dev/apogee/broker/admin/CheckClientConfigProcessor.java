package dev.apogee.broker.admin;

import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.CheckClientRequestBody;
import dev.apogee.remoting.protocol.body.ExpressionType;
import dev.apogee.remoting.protocol.body.SubscriptionData;
import io.netty.channel.Channel;

/**
 * CHECK_CLIENT_CONFIG (46): sent by consumers at start for non-TAG subscriptions. TAG is always fine; anything else
 * is refused with the official "does not support" answer while the broker has no property filter engine
 * ({@code sqlSupported} false), which makes {@code consumer.start()} fail early instead of pulls failing later.
 */
public final class CheckClientConfigProcessor implements RequestProcessor {
    private final boolean sqlSupported;

    public CheckClientConfigProcessor(boolean sqlSupported) {
        this.sqlSupported = sqlSupported;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        CheckClientRequestBody body = request.body() == null ? null : CheckClientRequestBody.decode(request.body());
        SubscriptionData subscription = body == null ? null : body.getSubscriptionData();
        String type = subscription == null || subscription.getExpressionType() == null
                ? ExpressionType.TAG : subscription.getExpressionType();
        if (ExpressionType.isTagType(type) || sqlSupported) {
            return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null);
        }
        return RemotingCommand.createResponse(request, ResponseCode.SYSTEM_ERROR,
                "The broker does not support consumer to filter message by " + type);
    }
}

package dev.apogee.broker.admin;

import dev.apogee.broker.pull.PullChecks;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.CheckClientRequestBody;
import dev.apogee.remoting.protocol.body.ExpressionType;
import dev.apogee.remoting.protocol.body.SubscriptionData;
import io.netty.channel.Channel;

/**
 * CHECK_CLIENT_CONFIG (46): sent by consumers at start for non-TAG subscriptions. TAG is always fine; SQL92 is
 * compiled by the broker's property filter factory, so an invalid expression fails {@code consumer.start()} with
 * SUBSCRIPTION_PARSE_FAILED (23) instead of every pull failing later; without a factory (property filtering off)
 * the official "does not support" answer is given.
 */
public final class CheckClientConfigProcessor implements RequestProcessor {
    private final PullChecks.PropertyFilterFactory propertyFilters;

    /** @param propertyFilters the SQL92 filter factory, or {@code null} when property filtering is disabled */
    public CheckClientConfigProcessor(PullChecks.PropertyFilterFactory propertyFilters) {
        this.propertyFilters = propertyFilters;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        CheckClientRequestBody body = request.body() == null ? null : CheckClientRequestBody.decode(request.body());
        SubscriptionData subscription = body == null ? null : body.getSubscriptionData();
        String type = subscription == null || subscription.getExpressionType() == null
                ? ExpressionType.TAG : subscription.getExpressionType();
        if (ExpressionType.isTagType(type)) {
            return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null);
        }
        if (propertyFilters == null) {
            return RemotingCommand.createResponse(request, ResponseCode.SYSTEM_ERROR,
                    "The broker does not support consumer to filter message by " + type);
        }
        propertyFilters.create(subscription);
        return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null);
    }
}

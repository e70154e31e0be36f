package dev.apogee.broker.admin;

import dev.apogee.broker.subscription.SubscriptionGroupTable;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import io.netty.channel.Channel;

/** GET_ALL_SUBSCRIPTIONGROUP_CONFIG (201): {@code {"subscriptionGroupTable":{name:config…}}}. */
public final class GetAllSubscriptionGroupConfigProcessor implements RequestProcessor {
    private final SubscriptionGroupTable groups;

    public GetAllSubscriptionGroupConfigProcessor(SubscriptionGroupTable groups) {
        this.groups = groups;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null).body(groups.toJson());
    }
}

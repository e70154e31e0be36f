package dev.apogee.broker.admin;

import dev.apogee.broker.subscription.SubscriptionGroupConfig;
import dev.apogee.broker.subscription.SubscriptionGroupTable;
import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RemotingCommandException;
import dev.apogee.remoting.protocol.ResponseCode;
import io.netty.channel.Channel;

/** UPDATE_AND_CREATE_SUBSCRIPTIONGROUP (200): body = one SubscriptionGroupConfig; creates or replaces the group. */
public final class UpdateAndCreateSubscriptionGroupProcessor implements RequestProcessor {
    private final SubscriptionGroupTable groups;

    public UpdateAndCreateSubscriptionGroupProcessor(SubscriptionGroupTable groups) {
        this.groups = groups;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        if (request.body() == null) {
            throw new RemotingCommandException(ResponseCode.INVALID_PARAMETER, "the group config body is missing");
        }
        SubscriptionGroupConfig config = SubscriptionGroupConfig.readFrom(new JsonReader(request.body()));
        if (config.groupName() == null || config.groupName().isBlank()) {
            throw new RemotingCommandException(ResponseCode.INVALID_PARAMETER, "the group config has no groupName");
        }
        groups.put(config);
        return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null);
    }
}

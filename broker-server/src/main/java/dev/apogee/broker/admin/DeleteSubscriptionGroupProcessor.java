package dev.apogee.broker.admin;

import dev.apogee.broker.offset.ConsumerOffsetTable;
import dev.apogee.broker.subscription.SubscriptionGroupTable;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import io.netty.channel.Channel;

import java.util.function.Consumer;

/**
 * DELETE_SUBSCRIPTIONGROUP (207): header {@code groupName}, optional {@code cleanOffset} to drop its offsets, and its
 * POP state, too.
 */
public final class DeleteSubscriptionGroupProcessor implements RequestProcessor {
    private final SubscriptionGroupTable groups;
    private final ConsumerOffsetTable offsets;
    private final Consumer<String> forgetPopState;

    public DeleteSubscriptionGroupProcessor(SubscriptionGroupTable groups, ConsumerOffsetTable offsets,
            Consumer<String> forgetPopState) {
        this.groups = groups;
        this.offsets = offsets;
        this.forgetPopState = forgetPopState;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        String group = request.header().requireString("groupName");
        groups.delete(group);
        if (request.header().optionalBoolean("cleanOffset", false)) {
            offsets.removeGroup(group);
            forgetPopState.accept(group);
        }
        return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null);
    }
}

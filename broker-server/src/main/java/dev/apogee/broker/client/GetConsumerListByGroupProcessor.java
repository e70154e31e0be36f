package dev.apogee.broker.client;

import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.ConsumerIdList;
import io.netty.channel.Channel;

import java.util.List;

/** GET_CONSUMER_LIST_BY_GROUP (38): the client ids of a group's live members, for client-side rebalance. */
public final class GetConsumerListByGroupProcessor implements RequestProcessor {
    private final ConsumerRegistry consumers;

    public GetConsumerListByGroupProcessor(ConsumerRegistry consumers) {
        this.consumers = consumers;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        String group = request.header().requireString("consumerGroup");
        ConsumerGroupInfo info = consumers.group(group);
        List<String> ids = info == null ? List.of() : info.clientIds();
        if (ids.isEmpty()) {
            return RemotingCommand.createResponse(request, ResponseCode.SYSTEM_ERROR,
                    "no consumer for this group, " + group);
        }
        return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null)
                .body(new ConsumerIdList(ids).encode());
    }
}

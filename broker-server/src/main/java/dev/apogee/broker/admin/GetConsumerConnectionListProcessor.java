package dev.apogee.broker.admin;

import dev.apogee.broker.client.ClientChannelInfo;
import dev.apogee.broker.client.ConsumerGroupInfo;
import dev.apogee.broker.client.ConsumerRegistry;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.Connection;
import dev.apogee.remoting.protocol.body.ConsumerConnection;
import io.netty.channel.Channel;

/**
 * GET_CONSUMER_CONNECTION_LIST (203): a group's live connections, subscriptions and consume settings;
 * CONSUMER_NOT_ONLINE (206) when no client of the group is connected.
 */
public final class GetConsumerConnectionListProcessor implements RequestProcessor {
    private final ConsumerRegistry consumers;

    public GetConsumerConnectionListProcessor(ConsumerRegistry consumers) {
        this.consumers = consumers;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        String group = request.header().requireString("consumerGroup");
        ConsumerGroupInfo info = consumers.group(group);
        if (info == null || info.channels().isEmpty()) {
            return RemotingCommand.createResponse(request, ResponseCode.CONSUMER_NOT_ONLINE,
                    "the consumer group[" + group + "] not online");
        }
        ConsumerConnection body = new ConsumerConnection();
        for (ClientChannelInfo client : info.channels()) {
            body.getConnectionSet().add(new Connection(client.clientId(), client.clientAddress(),
                    client.language() == null ? "JAVA" : client.language().name(), client.version()));
        }
        body.getSubscriptionTable().putAll(info.subscriptions());
        body.setConsumeType(info.consumeType());
        body.setMessageModel(info.messageModel());
        body.setConsumeFromWhere(info.consumeFromWhere());
        return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null).body(body.encode());
    }
}

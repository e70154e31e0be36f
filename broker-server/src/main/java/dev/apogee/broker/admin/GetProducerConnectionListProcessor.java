package dev.apogee.broker.admin;

import dev.apogee.broker.client.ClientChannelInfo;
import dev.apogee.broker.client.ProducerRegistry;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.Connection;
import io.netty.channel.Channel;

import java.util.Map;

/** GET_PRODUCER_CONNECTION_LIST (204): a producer group's live connections; SYSTEM_ERROR when it has none. */
public final class GetProducerConnectionListProcessor implements RequestProcessor {
    private final ProducerRegistry producers;

    public GetProducerConnectionListProcessor(ProducerRegistry producers) {
        this.producers = producers;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        String group = request.header().requireString("producerGroup");
        Map<Channel, ClientChannelInfo> channels = producers.channels(group);
        if (channels.isEmpty()) {
            return RemotingCommand.createResponse(request, ResponseCode.SYSTEM_ERROR,
                    "the producer group[" + group + "] not exist");
        }
        ProducerConnection body = new ProducerConnection();
        for (ClientChannelInfo client : channels.values()) {
            body.connectionSet().add(new Connection(client.clientId(), client.clientAddress(),
                    client.language() == null ? "JAVA" : client.language().name(), client.version()));
        }
        return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null).body(body.encode());
    }
}

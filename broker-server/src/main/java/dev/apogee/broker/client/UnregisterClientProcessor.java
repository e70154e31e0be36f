package dev.apogee.broker.client;

import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.HeaderFields;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import io.netty.channel.Channel;

/** UNREGISTER_CLIENT (35): a client leaves a producer or consumer group (at its shutdown). */
public final class UnregisterClientProcessor implements RequestProcessor {
    private final ConsumerRegistry consumers;
    private final ProducerRegistry producers;

    public UnregisterClientProcessor(ConsumerRegistry consumers, ProducerRegistry producers) {
        this.consumers = consumers;
        this.producers = producers;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        HeaderFields header = request.header();
        header.requireString("clientID");
        String producerGroup = header.optionalString("producerGroup");
        String consumerGroup = header.optionalString("consumerGroup");
        if (producerGroup != null) {
            producers.unregister(producerGroup, channel);
        }
        if (consumerGroup != null) {
            consumers.unregister(consumerGroup, channel);
        }
        return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null);
    }
}

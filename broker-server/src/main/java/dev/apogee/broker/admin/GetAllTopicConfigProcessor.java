package dev.apogee.broker.admin;

import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import io.netty.channel.Channel;

/** GET_ALL_TOPIC_CONFIG (21): the whole topic table as a TopicConfigSerializeWrapper. */
public final class GetAllTopicConfigProcessor implements RequestProcessor {
    private final TopicConfigTable topics;

    public GetAllTopicConfigProcessor(TopicConfigTable topics) {
        this.topics = topics;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null)
                .body(topics.snapshot().encode());
    }
}

package dev.apogee.broker.admin;

import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.TopicConfig;
import io.netty.channel.Channel;

/**
 * GET_TOPIC_CONFIG (351): one topic's config; TOPIC_NOT_EXIST (17) for an unknown topic, which the admin tools
 * tolerate (they do not tolerate 3).
 */
public final class GetTopicConfigProcessor implements RequestProcessor {
    private final TopicConfigTable topics;

    public GetTopicConfigProcessor(TopicConfigTable topics) {
        this.topics = topics;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        String topic = request.header().requireString("topic");
        TopicConfig config = topics.get(topic);
        if (config == null) {
            return RemotingCommand.createResponse(request, ResponseCode.TOPIC_NOT_EXIST,
                    "No topic in this broker. topic: " + topic);
        }
        return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null).body(config.encode());
    }
}

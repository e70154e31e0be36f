package dev.apogee.broker.admin;

import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.remoting.json.JsonReader;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RemotingCommandException;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.TopicConfig;
import io.netty.channel.Channel;

import java.util.ArrayList;
import java.util.List;

/**
 * UPDATE_AND_CREATE_TOPIC_LIST (18): body {@code {"topicConfigList":[TopicConfig…]}}; every topic is checked before
 * any is created, so a bad entry changes nothing.
 */
public final class UpdateAndCreateTopicListProcessor implements RequestProcessor {
    private final TopicConfigTable topics;

    public UpdateAndCreateTopicListProcessor(TopicConfigTable topics) {
        this.topics = topics;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        List<TopicConfig> configs = decode(request.body());
        configs.forEach(TopicConfigChecks::check);
        configs.forEach(topics::put);
        return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null);
    }

    static List<TopicConfig> decode(byte[] body) {
        if (body == null) {
            throw new RemotingCommandException(ResponseCode.INVALID_PARAMETER, "the topic list body is missing");
        }
        List<TopicConfig> configs = new ArrayList<>();
        JsonReader reader = new JsonReader(body);
        reader.beginObject();
        while (reader.hasNext()) {
            if ("topicConfigList".equals(reader.nextName()) && !reader.skipIfNull()) {
                reader.readArray(configs, TopicConfig::readFrom);
            } else {
                reader.skipValue();
            }
        }
        reader.endObject();
        return configs;
    }
}

package dev.apogee.broker.admin;

import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.HeaderFields;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.PermName;
import dev.apogee.remoting.protocol.body.TopicConfig;
import dev.apogee.remoting.protocol.body.TopicFilterType;
import io.netty.channel.Channel;

/**
 * UPDATE_AND_CREATE_TOPIC (17): creates or replaces a topic from the header fields; the table's change listener
 * then registers it with the name servers. Attributes are not supported and ignored.
 */
public final class UpdateAndCreateTopicProcessor implements RequestProcessor {
    private final TopicConfigTable topics;

    public UpdateAndCreateTopicProcessor(TopicConfigTable topics) {
        this.topics = topics;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        TopicConfig config = fromHeader(request.header());
        TopicConfigChecks.check(config);
        topics.put(config);
        return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null);
    }

    static TopicConfig fromHeader(HeaderFields h) {
        TopicConfig config = new TopicConfig(h.requireString("topic"), h.requireInt("readQueueNums"),
                h.requireInt("writeQueueNums"), h.optionalInt("perm", PermName.PERM_READ | PermName.PERM_WRITE));
        String filterType = h.optionalString("topicFilterType");
        config.setTopicFilterType("MULTI_TAG".equals(filterType) ? TopicFilterType.MULTI_TAG
                : TopicFilterType.SINGLE_TAG);
        config.setTopicSysFlag(h.optionalInt("topicSysFlag", 0));
        config.setOrder(h.optionalBoolean("order", false));
        return config;
    }
}

package dev.apogee.broker.admin;

import dev.apogee.broker.client.ConsumerGroupInfo;
import dev.apogee.broker.client.ConsumerRegistry;
import dev.apogee.broker.offset.ConsumerOffsetTable;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.GroupList;
import io.netty.channel.Channel;

import java.util.Map;

/**
 * QUERY_TOPIC_CONSUME_BY_WHO (300): the groups consuming a topic — online groups subscribing to it plus groups
 * with committed offsets on it.
 */
public final class QueryTopicConsumeByWhoProcessor implements RequestProcessor {
    private final ConsumerRegistry consumers;
    private final ConsumerOffsetTable offsets;

    public QueryTopicConsumeByWhoProcessor(ConsumerRegistry consumers, ConsumerOffsetTable offsets) {
        this.consumers = consumers;
        this.offsets = offsets;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        String topic = request.header().requireString("topic");
        GroupList body = new GroupList();
        for (Map.Entry<String, ConsumerGroupInfo> group : consumers.groups().entrySet()) {
            if (group.getValue().subscription(topic) != null) {
                body.getGroupList().add(group.getKey());
            }
        }
        body.getGroupList().addAll(offsets.groupsOf(topic));
        return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null).body(body.encode());
    }
}

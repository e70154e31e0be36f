package dev.apogee.broker.admin;

import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.HeaderFields;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.ConsumeStats;
import dev.apogee.remoting.protocol.body.TopicConfig;
import io.netty.channel.Channel;

/**
 * GET_CONSUME_STATS (208): a group's progress per queue (mqadmin consumerProgress, see {@link ConsumeProgress}) —
 * for the requested topic, or every topic the group has offsets on, has popped or (when online) subscribes to;
 * topics an online group no longer subscribes to are left out, as the official broker does. The consume TPS is the
 * rate at which the group was handed messages over the last minute.
 */
final class GetConsumeStatsProcessor implements RequestProcessor {
    private final TopicConfigTable topics;
    private final ConsumeStatsRows rows;

    GetConsumeStatsProcessor(TopicConfigTable topics, ConsumeStatsRows rows) {
        this.topics = topics;
        this.rows = rows;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        HeaderFields h = request.header();
        String group = h.requireString("consumerGroup");
        ConsumeStats stats = new ConsumeStats();
        for (String topic : rows.progress().topicsOf(group, h.optionalString("topic"))) {
            TopicConfig topicConfig = topics.get(topic);
            if (topicConfig != null) { // deleted since topicsOf looked
                rows.addTopic(stats, group, topicConfig);
            }
        }
        return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null).body(stats.encode());
    }
}

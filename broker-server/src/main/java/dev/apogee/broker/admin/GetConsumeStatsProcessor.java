package dev.apogee.broker.admin;

import dev.apogee.broker.client.ConsumerGroupInfo;
import dev.apogee.broker.client.ConsumerRegistry;
import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.HeaderFields;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.ConsumeStats;
import dev.apogee.remoting.protocol.body.TopicConfig;
import io.netty.channel.Channel;

import java.util.Set;
import java.util.TreeSet;

/**
 * GET_CONSUME_STATS (208): a group's progress per queue (mqadmin consumerProgress, see {@link ConsumeProgress}) —
 * for the requested topic, or every topic the group has offsets on, has popped or (when online) subscribes to;
 * topics an online group no longer subscribes to are left out, as the official broker does. The consume TPS is the
 * rate at which the group was handed messages over the last minute.
 */
final class GetConsumeStatsProcessor implements RequestProcessor {
    private final TopicConfigTable topics;
    private final ConsumerRegistry consumers;
    private final ConsumeProgress progress;

    GetConsumeStatsProcessor(TopicConfigTable topics, ConsumerRegistry consumers, ConsumeProgress progress) {
        this.topics = topics;
        this.consumers = consumers;
        this.progress = progress;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        HeaderFields h = request.header();
        String group = h.requireString("consumerGroup");
        ConsumerGroupInfo online = consumers.group(group);
        ConsumeStats stats = new ConsumeStats();
        for (String topic : topicsOf(group, h.optionalString("topic"), online)) {
            TopicConfig topicConfig = topics.get(topic);
            if (topicConfig == null || (online != null && online.subscription(topic) == null)) {
                continue;
            }
            progress.addTopic(stats, group, topicConfig);
        }
        return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null).body(stats.encode());
    }

    private Set<String> topicsOf(String group, String requested, ConsumerGroupInfo online) {
        Set<String> result = new TreeSet<>();
        if (requested != null && !requested.isBlank()) {
            result.add(requested);
            return result;
        }
        result.addAll(progress.topicsOf(group));
        if (online != null) {
            result.addAll(online.subscriptions().keySet());
        }
        return result;
    }
}

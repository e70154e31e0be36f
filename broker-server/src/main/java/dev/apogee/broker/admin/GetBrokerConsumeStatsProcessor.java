package dev.apogee.broker.admin;

import dev.apogee.broker.client.ConsumerGroupInfo;
import dev.apogee.broker.client.ConsumerRegistry;
import dev.apogee.broker.subscription.SubscriptionGroupConfig;
import dev.apogee.broker.subscription.SubscriptionGroupTable;
import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.ConsumeStats;
import dev.apogee.remoting.protocol.body.ConsumeStatsList;
import dev.apogee.remoting.protocol.body.TopicConfig;
import io.netty.channel.Channel;

import java.util.ArrayList;
import java.util.List;

/**
 * GET_BROKER_CONSUME_STATS (317, mqadmin brokerConsumeStats): the progress of every subscription group of this
 * broker on every topic it has consumed here ({@link ConsumeProgress}), with the total backlog. {@code isOrder=true}
 * keeps only ordered topics. As the official broker, a topic an online group no longer subscribes to is left out.
 */
final class GetBrokerConsumeStatsProcessor implements RequestProcessor {
    private final String brokerAddress;
    private final TopicConfigTable topics;
    private final SubscriptionGroupTable groups;
    private final ConsumerRegistry consumers;
    private final ConsumeStatsRows rows;

    GetBrokerConsumeStatsProcessor(String brokerAddress, TopicConfigTable topics, SubscriptionGroupTable groups,
            ConsumerRegistry consumers, ConsumeStatsRows rows) {
        this.brokerAddress = brokerAddress;
        this.topics = topics;
        this.groups = groups;
        this.consumers = consumers;
        this.rows = rows;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        boolean orderedOnly = request.header().optionalBoolean("isOrder", false);
        ConsumeStatsList list = new ConsumeStatsList(brokerAddress);
        for (SubscriptionGroupConfig group : groups.all()) {
            String name = group.groupName();
            ConsumerGroupInfo online = consumers.group(name);
            List<ConsumeStats> perTopic = new ArrayList<>();
            for (String topic : rows.progress().consumedTopicsOf(name)) {
                TopicConfig config = topics.get(topic);
                if (config == null || (orderedOnly && !config.isOrder())
                        || (online != null && !online.subscriptions().isEmpty() && online.subscription(topic) == null)) {
                    continue;
                }
                ConsumeStats stats = new ConsumeStats();
                rows.addTopic(stats, name, config);
                perTopic.add(stats);
            }
            list.add(name, perTopic);
        }
        return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null).body(list.encode());
    }
}

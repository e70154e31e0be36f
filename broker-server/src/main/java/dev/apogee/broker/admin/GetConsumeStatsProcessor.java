package dev.apogee.broker.admin;

import dev.apogee.broker.client.ConsumerRegistry;
import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.broker.offset.ConsumerOffsetTable;
import dev.apogee.broker.pop.Pops;
import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.HeaderFields;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.ConsumeStats;
import dev.apogee.remoting.protocol.body.MessageQueue;
import dev.apogee.remoting.protocol.body.OffsetWrapper;
import dev.apogee.store.MessageStore;
import io.netty.channel.Channel;


/**
 * GET_CONSUME_STATS (208): a group's progress per queue (mqadmin consumerProgress) — for the requested topic, or
 * every topic the group has offsets on, has popped or (when online) subscribes to ({@link ConsumeProgress}, which
 * says what the offsets mean on a queue the group pops).
 */
public final class GetConsumeStatsProcessor implements RequestProcessor {
    private final BrokerConfig config;
    private final ConsumeProgress progress;

    public GetConsumeStatsProcessor(BrokerConfig config, TopicConfigTable topics, ConsumerOffsetTable offsets,
            ConsumerRegistry consumers, MessageStore store, Pops pops) {
        this.config = config;
        this.progress = new ConsumeProgress(topics, offsets, consumers, store, pops);
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        HeaderFields h = request.header();
        String group = h.requireString("consumerGroup");
        ConsumeStats stats = new ConsumeStats();
        for (String topic : progress.topicsOf(group, h.optionalString("topic"))) {
            for (int queueId = 0; queueId < progress.queueCount(topic); queueId++) {
                ConsumeProgress.QueueProgress q = progress.of(group, topic, queueId);
                stats.getOffsetTable().put(new MessageQueue(topic, config.getBrokerName(), queueId),
                        new OffsetWrapper(q.brokerOffset(), q.consumerOffset(), q.pullOffset(), q.lastTimestamp()));
            }
        }
        return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null).body(stats.encode());
    }
}

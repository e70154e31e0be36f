package dev.apogee.broker.admin;

import dev.apogee.broker.client.ConsumerGroupInfo;
import dev.apogee.broker.client.ConsumerRegistry;
import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.broker.offset.ConsumerOffsetTable;
import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.HeaderFields;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.ConsumeStats;
import dev.apogee.remoting.protocol.body.MessageQueue;
import dev.apogee.remoting.protocol.body.OffsetWrapper;
import dev.apogee.remoting.protocol.body.TopicConfig;
import dev.apogee.store.MessageStore;
import io.netty.channel.Channel;

import java.util.Set;
import java.util.TreeSet;

/**
 * GET_CONSUME_STATS (208): a group's progress per queue (mqadmin consumerProgress) — for the requested topic, or
 * every topic the group has offsets on or (when online) subscribes to; topics an online group no longer subscribes
 * to are left out, as the official broker does. Broker offset = queue max offset; consumer and pull offset = the
 * committed offset (0 when none), or for a group consuming by POP its low-water mark (the lowest message not yet
 * acked, in-flight ones included; Apogee's answer, Apache's broker reports its own POP offset); last timestamp = store
 * time of the last consumed message.
 */
public final class GetConsumeStatsProcessor implements RequestProcessor {
    private final BrokerConfig config;
    private final TopicConfigTable topics;
    private final ConsumerOffsetTable offsets;
    private final ConsumerRegistry consumers;
    private final MessageStore store;
    private final PopLowWater pops;

    /** A POP group's low-water mark on a queue, or -1 when it has no POP state there. */
    @FunctionalInterface
    public interface PopLowWater {
        long of(String group, String topic, int queueId);
    }

    public GetConsumeStatsProcessor(BrokerConfig config, TopicConfigTable topics, ConsumerOffsetTable offsets,
            ConsumerRegistry consumers, MessageStore store, PopLowWater pops) {
        this.pops = pops;
        this.config = config;
        this.topics = topics;
        this.offsets = offsets;
        this.consumers = consumers;
        this.store = store;
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
            for (int queueId = 0; queueId < topicConfig.getWriteQueueNums(); queueId++) {
                stats.getOffsetTable().put(new MessageQueue(topic, config.getBrokerName(), queueId),
                        progress(group, topic, queueId));
            }
        }
        return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null).body(stats.encode());
    }

    private Set<String> topicsOf(String group, String requested, ConsumerGroupInfo online) {
        Set<String> result = new TreeSet<>();
        if (requested != null && !requested.isBlank()) {
            result.add(requested);
            return result;
        }
        result.addAll(offsets.topicsOf(group));
        if (online != null) {
            result.addAll(online.subscriptions().keySet());
        }
        return result;
    }

    private OffsetWrapper progress(String group, String topic, int queueId) {
        long brokerOffset = store.getMaxOffsetInQueue(topic, queueId);
        long popped = pops.of(group, topic, queueId);
        long consumerOffset = popped >= 0 ? popped : Math.max(0, offsets.query(group, topic, queueId));
        long lastTimestamp = consumerOffset > 0
                ? QueueTimestamps.storeTimeAt(store, topic, queueId, consumerOffset - 1) : 0;
        return new OffsetWrapper(brokerOffset, consumerOffset, consumerOffset, lastTimestamp);
    }
}

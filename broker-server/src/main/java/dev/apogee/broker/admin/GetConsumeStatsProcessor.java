package dev.apogee.broker.admin;

import dev.apogee.broker.client.ConsumerGroupInfo;
import dev.apogee.broker.client.ConsumerRegistry;
import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.broker.offset.ConsumerOffsetTable;
import dev.apogee.broker.pop.PopProgress;
import dev.apogee.broker.pop.Pops;
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
 * every topic the group has offsets on, has popped or (when online) subscribes to; topics an online group no longer
 * subscribes to are left out, as the official broker does. Broker offset = queue max offset; last timestamp = store
 * time of the last consumed message (the one before the consumer offset).
 * <ul>
 *   <li>a queue the group pulls: consumer and pull offset = the committed offset (0 when none);</li>
 *   <li>a queue the group pops (it has POP state there): consumer offset = its low-water mark (every message below
 *       it is acked), so broker minus consumer offset (mqadmin's Diff) is the backlog of messages not acked; pull
 *       offset = consumer offset + the messages in flight (popped, not acked, still invisible), so pull minus
 *       consumer offset (mqadmin's Inflight, {@code ConsumeStats.computeInflightTotalDiff}) is their number.</li>
 * </ul>
 */
public final class GetConsumeStatsProcessor implements RequestProcessor {
    private final BrokerConfig config;
    private final TopicConfigTable topics;
    private final ConsumerOffsetTable offsets;
    private final ConsumerRegistry consumers;
    private final MessageStore store;
    private final Pops pops;

    public GetConsumeStatsProcessor(BrokerConfig config, TopicConfigTable topics, ConsumerOffsetTable offsets,
            ConsumerRegistry consumers, MessageStore store, Pops pops) {
        this.config = config;
        this.topics = topics;
        this.offsets = offsets;
        this.consumers = consumers;
        this.store = store;
        this.pops = pops;
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
        result.addAll(pops.topicsOf(group));
        if (online != null) {
            result.addAll(online.subscriptions().keySet());
        }
        return result;
    }

    private OffsetWrapper progress(String group, String topic, int queueId) {
        long brokerOffset = store.getMaxOffsetInQueue(topic, queueId);
        PopProgress popped = pops.progress(group, topic, queueId);
        long consumerOffset;
        long pullOffset;
        if (popped != null) {
            consumerOffset = Math.min(popped.lowWaterMark(), brokerOffset);
            pullOffset = Math.min(consumerOffset + popped.inFlight(), brokerOffset);
        } else {
            consumerOffset = Math.max(0, offsets.query(group, topic, queueId));
            pullOffset = consumerOffset;
        }
        long lastTimestamp = consumerOffset > 0
                ? QueueTimestamps.storeTimeAt(store, topic, queueId, consumerOffset - 1) : 0;
        return new OffsetWrapper(brokerOffset, consumerOffset, pullOffset, lastTimestamp);
    }
}

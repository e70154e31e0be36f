package dev.apogee.broker.admin;

import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.broker.stats.BrokerStats;
import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.MessageQueue;
import dev.apogee.remoting.protocol.body.TopicConfig;
import dev.apogee.remoting.protocol.body.TopicOffset;
import dev.apogee.remoting.protocol.body.TopicStatsTable;
import dev.apogee.store.MessageStore;
import io.netty.channel.Channel;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * GET_TOPIC_STATS_INFO (202): min/max offset and last store time of each write queue of a topic (mqadmin
 * topicStatus), as a MessageQueue-keyed TopicStatsTable; 17 for an unknown topic. The answer covers every message
 * stored before the request: it waits (at most {@value #DISPATCH_WAIT_MS} ms, on the admin executor) until the consume
 * queues are built up to the commit log's end as of its arrival, so a JMS QueueBrowser created right after a send
 * returned sees that message (the dispatch thread runs a few milliseconds behind the appends). {@code topicPutTps}
 * (topicStatus's "Topic Put TPS") is the topic's put rate over the last minute.
 */
public final class GetTopicStatsInfoProcessor implements RequestProcessor {
    private final BrokerConfig config;
    private final TopicConfigTable topics;
    private static final long DISPATCH_WAIT_MS = 1_000;
    private final MessageStore store;
    private final BrokerStats stats;

    public GetTopicStatsInfoProcessor(BrokerConfig config, TopicConfigTable topics, MessageStore store,
            BrokerStats stats) {
        this.config = config;
        this.topics = topics;
        this.store = store;
        this.stats = stats;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        String topic = request.header().requireString("topic");
        TopicConfig topicConfig = topics.get(topic);
        if (topicConfig == null) {
            return RemotingCommand.createResponse(request, ResponseCode.TOPIC_NOT_EXIST,
                    "topic[" + topic + "] not exist");
        }
        awaitDispatchOf(store.getMaxPhyOffset());
        TopicStatsTable table = new TopicStatsTable();
        for (int queueId = 0; queueId < topicConfig.getWriteQueueNums(); queueId++) {
            long min = store.getMinOffsetInQueue(topic, queueId);
            long max = store.getMaxOffsetInQueue(topic, queueId);
            long last = max > 0 ? QueueTimestamps.storeTimeAt(store, topic, queueId, max - 1) : 0;
            table.getOffsetTable().put(new MessageQueue(topic, config.getBrokerName(), queueId),
                    new TopicOffset(min, max, last));
        }
        table.setTopicPutTps(stats.topicPutTps(topic));
        return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null).body(table.encode());
    }

    private void awaitDispatchOf(long stored) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(DISPATCH_WAIT_MS);
        while (store.getDispatchedPhyOffset() < stored && System.nanoTime() < deadline) {
            // bounded: a stalled dispatch (a full disk) makes the answer late, never missing
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
    }
}

package dev.apogee.broker.admin;

import dev.apogee.broker.stats.BrokerStats;
import dev.apogee.remoting.protocol.body.ConsumeStats;
import dev.apogee.remoting.protocol.body.MessageQueue;
import dev.apogee.remoting.protocol.body.OffsetWrapper;
import dev.apogee.remoting.protocol.body.TopicConfig;

/**
 * A group's {@link ConsumeProgress} on one topic as the official ConsumeStats rows (one per write queue of this broker)
 * plus its consume TPS, shared by GET_CONSUME_STATS and GET_BROKER_CONSUME_STATS so both report a queue the same way.
 * Reads the tables it is given; safe on any admin thread.
 */
final class ConsumeStatsRows {
    private final String brokerName;
    private final ConsumeProgress progress;
    private final BrokerStats stats;

    ConsumeStatsRows(String brokerName, ConsumeProgress progress, BrokerStats stats) {
        this.brokerName = brokerName;
        this.progress = progress;
        this.stats = stats;
    }

    ConsumeProgress progress() {
        return progress;
    }

    /**
     * Adds every write queue of {@code topic} to {@code into}, and the group's rate on the topic (messages handed to
     * it per second over the last minute) to its consume TPS.
     */
    void addTopic(ConsumeStats into, String group, TopicConfig topic) {
        String name = topic.getTopicName();
        for (int queueId = 0; queueId < topic.getWriteQueueNums(); queueId++) {
            ConsumeProgress.QueueProgress q = progress.of(group, name, queueId);
            into.getOffsetTable().put(new MessageQueue(name, brokerName, queueId),
                    new OffsetWrapper(q.brokerOffset(), q.consumerOffset(), q.pullOffset(), q.lastTimestamp()));
        }
        into.setConsumeTps(into.getConsumeTps() + stats.groupGetTps(name, group));
    }
}

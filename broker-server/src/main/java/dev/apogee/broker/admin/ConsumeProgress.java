package dev.apogee.broker.admin;

import dev.apogee.broker.offset.ConsumerOffsetTable;
import dev.apogee.broker.pop.PopProgress;
import dev.apogee.broker.pop.Pops;
import dev.apogee.broker.stats.BrokerStats;
import dev.apogee.remoting.protocol.body.ConsumeStats;
import dev.apogee.remoting.protocol.body.MessageQueue;
import dev.apogee.remoting.protocol.body.OffsetWrapper;
import dev.apogee.remoting.protocol.body.TopicConfig;
import dev.apogee.store.MessageStore;

import java.util.Set;
import java.util.TreeSet;

/**
 * A group's progress on this broker's queues, as GET_CONSUME_STATS (consumerProgress) and GET_BROKER_CONSUME_STATS
 * (brokerConsumeStats) report it. Broker offset = queue max offset; last timestamp = store time of the last consumed
 * message (the one before the consumer offset).
 * <ul>
 *   <li>a queue the group pulls: consumer and pull offset = the committed offset (0 when none);</li>
 *   <li>a queue the group pops (it has POP state there): consumer offset = its low-water mark (every message below
 *       it is acked), so broker minus consumer offset (mqadmin's Diff) is the backlog of messages not acked; pull
 *       offset = consumer offset + the messages in flight (popped, not acked, still invisible), so pull minus
 *       consumer offset (mqadmin's Inflight, {@code ConsumeStats.computeInflightTotalDiff}) is their number.</li>
 * </ul>
 * Reads the tables it is given; safe on any admin thread.
 */
final class ConsumeProgress {
    private final String brokerName;
    private final MessageStore store;
    private final ConsumerOffsetTable offsets;
    private final Pops pops;
    private final BrokerStats stats;

    ConsumeProgress(String brokerName, MessageStore store, ConsumerOffsetTable offsets, Pops pops,
            BrokerStats stats) {
        this.brokerName = brokerName;
        this.store = store;
        this.offsets = offsets;
        this.pops = pops;
        this.stats = stats;
    }

    /** The topics {@code group} has committed offsets on or has popped from. */
    Set<String> topicsOf(String group) {
        Set<String> result = new TreeSet<>(offsets.topicsOf(group));
        result.addAll(pops.topicsOf(group));
        return result;
    }

    /**
     * Adds every write queue of {@code topic} to {@code into}, and the group's rate on the topic (messages handed to
     * it per second over the last minute) to its consume TPS.
     */
    void addTopic(ConsumeStats into, String group, TopicConfig topic) {
        String name = topic.getTopicName();
        for (int queueId = 0; queueId < topic.getWriteQueueNums(); queueId++) {
            into.getOffsetTable().put(new MessageQueue(name, brokerName, queueId), progress(group, name, queueId));
        }
        into.setConsumeTps(into.getConsumeTps() + stats.groupGetTps(name, group));
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

package dev.apogee.broker.admin;

import dev.apogee.broker.client.ConsumerGroupInfo;
import dev.apogee.broker.client.ConsumerRegistry;
import dev.apogee.broker.offset.ConsumerOffsetTable;
import dev.apogee.broker.pop.PopProgress;
import dev.apogee.broker.pop.Pops;
import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.remoting.protocol.body.TopicConfig;
import dev.apogee.store.MessageStore;

import java.util.Set;
import java.util.TreeSet;

/**
 * A consumer group's progress per queue, as GET_CONSUME_STATS (mqadmin consumerProgress), GET_BROKER_CONSUME_STATS
 * (brokerConsumeStats, both through {@link ConsumeStatsRows}) and the web console show it. Broker offset = queue max offset; last timestamp = store time of the last consumed message.
 * <ul>
 *   <li>a queue the group pulls: consumer and pull offset = the committed offset (0 when none);</li>
 *   <li>a queue the group pops (it has POP state there): consumer offset = its low-water mark (every message below
 *       it is acked), so broker minus consumer offset is the backlog not acked; pull offset = consumer offset + the
 *       messages in flight (popped, not acked, still invisible).</li>
 * </ul>
 * Stateless over the tables it reads; safe from any thread.
 */
public final class ConsumeProgress {
    private final TopicConfigTable topics;
    private final ConsumerOffsetTable offsets;
    private final ConsumerRegistry consumers;
    private final MessageStore store;
    private final Pops pops;

    public ConsumeProgress(TopicConfigTable topics, ConsumerOffsetTable offsets, ConsumerRegistry consumers,
            MessageStore store, Pops pops) {
        this.topics = topics;
        this.offsets = offsets;
        this.consumers = consumers;
        this.store = store;
        this.pops = pops;
    }

    /** One queue's progress; {@link #lag()} is the backlog, {@link #inFlight()} the popped messages not acked. */
    public record QueueProgress(int queueId, long brokerOffset, long consumerOffset, long pullOffset,
                                long lastTimestamp, boolean popped) {
        public long lag() {
            return Math.max(0, brokerOffset - consumerOffset);
        }

        public long inFlight() {
            return Math.max(0, pullOffset - consumerOffset);
        }
    }

    /**
     * The existing topics the group has progress on: {@code requested} alone when given, else every topic it has
     * offsets on, has popped or (when online) subscribes to; topics an online group no longer subscribes to are left
     * out, as the official broker does.
     */
    public Set<String> topicsOf(String group, String requested) {
        ConsumerGroupInfo online = consumers.group(group);
        Set<String> candidates = new TreeSet<>();
        if (requested != null && !requested.isBlank()) {
            candidates.add(requested);
        } else {
            candidates.addAll(consumedTopicsOf(group));
            if (online != null) {
                candidates.addAll(online.subscriptions().keySet());
            }
        }
        candidates.removeIf(topic -> topics.get(topic) == null
                || (online != null && online.subscription(topic) == null));
        return candidates;
    }

    /** The topics {@code group} has committed offsets on or has popped from (existing or not). */
    public Set<String> consumedTopicsOf(String group) {
        Set<String> result = new TreeSet<>(offsets.topicsOf(group));
        result.addAll(pops.topicsOf(group));
        return result;
    }

    /** The number of queues progress is reported for: the topic's write queues (0 when the topic is gone). */
    public int queueCount(String topic) {
        TopicConfig config = topics.get(topic);
        return config == null ? 0 : config.getWriteQueueNums();
    }

    public QueueProgress of(String group, String topic, int queueId) {
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
        return new QueueProgress(queueId, brokerOffset, consumerOffset, pullOffset, lastTimestamp, popped != null);
    }
}

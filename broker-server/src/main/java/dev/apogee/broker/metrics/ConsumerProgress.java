package dev.apogee.broker.metrics;

import dev.apogee.broker.offset.ConsumerOffsetTable;
import dev.apogee.broker.pop.PopProgress;
import dev.apogee.broker.pop.Pops;
import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.remoting.protocol.body.TopicConfig;
import dev.apogee.store.MessageStore;

import java.util.HashSet;
import java.util.Set;

/**
 * Each consumer group's progress on each topic, computed when Prometheus scrapes, the way GET_CONSUME_STATS
 * ({@code mqadmin consumerProgress}) computes it per queue and summed over the topic's queues:
 * <ul>
 *   <li>lag: queue max offset minus the consumer offset — the committed offset of a queue the group pulls, the
 *       low-water mark (everything below it acked) of a queue it pops: messages not yet consumed;</li>
 *   <li>in flight: popped and not yet acked (POP), or handed out by pulls above the committed offset (pull).</li>
 * </ul>
 * Groups without committed offsets or POP state on a topic are not listed. Runs on the scrape thread.
 */
final class ConsumerProgress {
    /** One row of the scrape. */
    interface Row {
        void accept(String group, String topic, long lag, long inFlight);
    }

    private final MessageStore store;
    private final TopicConfigTable topics;
    private final ConsumerOffsetTable offsets;
    private final Pops pops;

    ConsumerProgress(MessageStore store, TopicConfigTable topics, ConsumerOffsetTable offsets, Pops pops) {
        this.store = store;
        this.topics = topics;
        this.offsets = offsets;
        this.pops = pops;
    }

    void forEach(Row row) {
        Set<String> seen = new HashSet<>();
        offsets.forEachGroupTopic((group, topic) -> visit(group, topic, seen, row));
        pops.forEachGroupTopic((group, topic) -> visit(group, topic, seen, row));
    }

    private void visit(String group, String topic, Set<String> seen, Row row) {
        TopicConfig config = topics.get(topic);
        if (config == null || !seen.add(group + '\u0000' + topic)) {
            return;
        }
        long lag = 0;
        long inFlight = 0;
        int queues = Math.max(config.getReadQueueNums(), config.getWriteQueueNums());
        for (int queueId = 0; queueId < queues; queueId++) {
            long max = store.getMaxOffsetInQueue(topic, queueId);
            PopProgress popped = pops.progress(group, topic, queueId);
            long consumed;
            if (popped != null) {
                consumed = Math.min(popped.lowWaterMark(), max);
                inFlight += Math.min(popped.inFlight(), max - consumed);
            } else {
                consumed = Math.min(Math.max(0, offsets.query(group, topic, queueId)), max);
                long handedOut = Math.min(offsets.delivered().handedOut(group, topic, queueId), max);
                inFlight += Math.max(0, handedOut - consumed);
            }
            lag += max - consumed;
        }
        row.accept(group, topic, lag, inFlight);
    }
}

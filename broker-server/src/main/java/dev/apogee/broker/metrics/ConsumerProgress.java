package dev.apogee.broker.metrics;

import dev.apogee.broker.admin.ConsumeProgress;
import dev.apogee.broker.offset.ConsumerOffsetTable;
import dev.apogee.broker.pop.Pops;
import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.remoting.protocol.body.TopicConfig;

import java.util.HashSet;
import java.util.Set;

/**
 * Each consumer group's progress on each topic, computed when Prometheus scrapes by GET_CONSUME_STATS's own
 * per-queue computation ({@link ConsumeProgress}, {@code mqadmin consumerProgress}) and summed over the topic's queues:
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

    private final TopicConfigTable topics;
    private final ConsumerOffsetTable offsets;
    private final Pops pops;
    private final ConsumeProgress progress;

    ConsumerProgress(TopicConfigTable topics, ConsumerOffsetTable offsets, Pops pops, ConsumeProgress progress) {
        this.topics = topics;
        this.offsets = offsets;
        this.pops = pops;
        this.progress = progress;
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
            ConsumeProgress.QueueProgress q = progress.of(group, topic, queueId);
            if (q.popped()) {
                inFlight += q.inFlight();
            } else {
                long handedOut = Math.min(offsets.delivered().handedOut(group, topic, queueId), q.brokerOffset());
                inFlight += Math.max(0, handedOut - q.consumerOffset());
            }
            lag += q.lag();
        }
        row.accept(group, topic, lag, inFlight);
    }
}

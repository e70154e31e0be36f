package dev.apogee.standalone.admin;

import dev.apogee.remoting.protocol.body.MessageQueue;
import dev.apogee.remoting.protocol.body.OffsetWrapper;

import java.util.Map;

/**
 * A group's backlog on one topic, from GET_CONSUME_STATS: per queue, the broker's max offset minus the group's
 * consumer offset (for a group consumed by POP, as JMS queues and shared subscriptions are, the broker answers its
 * low-water mark: every message below it acknowledged, so the difference counts the messages not yet acknowledged,
 * those in flight included), and the pull offset minus the consumer offset (POP: the messages popped and not yet
 * acknowledged; 0 for a group that pulls).
 *
 * @param messages messages not yet acknowledged
 * @param inFlight of those, delivered to a consumer and not yet acknowledged (POP groups)
 */
record Backlog(long messages, long inFlight) {
    static Backlog of(Map<MessageQueue, OffsetWrapper> stats, String topic) {
        long messages = 0;
        long inFlight = 0;
        for (Map.Entry<MessageQueue, OffsetWrapper> e : stats.entrySet()) {
            if (!e.getKey().topic().equals(topic)) {
                continue;
            }
            OffsetWrapper o = e.getValue();
            long consumed = Math.max(0, o.getConsumerOffset());
            messages += Math.max(0, o.getBrokerOffset() - consumed);
            inFlight += Math.max(0, o.getPullOffset() - consumed);
        }
        return new Backlog(messages, inFlight);
    }
}

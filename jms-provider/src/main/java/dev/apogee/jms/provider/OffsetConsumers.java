package dev.apogee.jms.provider;

import dev.apogee.client.ClientConfig;
import dev.apogee.client.admin.AdminClient;
import dev.apogee.client.consumer.PullConsumer;
import dev.apogee.client.consumer.PullConsumerConfig;
import dev.apogee.remoting.protocol.body.ConsumeFromWhere;

/**
 * Starts the offset-committing consumers: exclusive topic subscriptions (non-shared, durable or not) and native groups
 * ({@code NativeConsumers}). Each is a {@link PullConsumer} on its own client instance (the group's rebalance splits
 * the topic's queues between members) pulling batches with manual commit; a new topic subscription is placed at the
 * end of the topic (or at a timestamp) before it delivers. JMS queues and shared subscriptions consume by POP instead
 * ({@link PopReceivers}). Stateless; runs on the thread creating the consumer.
 */
final class OffsetConsumers {
    /**
     * Messages per pull: one broker round trip fills the consumer's pending list for this many deliveries. 128 rather
     * than RocketMQ's 32: a drain of small messages then costs a quarter of the pull round trips (measured on the
     * p2p drains: about half the broker CPU per message), and a consumer behind a fast producer catches up four
     * times faster per round trip. Bounded in bytes by the pull itself ({@code PullApi}), and queues are owned by
     * one consumer of a group at a time, so a larger batch takes nothing away from the other consumers.
     */
    private static final int PULL_BATCH = 128;

    private OffsetConsumers() {
    }

    /** A started consumer of {@code spec} with the broker-side {@code subscription} (type, expression). */
    static NativeConsumer open(ConsumerSpec spec, String[] subscription, ClientConfig clientConfig, AdminClient admin,
            NativeProviderConfig config) throws Exception {
        PullConsumer consumer = null;
        try {
            PullConsumerConfig pc = new PullConsumerConfig(spec.group())
                    .setClientConfig(clientConfig)
                    .setAutoCommit(false)
                    .setPullBatchSize(PULL_BATCH) // handed out one by one from pending; acks cover only those
                    .setMaxPollRecords(PULL_BATCH)
                    .setPullTimeoutMillis(Math.max(config.requestTimeoutMillis(), 30_000))
                    .setConsumeTimestamp(spec.fromTimestamp())
                    .setConsumeFromWhere(spec.fromTimestamp() >= 0 ? ConsumeFromWhere.CONSUME_FROM_TIMESTAMP
                            : spec.fromLast() ? ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET
                            : ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
            // the broker starts a new group at offset 0 on young queues; a topic subscription must start at the end
            // (or, for a native group starting by timestamp, at that time's offset)
            boolean startAtEnd = (spec.fromLast() || spec.fromTimestamp() >= 0) && (spec.removeOnClose()
                    || !admin.consumerGroups(spec.topic()).contains(spec.group()));
            NativeConsumer.ReleaseHook release = new NativeConsumer.ReleaseHook();
            pc.setBeforeQueueReleased(release);
            consumer = new PullConsumer(pc);
            consumer.subscribe(spec.topic(), subscription[1], subscription[0]);
            consumer.start();
            long deadline = System.currentTimeMillis() + config.assignmentWaitMillis();
            // a new topic subscription's group has this one member: wait for all queues, so all start at the end
            int wanted = startAtEnd ? consumer.fetchMessageQueues(spec.topic()).size() : 1;
            while (consumer.assignment().size() < wanted && System.currentTimeMillis() < deadline) {
                Thread.sleep(20);
            }
            if (startAtEnd) {
                for (var queue : consumer.assignment()) {
                    if (spec.fromTimestamp() >= 0) {
                        consumer.seek(queue, consumer.offsetForTimestamp(queue, spec.fromTimestamp()));
                    } else {
                        consumer.seekToEnd(queue);
                    }
                }
                if (!spec.removeOnClose()) {
                    consumer.commitSync(); // a durable subscription exists from now on
                }
            }
            return new NativeConsumer(spec, consumer, release);
        } catch (Exception | Error e) {
            if (consumer != null) {
                consumer.shutdown();
            }
            throw e;
        }
    }
}

package dev.apogee.broker.metrics;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Labels;

import java.util.function.BiConsumer;

/**
 * {@code rocketmq_send_to_dlq_messages_total} by the message's original {@code topic} and {@code consumer_group}:
 * messages routed to {@code %DLQ%<group>} (sent back past the group's retries, or POP deliveries past
 * {@code retryMaxTimes}). A rare path: the data point is looked up each time. Thread-safe.
 */
final class DeadLetterMeters implements BiConsumer<String, String> {
    private final Counter deadLettered;

    DeadLetterMeters(PrometheusRegistry registry, Labels broker) {
        deadLettered = Counter.builder().name("rocketmq_send_to_dlq_messages")
                .help("Messages moved to their group's dead-letter queue, by original topic and consumer group")
                .constLabels(broker).labelNames("topic", "consumer_group").withoutExemplars().register(registry);
    }

    @Override
    public void accept(String topic, String group) {
        deadLettered.labelValues(topic == null ? "" : topic, group).inc();
    }
}

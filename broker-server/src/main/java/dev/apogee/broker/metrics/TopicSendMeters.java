package dev.apogee.broker.metrics;

import io.prometheus.metrics.core.datapoints.CounterDataPoint;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Labels;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code rocketmq_messages_in_total} and {@code rocketmq_throughput_in_total} (body bytes) by {@code topic}. The two
 * data points of a topic are made once and cached: a send costs a map read and two additions. Thread-safe.
 */
final class TopicSendMeters implements SendMeters {
    private record Points(CounterDataPoint messages, CounterDataPoint bytes) {
    }

    private final Counter messages;
    private final Counter bytes;
    private final Map<String, Points> topics = new ConcurrentHashMap<>();

    TopicSendMeters(PrometheusRegistry registry, Labels broker) {
        messages = Counter.builder().name("rocketmq_messages_in")
                .help("Messages stored by sends (batches count each message), by topic as sent")
                .constLabels(broker).labelNames("topic").withoutExemplars().register(registry);
        bytes = Counter.builder().name("rocketmq_throughput_in")
                .help("Bytes of send requests' bodies stored, by topic as sent")
                .constLabels(broker).labelNames("topic").withoutExemplars().register(registry);
    }

    @Override
    public void stored(String topic, int count, long size) {
        Points points = topics.get(topic);
        if (points == null) {
            points = topics.computeIfAbsent(topic, t -> new Points(messages.labelValues(t), bytes.labelValues(t)));
        }
        points.messages().inc(count);
        points.bytes().inc(size);
    }
}

package dev.apogee.broker.metrics;

import io.prometheus.metrics.core.datapoints.CounterDataPoint;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Labels;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code rocketmq_messages_out_total} and {@code rocketmq_throughput_out_total} (record bytes) by {@code topic} and
 * {@code consumer_group}, counted when a pull or a pop hands messages out. Cached per group, then per topic (two map
 * reads, no key to build). Thread-safe.
 */
final class GroupDeliveryMeters implements DeliveryMeters {
    private record Points(CounterDataPoint messages, CounterDataPoint bytes) {
    }

    private final Counter messages;
    private final Counter bytes;
    private final Map<String, Map<String, Points>> groups = new ConcurrentHashMap<>();

    GroupDeliveryMeters(PrometheusRegistry registry, Labels broker) {
        messages = Counter.builder().name("rocketmq_messages_out")
                .help("Messages handed to consumers by pulls and pops, by topic and consumer group")
                .constLabels(broker).labelNames("topic", "consumer_group").withoutExemplars().register(registry);
        bytes = Counter.builder().name("rocketmq_throughput_out")
                .help("Bytes of stored messages handed to consumers by pulls and pops, by topic and consumer group")
                .constLabels(broker).labelNames("topic", "consumer_group").withoutExemplars().register(registry);
    }

    @Override
    public void delivered(String topic, String group, int count, long size) {
        Map<String, Points> topics = groups.get(group);
        if (topics == null) {
            topics = groups.computeIfAbsent(group, g -> new ConcurrentHashMap<>());
        }
        Points points = topics.get(topic);
        if (points == null) {
            points = topics.computeIfAbsent(topic, t -> new Points(messages.labelValues(t, group),
                    bytes.labelValues(t, group)));
        }
        points.messages().inc(count);
        points.bytes().inc(size);
    }
}

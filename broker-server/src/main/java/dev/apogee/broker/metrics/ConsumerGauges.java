package dev.apogee.broker.metrics;

import dev.apogee.broker.client.ConsumerRegistry;
import dev.apogee.broker.pop.Pops;
import io.prometheus.metrics.core.metrics.CounterWithCallback;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Labels;

/** Consumer-side gauges, read when Prometheus scrapes: lag, in-flight, connections, POP counters. */
final class ConsumerGauges {
    private ConsumerGauges() {
    }

    static void register(PrometheusRegistry registry, Labels broker, ConsumerProgress progress,
            ConsumerRegistry consumers, Pops pops) {
        GaugeWithCallback.builder().name("rocketmq_consumer_lag_messages")
                .help("Messages of the topic not yet consumed by the group (pulled and committed, or popped and acked)")
                .constLabels(broker).labelNames("topic", "consumer_group")
                .callback(callback -> progress.forEach((group, topic, lag, inFlight) ->
                        callback.call(lag, topic, group)))
                .register(registry);
        GaugeWithCallback.builder().name("rocketmq_consumer_inflight_messages")
                .help("Messages handed to the group and not yet committed (pull) or acked (POP)")
                .constLabels(broker).labelNames("topic", "consumer_group")
                .callback(callback -> progress.forEach((group, topic, lag, inFlight) ->
                        callback.call(inFlight, topic, group)))
                .register(registry);
        GaugeWithCallback.builder().name("rocketmq_consumer_connections")
                .help("Client connections of each online consumer group")
                .constLabels(broker).labelNames("consumer_group")
                .callback(callback -> consumers.groups().forEach((name, group) ->
                        callback.call(group.channels().size(), name)))
                .register(registry);
        CounterWithCallback.builder().name("apogee_pop_acks")
                .help("POP acknowledgements requested (ACK_MESSAGE, each message of BATCH_ACK_MESSAGE, "
                        + "transaction commits)")
                .constLabels(broker)
                .callback(callback -> callback.call(pops.acks()))
                .register(registry);
        GaugeWithCallback.builder().name("apogee_pop_held_requests")
                .help("POP requests held by long polling, waiting for messages")
                .constLabels(broker)
                .callback(callback -> callback.call(pops.heldPops()))
                .register(registry);
    }
}

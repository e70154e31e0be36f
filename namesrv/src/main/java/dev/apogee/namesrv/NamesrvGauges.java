package dev.apogee.namesrv;

import dev.apogee.namesrv.route.RouteInfoTable;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Labels;

/** The name server's own gauges, read from the route table when Prometheus scrapes (RPC latency is shared). */
final class NamesrvGauges {
    private NamesrvGauges() {
    }

    static void register(PrometheusRegistry registry, RouteInfoTable routes) {
        Labels labels = Labels.of("node_type", "nameserver");
        GaugeWithCallback.builder().name("apogee_namesrv_live_brokers")
                .help("Brokers registered and not expired")
                .constLabels(labels)
                .callback(callback -> callback.call(routes.liveBrokerCount()))
                .register(registry);
        GaugeWithCallback.builder().name("apogee_namesrv_topics")
                .help("Topics with a route")
                .constLabels(labels)
                .callback(callback -> callback.call(routes.allTopics().size()))
                .register(registry);
    }
}

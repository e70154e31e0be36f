package dev.apogee.broker.metrics;

import dev.apogee.store.DiskUsageProbe;
import dev.apogee.store.MessageStore;
import io.prometheus.metrics.core.metrics.GaugeWithCallback;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Labels;

import java.nio.file.Path;
import java.util.function.DoubleSupplier;

/** The store's state, read when Prometheus scrapes: flush and dispatch backlog, commit-log size, disk. */
final class StoreGauges {
    private StoreGauges() {
    }

    static void register(PrometheusRegistry registry, Labels broker, MessageStore store, Path storeRoot) {
        gauge(registry, broker, "rocketmq_storage_flush_behind_bytes",
                "Commit-log bytes appended and readable but not yet forced to disk",
                () -> Math.max(0, store.getMaxPhyOffset() - store.getFlushedPhyOffset()));
        gauge(registry, broker, "rocketmq_storage_dispatch_behind_bytes",
                "Commit-log bytes not yet dispatched to consume queues and indexes (not yet visible to consumers)",
                () -> Math.max(0, store.getMaxPhyOffset() - store.getDispatchedPhyOffset()));
        gauge(registry, broker, "apogee_store_commitlog_bytes",
                "Bytes of messages the commit log holds (from its oldest kept file to its end)",
                () -> Math.max(0, store.getMaxPhyOffset() - store.getMinPhyOffset()));
        gauge(registry, broker, "apogee_store_disk_used_ratio",
                "Used fraction of the store's file system (0 to 1; -1 when it cannot be read)",
                () -> DiskUsageProbe.FILE_SYSTEM.usedRatio(storeRoot));
        gauge(registry, broker, "apogee_store_disk_full",
                "1 while sends are refused for lack of disk space (README: Operations, a full disk), else 0",
                () -> store.isDiskFull() ? 1 : 0);
        gauge(registry, broker, "apogee_store_writable",
                "0 after a failed fsync fail-stopped the store (STORE-FSYNC-FAILED), else 1",
                () -> store.fsyncFailure() == null ? 1 : 0);
    }

    private static void gauge(PrometheusRegistry registry, Labels broker, String name, String help,
            DoubleSupplier value) {
        GaugeWithCallback.builder().name(name).help(help).constLabels(broker)
                .callback(callback -> callback.call(value.getAsDouble()))
                .register(registry);
    }
}

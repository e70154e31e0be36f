/**
 * The broker's Prometheus metrics (README "Metrics"): Apache RocketMQ 5's names and labels where one exists, ours
 * ({@code apogee_…}) for the group commit, the store and POP. {@link dev.apogee.broker.metrics.BrokerMetrics} builds
 * them and hands the counting hooks to the send, pull, pop and DLQ paths and to the store's group commit.
 *
 * <p>Cost: the hooks on the message paths ({@link dev.apogee.broker.metrics.TopicSendMeters},
 * {@link dev.apogee.broker.metrics.GroupDeliveryMeters}) do one lookup of a meter cached per topic (and group) and
 * two {@code LongAdder} additions per request, without allocating; everything else (lag, in-flight, store offsets,
 * disk) is read from the broker's own state by gauges when Prometheus scrapes, on the endpoint's HTTP thread.
 * Meters are thread-safe; the caches only grow (a deleted topic's series stay until restart).
 */
package dev.apogee.broker.metrics;

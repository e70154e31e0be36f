/**
 * What the broker and the name server share to expose Prometheus metrics:
 * {@link dev.apogee.remoting.metrics.ServerMetrics}
 * (the registry, JVM metrics, the RPC latency histogram and the {@code /metrics} HTTP endpoint) and the
 * {@link dev.apogee.remoting.netty.RequestObserver} that feeds {@code rocketmq_rpc_latency}.
 *
 * <p>Uses the Prometheus Java client 1.x, an optional dependency of this module: clients never load this package,
 * the servers declare the jars. Threads: the endpoint's own daemon HTTP threads run the scrapes (gauges read the
 * servers' state then); the latency observer is called by whichever thread answers a request.
 */
package dev.apogee.remoting.metrics;

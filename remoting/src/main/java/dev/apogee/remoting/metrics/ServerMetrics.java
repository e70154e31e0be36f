package dev.apogee.remoting.metrics;

import dev.apogee.remoting.netty.RemotingBindException;
import dev.apogee.remoting.netty.RequestObserver;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.BindException;

/**
 * The metrics of one server process part: a Prometheus registry with the {@code rocketmq_rpc_latency} histogram
 * (and the JVM's metrics once served), served on {@code /metrics} by the Prometheus client's HTTP server (the
 * JDK's {@code com.sun.net.httpserver}, daemon threads) once {@link #serve} is called. The broker and the name
 * server each make one; the standalone server shares one between both (one endpoint, the {@code node_type} label
 * tells their RPCs apart). Life cycle: construct, register collectors, {@link #serve}, {@link #close} — called by
 * the owning server's start/stop thread.
 */
public final class ServerMetrics implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ServerMetrics.class);

    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final Histogram rpcLatency;
    private HTTPServer server;
    private boolean jvmRegistered;

    public ServerMetrics() {
        rpcLatency = Histogram.builder()
                .name("rocketmq_rpc_latency")
                .help("Time from a request's arrival to its response, in milliseconds, by request and response code")
                .labelNames("node_type", "protocol_type", "request_code", "response_code")
                .classicOnly()
                .classicUpperBounds(RpcLatency.BUCKETS_MILLIS)
                .register(registry);
    }

    /** Where servers register their collectors. */
    public PrometheusRegistry registry() {
        return registry;
    }

    /** The observer a server of {@code nodeType} ({@code broker}, {@code nameserver}) installs on its server. */
    public RequestObserver rpcObserver(String nodeType) {
        return new RpcLatency(rpcLatency, nodeType);
    }

    /**
     * Serves {@code /metrics} on {@code bindAddress:port} (0 = any free port, for tests).
     *
     * @throws RemotingBindException naming the port and the setting when it cannot be bound
     */
    public synchronized void serve(String bindAddress, int port) throws RemotingBindException {
        if (server != null) {
            throw new IllegalStateException("metrics already served on port " + server.getPort());
        }
        if (!jvmRegistered) {
            // only once served: the JVM collectors subscribe to GC notifications for good, which an embedded
            // broker that serves nothing (tests start hundreds) should not pile up
            JvmMetrics.builder().register(registry);
            jvmRegistered = true;
        }
        try {
            server = HTTPServer.builder().hostname(bindAddress).port(port).registry(registry).buildAndStart();
        } catch (IOException e) {
            String why = e instanceof BindException || String.valueOf(e.getMessage()).contains("in use")
                    ? "metrics port " + port + " is already in use on " + bindAddress
                    : "cannot serve metrics on " + bindAddress + ":" + port + ": " + e;
            throw new RemotingBindException(why + " (metricsPort; metricsEnable=false turns the endpoint off)", e);
        }
        LOG.info("METRICS-ENDPOINT serving Prometheus metrics on http://{}:{}/metrics", bindAddress, server.getPort());
    }

    /** The port {@code /metrics} is served on, or -1 when it is not served. */
    public synchronized int port() {
        return server == null ? -1 : server.getPort();
    }

    /** Stops the endpoint (idempotent); the registry stays readable. */
    @Override
    public synchronized void close() {
        if (server != null) {
            server.close();
            server = null;
        }
    }
}

package dev.apogee.namesrv;

import dev.apogee.namesrv.config.NamesrvConfig;
import dev.apogee.namesrv.kv.KvConfigStore;
import dev.apogee.namesrv.liveness.BrokerHousekeepingService;
import dev.apogee.namesrv.processor.NamesrvProcessors;
import dev.apogee.namesrv.route.RouteInfoTable;
import dev.apogee.remoting.metrics.ServerMetrics;
import dev.apogee.remoting.netty.NettyRemotingServer;
import dev.apogee.remoting.netty.NettyServerConfig;
import dev.apogee.remoting.netty.RemotingBindException;
import dev.apogee.remoting.netty.RemotingExecutors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * An embeddable name server.
 *
 * <pre>{@code
 * NameServer namesrv = new NameServer(new NamesrvConfig().setListenPort(0)).start();
 * String addr = "127.0.0.1:" + namesrv.port();
 * ...
 * namesrv.shutdown();
 * }</pre>
 *
 * Starting loads the KV file, binds the port ({@link RemotingBindException} with a clear message if it is taken) and
 * starts the expiry scan. Not restartable: build a new instance after {@link #shutdown()}.
 */
public final class NameServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(NameServer.class);

    private final NamesrvConfig config;
    private final RouteInfoTable routes;
    private final KvConfigStore kv;
    private final BrokerHousekeepingService housekeeping;
    private final ServerMetrics metrics;
    private final boolean ownsMetrics;
    private NettyRemotingServer server;
    private ExecutorService defaultExecutor;
    private ExecutorService routeQueryExecutor;
    private boolean started;
    private boolean serving;
    private boolean stopped;

    public NameServer(NamesrvConfig config) {
        this(config, null);
    }

    /**
     * @param sharedMetrics metrics shared with a broker in the same process (the standalone server, which serves
     *                      them), or null: the name server has its own, served when {@code metricsEnable} is set
     */
    public NameServer(NamesrvConfig config, ServerMetrics sharedMetrics) {
        this.config = config;
        this.ownsMetrics = sharedMetrics == null;
        this.metrics = ownsMetrics ? new ServerMetrics() : sharedMetrics;
        this.routes = new RouteInfoTable(config.getClock()::millis, config.getBrokerChannelExpiredMillis());
        this.kv = new KvConfigStore(config.getKvConfigPath());
        this.housekeeping = new BrokerHousekeepingService(routes, config.getScanNotActiveBrokerIntervalMillis());
        NamesrvGauges.register(metrics.registry(), routes);
    }

    /**
     * Loads the KV configuration and starts serving.
     *
     * @throws IOException           when the KV file cannot be read
     * @throws RemotingBindException when the port cannot be bound; its message says why ("port … is already in use")
     */
    public synchronized NameServer start() throws IOException, RemotingBindException {
        if (started) {
            throw new IllegalStateException("name server already started");
        }
        started = true;
        if (ownsMetrics && config.servesMetrics()) {
            metrics.serve(config.getBindAddress(), config.getMetricsPort());
        }
        try {
            kv.load();
        } catch (IOException | RuntimeException e) {
            shutdown();
            throw e;
        }
        server = new NettyRemotingServer(new NettyServerConfig()
                .setName("namesrv")
                .setBindAddress(config.getBindAddress())
                .setListenPort(config.getListenPort())
                .setWorkerThreads(config.getServerWorkerThreads()), housekeeping);
        server.setRequestObserver(metrics.rpcObserver("nameserver"));
        defaultExecutor = RemotingExecutors.bounded("namesrv-default", config.getDefaultThreads(),
                config.getRequestQueueCapacity());
        routeQueryExecutor = RemotingExecutors.bounded("namesrv-route-query", config.getRouteQueryThreads(),
                config.getRequestQueueCapacity());
        new NamesrvProcessors(routes, kv, config).registerOn(server, defaultExecutor, routeQueryExecutor);
        try {
            server.start();
        } catch (RemotingBindException e) {
            shutdown();
            throw e;
        }
        housekeeping.start();
        serving = true;
        LOG.info("NAMESRV-START name server started on {}:{}", config.getBindAddress(), server.localPort());
        return this;
    }

    /** The port actually bound (useful when configured with 0). */
    public synchronized int port() {
        if (server == null) {
            throw new IllegalStateException("name server not started");
        }
        return server.localPort();
    }

    /** {@code 127.0.0.1:port}, handy as {@code namesrvAddr} for clients in the same host. */
    public String localAddress() {
        return "127.0.0.1:" + port();
    }

    /** The port this name server serves {@code /metrics} on, or -1 when it serves none (README "Metrics"). */
    public int metricsPort() {
        return ownsMetrics ? metrics.port() : -1;
    }

    /** The route table; read it for diagnostics and tests, change it only through requests. */
    public RouteInfoTable routes() {
        return routes;
    }

    /** Runs one broker-expiry pass now (tests with a manual clock). */
    public int scanNotActiveBrokers() {
        return housekeeping.scanNotActiveBrokers();
    }

    /** Stops accepting, closes connections, stops threads. Idempotent. */
    public synchronized void shutdown() {
        if (ownsMetrics) {
            metrics.close();
        }
        if (stopped || !started) {
            stopped = true;
            return;
        }
        stopped = true;
        housekeeping.shutdown();
        if (server != null) {
            server.shutdown();
        }
        shutdownExecutor(defaultExecutor);
        shutdownExecutor(routeQueryExecutor);
        if (serving) {
            LOG.info("NAMESRV-STOP name server stopped");
        }
    }

    private static void shutdownExecutor(ExecutorService executor) {
        if (executor == null) {
            return;
        }
        executor.shutdown();
        try {
            if (!executor.awaitTermination(3, TimeUnit.SECONDS)) {
                executor.shutdownNow();
            }
        } catch (InterruptedException e) {
            executor.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        shutdown();
    }
}

package dev.apogee.jms.provider;

import dev.apogee.client.MQClientException;
import dev.apogee.client.Rpc;
import dev.apogee.client.admin.AdminClient;
import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RequestCode;
import dev.apogee.remoting.protocol.body.BrokerData;
import dev.apogee.remoting.protocol.body.ClusterInfo;
import jakarta.jms.JMSException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Watches one connection's cluster from its own thread ({@code apogee-jms-health-*}), every
 * {@link NativeProviderConfig#healthCheckMillis()}: asks the name servers for the cluster, then sends each master
 * broker the connection has ever seen a cheap request ({@link #ping()}); any answer means the broker is there.
 * Remembering brokers matters: after a kill -9 the name server drops the dead broker from the cluster at once, so
 * the cluster alone would look healthy. A broker that comes back under a new address replaces the old one (same
 * broker name); one that never comes back keeps failing, so with several brokers losing any one loses the
 * connection (unless {@code reconnect}) — the connection cannot tell which brokers its destinations need.
 *
 * <p>Two probes in a row must fail before anything is reported; a broker that refuses or drops the connection (killed,
 * stopped) is then lost — two to three probe intervals after it died — while one that only times out (overloaded,
 * paused, partitioned) must stay silent for {@value #TIMEOUTS_TO_REPORT} request timeouts, so a slow broker does not
 * kill connections. Reports go to the {@link Sink}:
 * <ul>
 *   <li>name servers unreachable: {@link Sink#nameServersDown} once per outage ({@link ErrorCode#CONNECTION_FAILED}),
 *       not fatal — brokers keep serving cached routes;</li>
 *   <li>a broker unreachable: {@link Sink#brokerLost} once ({@link ErrorCode#CONNECTION_LOST}); with
 *       {@code reconnect} only when it stays unreachable for {@code reconnectTimeoutMillis}, since the native client
 *       re-resolves routes and resumes by itself when the broker returns. After it the probes stop.</li>
 * </ul>
 * All state below is confined to the health thread.
 */
final class ConnectionHealth implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ConnectionHealth.class);
    static final int FAILED_PROBES_TO_REPORT = 2;
    /** A broker that times out (rather than refusing) is lost after this many request timeouts of silence. */
    static final int TIMEOUTS_TO_REPORT = 3;

    /** Where health changes go; called on the health thread. */
    interface Sink {
        void nameServersDown(JMSException failure);

        void brokerLost(JMSException failure);
    }

    private final NativeProviderConfig config;
    private final AdminClient admin;
    private final Rpc rpc;
    private final Sink sink;
    private final LongSupplier clock;
    private final ScheduledExecutorService thread;
    private final Map<String, String> masters = new HashMap<>(); // broker name → last known master address
    private int namesrvFailures;
    private boolean namesrvReported;
    private int brokerFailures;
    private long brokersDownSince;
    private boolean lost;

    ConnectionHealth(NativeProviderConfig config, AdminClient admin, Rpc rpc, ClusterInfo initial, Sink sink,
            String name) {
        this.config = config;
        this.admin = admin;
        this.rpc = rpc;
        this.sink = sink;
        this.clock = System::currentTimeMillis;
        remember(initial);
        this.thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "apogee-jms-health-" + name);
            t.setDaemon(true);
            return t;
        });
    }

    void start() {
        thread.scheduleWithFixedDelay(this::probe, config.healthCheckMillis(), config.healthCheckMillis(),
                TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        thread.shutdownNow();
    }

    private void probe() {
        if (lost) {
            return;
        }
        try {
            probeNameServers();
            probeBrokers();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Throwable t) {
            LOG.warn("APOGEE-JMS-HEALTH-1 health probe failed unexpectedly", t);
        }
    }

    private void probeNameServers() throws InterruptedException {
        try {
            remember(admin.clusterInfo());
            namesrvFailures = 0;
            namesrvReported = false;
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            if (++namesrvFailures >= FAILED_PROBES_TO_REPORT && !namesrvReported) {
                namesrvReported = true;
                sink.nameServersDown(JmsExceptions.create(ErrorCode.CONNECTION_FAILED, "name servers "
                        + config.namesrvAddress() + " unreachable: " + e.getMessage(), e));
            }
        }
    }

    private void probeBrokers() throws InterruptedException {
        String down = null;
        Exception cause = null;
        for (Map.Entry<String, String> broker : masters.entrySet()) {
            try {
                rpc.call(broker.getValue(), ping(), config.requestTimeoutMillis()); // any answer will do
            } catch (InterruptedException e) {
                throw e;
            } catch (Exception e) {
                down = broker.getKey() + " (" + broker.getValue() + ")";
                cause = e;
                break;
            }
        }
        long now = clock.getAsLong();
        if (down == null) {
            brokerFailures = 0;
            return;
        }
        if (brokerFailures++ == 0) {
            brokersDownSince = now;
            LOG.info("APOGEE-JMS-HEALTH-2 broker {} does not answer: {}", down, cause.toString());
        }
        // refused or closed connections are certain; a broker that only answers slowly (GC, overload) gets longer
        boolean certain = cause instanceof MQClientException e
                && e.responseCode() == MQClientException.CONNECT_BROKER_EXCEPTION;
        long grace = certain ? 0 : TIMEOUTS_TO_REPORT * config.requestTimeoutMillis();
        long waited = now - brokersDownSince;
        boolean waitedEnough = waited >= grace && (!config.reconnect() || waited >= config.reconnectTimeoutMillis());
        if (brokerFailures >= FAILED_PROBES_TO_REPORT && waitedEnough) {
            lost = true;
            sink.brokerLost(JmsExceptions.create(ErrorCode.CONNECTION_LOST, "connection lost: broker " + down
                    + " is unreachable" + (config.reconnect() ? " for " + (now - brokersDownSince) + " ms" : "")
                    + ": " + cause.getMessage(), cause));
        }
    }

    /**
     * The broker "ping": an offset query for a group that never commits (two map lookups, answered QUERY_NOT_FOUND,
     * no side effects — unlike GET_BROKER_RUNTIME_INFO, whose TPS sampling a probe would skew).
     */
    private static RemotingCommand ping() {
        RemotingCommand request = RemotingCommand.createRequest(RequestCode.QUERY_CONSUMER_OFFSET);
        request.putExtField("consumerGroup", "APOGEE_JMS_HEALTH");
        request.putExtField("topic", "TBW102");
        request.putExtField("queueId", "0");
        request.putExtField("setZeroIfNotFound", "false");
        return request;
    }

    private void remember(ClusterInfo cluster) {
        if (cluster == null || cluster.getBrokerAddrTable() == null) {
            return;
        }
        for (BrokerData broker : cluster.getBrokerAddrTable().values()) {
            if (broker.masterAddr() != null) {
                masters.put(broker.getBrokerName(), broker.masterAddr());
            }
        }
    }
}

package dev.apogee.broker.metrics;

import dev.apogee.broker.admin.ConsumeProgress;
import dev.apogee.broker.client.ConsumerRegistry;
import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.broker.offset.ConsumerOffsetTable;
import dev.apogee.broker.pop.Pops;
import dev.apogee.broker.topic.TopicConfigTable;
import dev.apogee.remoting.metrics.ServerMetrics;
import dev.apogee.remoting.netty.RemotingBindException;
import dev.apogee.remoting.netty.RequestObserver;
import dev.apogee.store.MessageStore;
import dev.apogee.store.flush.GroupCommitListener;
import io.prometheus.metrics.model.snapshots.Labels;

import java.util.function.BiConsumer;

/**
 * The broker's metrics: made with the broker, fed by the hooks it hands out ({@link #sends()},
 * {@link #deliveries()}, {@link #deadLetters()}, {@link #groupCommit()}, {@link #rpcObserver()}), given the
 * broker's state to read at scrape time ({@link #watch}), and served on {@code /metrics} when the broker's
 * {@code metricsEnable} is set ({@link #serve}). Every series carries RocketMQ's {@code cluster},
 * {@code node_type=broker} and {@code node_id} (the broker name) labels. The counters count also while nothing
 * serves them (a few additions per request). Life cycle driven by the broker's start/stop thread.
 */
public final class BrokerMetrics implements AutoCloseable {
    private final BrokerConfig config;
    private final ServerMetrics server;
    private final boolean ownsServer;
    private final Labels broker;
    private final TopicSendMeters sends;
    private final GroupDeliveryMeters deliveries;
    private final DeadLetterMeters deadLetters;
    private final GroupCommitMeters groupCommit;

    /** @param shared the standalone server's metrics shared with its name server, or null for the broker's own */
    public BrokerMetrics(BrokerConfig config, ServerMetrics shared) {
        this.config = config;
        this.ownsServer = shared == null;
        this.server = shared != null ? shared : new ServerMetrics();
        this.broker = Labels.of("cluster", config.getBrokerClusterName(), "node_type", "broker",
                "node_id", config.getBrokerName());
        this.sends = new TopicSendMeters(server.registry(), broker);
        this.deliveries = new GroupDeliveryMeters(server.registry(), broker);
        this.deadLetters = new DeadLetterMeters(server.registry(), broker);
        this.groupCommit = new GroupCommitMeters(server.registry(), broker);
    }

    public SendMeters sends() {
        return sends;
    }

    public DeliveryMeters deliveries() {
        return deliveries;
    }

    /** Told (original topic, group) of each message routed to a dead-letter queue. */
    public BiConsumer<String, String> deadLetters() {
        return deadLetters;
    }

    public GroupCommitListener groupCommit() {
        return groupCommit;
    }

    /** Feeds {@code rocketmq_rpc_latency{node_type="broker"}}: install on the broker's remoting server. */
    public RequestObserver rpcObserver() {
        return server.rpcObserver("broker");
    }

    /** Registers the gauges that read the broker's state at scrape time; once, after the store is open. */
    public void watch(MessageStore store, TopicConfigTable topics, ConsumerOffsetTable offsets, Pops pops,
            ConsumerRegistry consumers) {
        StoreGauges.register(server.registry(), broker, store, config.storeRoot());
        ConsumerGauges.register(server.registry(), broker, new ConsumerProgress(topics, offsets, pops,
                new ConsumeProgress(topics, offsets, consumers, store, pops)),
                consumers, pops);
    }

    /**
     * Serves {@code /metrics} on {@code bindAddress:metricsPort} when {@link BrokerConfig#servesMetrics()} and the
     * endpoint is the broker's own (the standalone server serves its shared one itself).
     */
    public void serve() throws RemotingBindException {
        if (ownsServer && config.servesMetrics()) {
            server.serve(config.getBindAddress(), config.getMetricsPort());
        }
    }

    /** The port {@code /metrics} is served on, or -1. */
    public int port() {
        return server.port();
    }

    /** Stops the broker's own endpoint. */
    @Override
    public void close() {
        if (ownsServer) {
            server.close();
        }
    }
}

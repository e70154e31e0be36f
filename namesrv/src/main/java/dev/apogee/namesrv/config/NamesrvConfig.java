package dev.apogee.namesrv.config;

import dev.apogee.remoting.config.Range;

import java.nio.file.Path;
import java.time.Clock;

/**
 * Settings of one name server. A mutable bean: build it (or load it with {@link NamesrvConfigProperties}), then hand
 * it to {@link dev.apogee.namesrv.NameServer}. Only the flags marked "runtime" may change while the server runs.
 * Each field of a setting is named like its key in {@code namesrv.conf}, so that the {@link Range} declared on it
 * (or the default rule of its type, {@link dev.apogee.remoting.config.SettingRule}) checks the file's value.
 */
public final class NamesrvConfig {
    /** Official default port. */
    public static final int DEFAULT_PORT = 9876;

    private int listenPort = DEFAULT_PORT;
    private String bindAddress = "0.0.0.0";
    private Path kvConfigPath = Path.of(System.getProperty("user.home"), "apogee", "namesrv", "kvConfig.json");
    @Range(min = 1)
    private long scanNotActiveBrokerInterval = 5_000;
    @Range(min = 1)
    private long brokerChannelExpiredTime = 120_000;
    @Range(min = 1)
    private int serverWorkerThreads = 3;
    @Range(min = 1)
    private int defaultThreads = 8;
    @Range(min = 1)
    private int routeQueryThreads = 8;
    @Range(min = 1)
    private int requestQueueCapacity = 10_000;
    private volatile boolean orderMessageEnable = false;
    private volatile boolean enableAllTopicList = true;
    private volatile boolean enableTopicList = true;
    private volatile boolean returnOrderTopicConfigToBroker = true;
    private Clock clock = Clock.systemUTC();
    private boolean metricsEnable = false;
    private int metricsPort = 5558;

    /** Port to listen on; 0 picks a free one (see {@link dev.apogee.namesrv.NameServer#port()}). */
    public int getListenPort() {
        return listenPort;
    }

    public NamesrvConfig setListenPort(int listenPort) {
        if (listenPort < 0 || listenPort > 65535) {
            throw new IllegalArgumentException("listenPort must be 0..65535, got " + listenPort);
        }
        this.listenPort = listenPort;
        return this;
    }

    public String getBindAddress() {
        return bindAddress;
    }

    public NamesrvConfig setBindAddress(String bindAddress) {
        this.bindAddress = bindAddress;
        return this;
    }

    /** JSON file holding the KV configuration (order-topic config etc.). */
    public Path getKvConfigPath() {
        return kvConfigPath;
    }

    public NamesrvConfig setKvConfigPath(Path kvConfigPath) {
        this.kvConfigPath = kvConfigPath;
        return this;
    }

    /** Period of the scan removing brokers that stopped registering. */
    public long getScanNotActiveBrokerIntervalMillis() {
        return scanNotActiveBrokerInterval;
    }

    public NamesrvConfig setScanNotActiveBrokerIntervalMillis(long millis) {
        this.scanNotActiveBrokerInterval = positive("scanNotActiveBrokerInterval", millis);
        return this;
    }

    /** How long a broker may stay silent unless its registration says otherwise (heartbeatTimeoutMillis). */
    public long getBrokerChannelExpiredMillis() {
        return brokerChannelExpiredTime;
    }

    public NamesrvConfig setBrokerChannelExpiredMillis(long millis) {
        this.brokerChannelExpiredTime = positive("brokerChannelExpiredTime", millis);
        return this;
    }

    /** Netty worker (I/O) threads. */
    public int getServerWorkerThreads() {
        return serverWorkerThreads;
    }

    public NamesrvConfig setServerWorkerThreads(int threads) {
        this.serverWorkerThreads = (int) positive("serverWorkerThreads", threads);
        return this;
    }

    /** Threads for registrations and admin requests. */
    public int getDefaultThreads() {
        return defaultThreads;
    }

    public NamesrvConfig setDefaultThreads(int threads) {
        this.defaultThreads = (int) positive("defaultThreads", threads);
        return this;
    }

    /** Threads for GET_ROUTEINFO_BY_TOPIC, kept apart so client lookups never queue behind registrations. */
    public int getRouteQueryThreads() {
        return routeQueryThreads;
    }

    public NamesrvConfig setRouteQueryThreads(int threads) {
        this.routeQueryThreads = (int) positive("routeQueryThreads", threads);
        return this;
    }

    /** Bound of each request queue; beyond it requests are answered SYSTEM_BUSY. */
    public int getRequestQueueCapacity() {
        return requestQueueCapacity;
    }

    public NamesrvConfig setRequestQueueCapacity(int capacity) {
        this.requestQueueCapacity = (int) positive("requestQueueCapacity", capacity);
        return this;
    }

    /** Runtime. Fill {@code orderTopicConf} of routes from the ORDER_TOPIC_CONFIG KV namespace. */
    public boolean isOrderMessageEnable() {
        return orderMessageEnable;
    }

    public NamesrvConfig setOrderMessageEnable(boolean orderMessageEnable) {
        this.orderMessageEnable = orderMessageEnable;
        return this;
    }

    /** Runtime. Answer GET_ALL_TOPIC_LIST_FROM_NAMESERVER (else {@code 1 "disable"}). */
    public boolean isEnableAllTopicList() {
        return enableAllTopicList;
    }

    public NamesrvConfig setEnableAllTopicList(boolean enableAllTopicList) {
        this.enableAllTopicList = enableAllTopicList;
        return this;
    }

    /** Runtime. Answer GET_TOPICS_BY_CLUSTER (else {@code 1 "disable"}). */
    public boolean isEnableTopicList() {
        return enableTopicList;
    }

    public NamesrvConfig setEnableTopicList(boolean enableTopicList) {
        this.enableTopicList = enableTopicList;
        return this;
    }

    /** Runtime. Send the ORDER_TOPIC_CONFIG KV table back in REGISTER_BROKER responses. */
    public boolean isReturnOrderTopicConfigToBroker() {
        return returnOrderTopicConfigToBroker;
    }

    public NamesrvConfig setReturnOrderTopicConfigToBroker(boolean value) {
        this.returnOrderTopicConfigToBroker = value;
        return this;
    }

    /** Source of time for liveness; tests inject a manual clock. */
    /**
     * Serve Prometheus metrics on {@code http://bindAddress:metricsPort/metrics} (README "Metrics"). Off for an
     * embedded name server; the shipped {@code conf/namesrv.conf} turns it on.
     */
    public boolean isMetricsEnable() {
        return metricsEnable;
    }

    public NamesrvConfig setMetricsEnable(boolean metricsEnable) {
        this.metricsEnable = metricsEnable;
        return this;
    }

    /** Port of the metrics endpoint (the broker's default is 5557); 0 = no endpoint. */
    public int getMetricsPort() {
        return metricsPort;
    }

    public NamesrvConfig setMetricsPort(int metricsPort) {
        if (metricsPort < 0 || metricsPort > 65535) {
            throw new IllegalArgumentException("metricsPort must be 0..65535 (0 = no metrics endpoint), got "
                    + metricsPort);
        }
        this.metricsPort = metricsPort;
        return this;
    }

    /** Whether the name server serves {@code /metrics}: {@code metricsEnable} and a port other than 0. */
    public boolean servesMetrics() {
        return metricsEnable && metricsPort != 0;
    }

    public Clock getClock() {
        return clock;
    }

    public NamesrvConfig setClock(Clock clock) {
        this.clock = clock;
        return this;
    }

    private static long positive(String name, long value) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " must be positive, got " + value);
        }
        return value;
    }
}

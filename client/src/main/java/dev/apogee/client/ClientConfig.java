package dev.apogee.client;

import dev.apogee.client.message.UniqueKeyGenerator;
import dev.apogee.remoting.netty.RequestSigner;
import dev.apogee.remoting.protocol.SerializeType;

import java.util.function.LongSupplier;

/**
 * Settings of a client instance (shared by the producers and consumers that use the same client id). Filled before
 * the first producer or consumer starts, then only read. Defaults are the official 5.3.3 client's.
 */
public final class ClientConfig {
    private String namesrvAddress = System.getProperty("rocketmq.namesrv.addr", "127.0.0.1:9876");
    private String clientIp = UniqueKeyGenerator.localIp();
    private String instanceName = "DEFAULT";
    private String unitName;
    private long routeRefreshIntervalMillis = 30_000;
    private long heartbeatIntervalMillis = 30_000;
    private long offsetPersistIntervalMillis = 5_000;
    private long rebalanceIntervalMillis = 20_000;
    private long rpcTimeoutMillis = 3_000;
    private int ioThreads = 2;
    private int callbackThreads = 2;
    private LongSupplier clock = System::currentTimeMillis;
    private SerializeType serializeType = SerializeType.processDefault();
    private RequestSigner requestSigner;

    /** The client id: {@code clientIp@instanceName[@unitName]}; {@code DEFAULT} becomes the process id. */
    public String clientId() {
        StringBuilder id = new StringBuilder(clientIp).append('@').append(instanceName);
        if (unitName != null && !unitName.isEmpty()) {
            id.append('@').append(unitName);
        }
        return id.toString();
    }

    /** Replaces the instance name DEFAULT by the process id: one shared instance per process (4.x behaviour; 5.x adds a nano time, giving every producer its own instance). */
    public void resolveInstanceName() {
        if ("DEFAULT".equals(instanceName)) {
            instanceName = String.valueOf(ProcessHandle.current().pid());
        }
    }

    public String getNamesrvAddress() {
        return namesrvAddress;
    }

    /** One or more name server addresses {@code ip:port}, separated by {@code ;}. */
    public ClientConfig setNamesrvAddress(String namesrvAddress) {
        this.namesrvAddress = namesrvAddress;
        return this;
    }

    public String getClientIp() {
        return clientIp;
    }

    public ClientConfig setClientIp(String clientIp) {
        this.clientIp = clientIp;
        return this;
    }

    public String getInstanceName() {
        return instanceName;
    }

    public ClientConfig setInstanceName(String instanceName) {
        this.instanceName = instanceName;
        return this;
    }

    public String getUnitName() {
        return unitName;
    }

    public ClientConfig setUnitName(String unitName) {
        this.unitName = unitName;
        return this;
    }

    public long getRouteRefreshIntervalMillis() {
        return routeRefreshIntervalMillis;
    }

    public ClientConfig setRouteRefreshIntervalMillis(long millis) {
        this.routeRefreshIntervalMillis = millis;
        return this;
    }

    public long getHeartbeatIntervalMillis() {
        return heartbeatIntervalMillis;
    }

    public ClientConfig setHeartbeatIntervalMillis(long millis) {
        this.heartbeatIntervalMillis = millis;
        return this;
    }

    public long getOffsetPersistIntervalMillis() {
        return offsetPersistIntervalMillis;
    }

    public ClientConfig setOffsetPersistIntervalMillis(long millis) {
        this.offsetPersistIntervalMillis = millis;
        return this;
    }

    public long getRebalanceIntervalMillis() {
        return rebalanceIntervalMillis;
    }

    public ClientConfig setRebalanceIntervalMillis(long millis) {
        this.rebalanceIntervalMillis = millis;
        return this;
    }

    /** Timeout of route, heartbeat and admin calls. */
    public long getRpcTimeoutMillis() {
        return rpcTimeoutMillis;
    }

    public ClientConfig setRpcTimeoutMillis(long millis) {
        this.rpcTimeoutMillis = millis;
        return this;
    }

    public int getIoThreads() {
        return ioThreads;
    }

    public ClientConfig setIoThreads(int ioThreads) {
        this.ioThreads = ioThreads;
        return this;
    }

    public int getCallbackThreads() {
        return callbackThreads;
    }

    public ClientConfig setCallbackThreads(int callbackThreads) {
        this.callbackThreads = callbackThreads;
        return this;
    }

    public LongSupplier getClock() {
        return clock;
    }

    /** The clock used for back-off, timestamps and expiry; tests inject their own. */
    public ClientConfig setClock(LongSupplier clock) {
        this.clock = clock;
        return this;
    }

    public SerializeType getSerializeType() {
        return serializeType;
    }

    /**
     * The header serialization of this client's requests: JSON (the official clients' default) or ROCKETMQ (binary;
     * both Apogee and Apache RocketMQ servers accept it and answer in kind). ROCKETMQ is cheaper to encode and
     * decode, above all for message properties, whose separators JSON must escape.
     */
    public ClientConfig setSerializeType(SerializeType serializeType) {
        this.serializeType = serializeType;
        return this;
    }

    public RequestSigner getRequestSigner() {
        return requestSigner;
    }

    /**
     * Signs every request of the instance (name servers and brokers), e.g. an
     * {@link dev.apogee.remoting.acl.AclRequestSigner} for a broker with ACL; null (the default) sends unsigned
     * requests. Instances are shared by client id: give differently signed clients different instance names.
     */
    public ClientConfig setRequestSigner(RequestSigner requestSigner) {
        this.requestSigner = requestSigner;
        return this;
    }

    ClientConfig copy() {
        ClientConfig c = new ClientConfig();
        c.serializeType = serializeType;
        c.namesrvAddress = namesrvAddress;
        c.clientIp = clientIp;
        c.instanceName = instanceName;
        c.unitName = unitName;
        c.routeRefreshIntervalMillis = routeRefreshIntervalMillis;
        c.heartbeatIntervalMillis = heartbeatIntervalMillis;
        c.offsetPersistIntervalMillis = offsetPersistIntervalMillis;
        c.rebalanceIntervalMillis = rebalanceIntervalMillis;
        c.rpcTimeoutMillis = rpcTimeoutMillis;
        c.ioThreads = ioThreads;
        c.callbackThreads = callbackThreads;
        c.clock = clock;
        c.requestSigner = requestSigner;
        return c;
    }
}

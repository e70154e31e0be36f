package dev.apogee.remoting.netty;

import dev.apogee.remoting.protocol.SerializeType;
import dev.apogee.remoting.tls.TlsConfig;

/** Settings of a {@link NettyRemotingClient}. Filled before the client is built, then only read. */
public final class NettyClientConfig {
    private int workerThreads = Math.min(4, Math.max(1, Runtime.getRuntime().availableProcessors()));
    private int connectTimeoutMillis = 3000;
    private int connectionsPerAddress = 1;
    private int maxFrameLength = 16 * 1024 * 1024;
    private int idleSeconds = 120;
    private int asyncPermits = 65_535;
    private int onewayPermits = 65_535;
    private int callbackThreads = Math.max(2, Runtime.getRuntime().availableProcessors());
    private boolean closeSocketIfTimeout = true;
    private boolean useEpoll = true;
    private SerializeType serializeType = SerializeType.processDefault();
    private int writeBufferHighWaterMark = 4 * 1024 * 1024;
    private int writeBufferLowWaterMark = 1024 * 1024;
    private String name = "remoting-client";
    private TlsConfig tls = new TlsConfig();

    public int getWorkerThreads() {
        return workerThreads;
    }

    public NettyClientConfig setWorkerThreads(int workerThreads) {
        this.workerThreads = workerThreads;
        return this;
    }

    public int getConnectTimeoutMillis() {
        return connectTimeoutMillis;
    }

    public NettyClientConfig setConnectTimeoutMillis(int connectTimeoutMillis) {
        this.connectTimeoutMillis = connectTimeoutMillis;
        return this;
    }

    /** Connections kept per remote address; requests are spread over them round-robin. */
    public int getConnectionsPerAddress() {
        return connectionsPerAddress;
    }

    public NettyClientConfig setConnectionsPerAddress(int connectionsPerAddress) {
        this.connectionsPerAddress = connectionsPerAddress;
        return this;
    }

    public int getMaxFrameLength() {
        return maxFrameLength;
    }

    public NettyClientConfig setMaxFrameLength(int maxFrameLength) {
        this.maxFrameLength = maxFrameLength;
        return this;
    }

    public int getIdleSeconds() {
        return idleSeconds;
    }

    public NettyClientConfig setIdleSeconds(int idleSeconds) {
        this.idleSeconds = idleSeconds;
        return this;
    }

    public int getAsyncPermits() {
        return asyncPermits;
    }

    public NettyClientConfig setAsyncPermits(int asyncPermits) {
        this.asyncPermits = asyncPermits;
        return this;
    }

    public int getOnewayPermits() {
        return onewayPermits;
    }

    public NettyClientConfig setOnewayPermits(int onewayPermits) {
        this.onewayPermits = onewayPermits;
        return this;
    }

    public int getCallbackThreads() {
        return callbackThreads;
    }

    public NettyClientConfig setCallbackThreads(int callbackThreads) {
        this.callbackThreads = callbackThreads;
        return this;
    }

    /** Like the official client: a timed-out synchronous call closes its connection, the next call reconnects. */
    public boolean isCloseSocketIfTimeout() {
        return closeSocketIfTimeout;
    }

    public NettyClientConfig setCloseSocketIfTimeout(boolean closeSocketIfTimeout) {
        this.closeSocketIfTimeout = closeSocketIfTimeout;
        return this;
    }

    public boolean isUseEpoll() {
        return useEpoll;
    }

    public NettyClientConfig setUseEpoll(boolean useEpoll) {
        this.useEpoll = useEpoll;
        return this;
    }

    /** The header serialization of requests this client originates. */
    public SerializeType getSerializeType() {
        return serializeType;
    }

    public NettyClientConfig setSerializeType(SerializeType serializeType) {
        this.serializeType = serializeType;
        return this;
    }

    public int getWriteBufferHighWaterMark() {
        return writeBufferHighWaterMark;
    }

    public NettyClientConfig setWriteBufferHighWaterMark(int writeBufferHighWaterMark) {
        this.writeBufferHighWaterMark = writeBufferHighWaterMark;
        return this;
    }

    public int getWriteBufferLowWaterMark() {
        return writeBufferLowWaterMark;
    }

    public NettyClientConfig setWriteBufferLowWaterMark(int writeBufferLowWaterMark) {
        this.writeBufferLowWaterMark = writeBufferLowWaterMark;
        return this;
    }

    public String getName() {
        return name;
    }

    public NettyClientConfig setName(String name) {
        this.name = name;
        return this;
    }

    /** TLS of outgoing connections; off by default (plaintext, like the official client). */
    public TlsConfig getTls() {
        return tls;
    }

    public NettyClientConfig setTls(TlsConfig tls) {
        this.tls = tls;
        return this;
    }
}

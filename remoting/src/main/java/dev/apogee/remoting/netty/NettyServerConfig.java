package dev.apogee.remoting.netty;

import dev.apogee.remoting.tls.TlsConfig;

/**
 * Settings of a {@link NettyRemotingServer}. Plain mutable bean: filled from a config file or by tests before the
 * server is built, then only read.
 */
public final class NettyServerConfig {
    private String bindAddress = "0.0.0.0";
    private int listenPort = 0;
    private int workerThreads = 3;
    private int maxFrameLength = 16 * 1024 * 1024;
    private int idleSeconds = 120;
    private int asyncPermits = 64;
    private int onewayPermits = 256;
    private int callbackThreads = 2;
    private boolean useEpoll = true;
    private int socketSendBuffer = 0;
    private int socketReceiveBuffer = 0;
    private int writeBufferHighWaterMark = 4 * 1024 * 1024;
    private int writeBufferLowWaterMark = 1024 * 1024;
    private String name = "remoting-server";
    private TlsConfig tls = new TlsConfig();

    public String getBindAddress() {
        return bindAddress;
    }

    public NettyServerConfig setBindAddress(String bindAddress) {
        this.bindAddress = bindAddress;
        return this;
    }

    /** 0 picks a free port; see {@link NettyRemotingServer#localPort()}. */
    public int getListenPort() {
        return listenPort;
    }

    public NettyServerConfig setListenPort(int listenPort) {
        this.listenPort = listenPort;
        return this;
    }

    public int getWorkerThreads() {
        return workerThreads;
    }

    public NettyServerConfig setWorkerThreads(int workerThreads) {
        this.workerThreads = workerThreads;
        return this;
    }

    public int getMaxFrameLength() {
        return maxFrameLength;
    }

    public NettyServerConfig setMaxFrameLength(int maxFrameLength) {
        this.maxFrameLength = maxFrameLength;
        return this;
    }

    public int getIdleSeconds() {
        return idleSeconds;
    }

    public NettyServerConfig setIdleSeconds(int idleSeconds) {
        this.idleSeconds = idleSeconds;
        return this;
    }

    public int getAsyncPermits() {
        return asyncPermits;
    }

    public NettyServerConfig setAsyncPermits(int asyncPermits) {
        this.asyncPermits = asyncPermits;
        return this;
    }

    public int getOnewayPermits() {
        return onewayPermits;
    }

    public NettyServerConfig setOnewayPermits(int onewayPermits) {
        this.onewayPermits = onewayPermits;
        return this;
    }

    public int getCallbackThreads() {
        return callbackThreads;
    }

    public NettyServerConfig setCallbackThreads(int callbackThreads) {
        this.callbackThreads = callbackThreads;
        return this;
    }

    public boolean isUseEpoll() {
        return useEpoll;
    }

    public NettyServerConfig setUseEpoll(boolean useEpoll) {
        this.useEpoll = useEpoll;
        return this;
    }

    public int getSocketSendBuffer() {
        return socketSendBuffer;
    }

    public NettyServerConfig setSocketSendBuffer(int socketSendBuffer) {
        this.socketSendBuffer = socketSendBuffer;
        return this;
    }

    public int getSocketReceiveBuffer() {
        return socketReceiveBuffer;
    }

    public NettyServerConfig setSocketReceiveBuffer(int socketReceiveBuffer) {
        this.socketReceiveBuffer = socketReceiveBuffer;
        return this;
    }

    public int getWriteBufferHighWaterMark() {
        return writeBufferHighWaterMark;
    }

    public NettyServerConfig setWriteBufferHighWaterMark(int writeBufferHighWaterMark) {
        this.writeBufferHighWaterMark = writeBufferHighWaterMark;
        return this;
    }

    public int getWriteBufferLowWaterMark() {
        return writeBufferLowWaterMark;
    }

    public NettyServerConfig setWriteBufferLowWaterMark(int writeBufferLowWaterMark) {
        this.writeBufferLowWaterMark = writeBufferLowWaterMark;
        return this;
    }

    /** Prefix of the server's thread names. */
    public String getName() {
        return name;
    }

    public NettyServerConfig setName(String name) {
        this.name = name;
        return this;
    }

    /** TLS of the listening port; off by default. */
    public TlsConfig getTls() {
        return tls;
    }

    public NettyServerConfig setTls(TlsConfig tls) {
        this.tls = tls;
        return this;
    }
}

package dev.apogee.remoting.netty;

import dev.apogee.remoting.exception.RemotingConnectException;
import dev.apogee.remoting.exception.RemotingException;
import dev.apogee.remoting.exception.RemotingTimeoutException;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.SerializeType;
import dev.apogee.remoting.tls.ClientTls;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.socket.SocketChannel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.net.ssl.SSLException;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The remoting client used by brokers (to namesrv) and by the native client (to namesrv and brokers): connections
 * pooled per address, sync / async / oneway calls with timeouts, and processors for requests the server sends
 * back over the same connection (transaction check-backs, consumer-ids-changed notices).
 */
public final class NettyRemotingClient extends RemotingEndpoint implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(NettyRemotingClient.class);

    private final NettyClientConfig config;
    private final EventLoops eventLoops;
    private final Map<String, AddressChannels> pools = new ConcurrentHashMap<>();
    private EventLoopGroup workers;
    private Bootstrap bootstrap;
    private volatile boolean running;
    private volatile RequestSigner signer;

    public NettyRemotingClient(NettyClientConfig config) {
        this(config, null);
    }

    public NettyRemotingClient(NettyClientConfig config, ChannelEventListener listener) {
        super(config.getName(), config.getAsyncPermits(), config.getOnewayPermits(), config.getCallbackThreads());
        this.config = config;
        this.eventLoops = new EventLoops(config.isUseEpoll());
        setChannelEventListener(listener, config.getName());
    }

    /**
     * Starts the event loops. Throws {@link IllegalStateException} when TLS is on but its files cannot be used.
     */
    public void start() {
        ClientTls tls;
        try {
            tls = ClientTls.of(config.getTls());
        } catch (SSLException e) {
            throw new IllegalStateException("TLS of " + config.getName() + " is unusable: " + e.getMessage(), e);
        }
        workers = eventLoops.group(config.getWorkerThreads(), config.getName() + "-worker");
        bootstrap = new Bootstrap()
                .group(workers)
                .channel(eventLoops.clientChannel())
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.SO_KEEPALIVE, false)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, config.getConnectTimeoutMillis())
                .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .option(ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(
                        config.getWriteBufferLowWaterMark(), config.getWriteBufferHighWaterMark()))
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        if (tls != null) {
                            tls.install(channel);
                        }
                        channel.pipeline().addLast(
                                new IdleWatch(config.getIdleSeconds()),
                                frameDecoder(config.getMaxFrameLength()),
                                connectionHandler(),
                                commandHandler());
                    }
                });
        startScanner();
        running = true;
    }

    /**
     * Signs every request this client originates from now on (e.g. {@code dev.apogee.remoting.acl.AclRequestSigner}),
     * or stops signing with {@code null}. Requests the client answers for the server are never signed.
     */
    public void setRequestSigner(RequestSigner signer) {
        this.signer = signer;
    }

    private void prepare(RemotingCommand request) {
        // the binary (ROCKETMQ) header holds the code in 2 bytes: larger codes (POP's 200050...) need the JSON header
        request.serializeType(request.code() > Short.MAX_VALUE ? SerializeType.JSON : config.getSerializeType());
        RequestSigner current = signer;
        if (current != null) {
            current.sign(request);
        }
    }

    /** Calls {@code address} and waits for the answer; the timeout covers connecting too. */
    public RemotingCommand invokeSync(String address, RemotingCommand request, long timeoutMillis)
            throws RemotingException, InterruptedException {
        long start = System.nanoTime();
        Channel channel = connect(address, timeoutMillis);
        long left = remainingMillis(address, start, timeoutMillis);
        prepare(request);
        try {
            return invokeSync(channel, request, left);
        } catch (RemotingTimeoutException e) {
            if (config.isCloseSocketIfTimeout()) {
                LOG.info("closing {} after a synchronous call timed out (code {})", address, request.code());
                AddressChannels pool = pools.get(address);
                if (pool != null) {
                    pool.evict(channel);
                } else {
                    channel.close();
                }
            }
            throw e;
        }
    }

    /** Calls {@code address}; the future completes on the callback executor, or with a RemotingException. */
    public CompletableFuture<RemotingCommand> invokeAsync(String address, RemotingCommand request,
            long timeoutMillis) {
        return invokeAsync(address, request, timeoutMillis, false);
    }

    /**
     * {@link #invokeAsync(String, RemotingCommand, long)}; {@code inline}: see
     * {@link RemotingEndpoint#invokeAsync(Channel, RemotingCommand, long, boolean)}.
     */
    public CompletableFuture<RemotingCommand> invokeAsync(String address, RemotingCommand request,
            long timeoutMillis, boolean inline) {
        prepare(request);
        ChannelFuture connect;
        try {
            connect = acquire(address);
        } catch (RemotingConnectException e) {
            return CompletableFuture.failedFuture(e);
        }
        if (connect.isDone()) {
            return connect.isSuccess() ? invokeAsync(connect.channel(), request, timeoutMillis, inline)
                    : CompletableFuture.failedFuture(new RemotingConnectException(address, connect.cause()));
        }
        long start = System.nanoTime();
        CompletableFuture<RemotingCommand> result = new CompletableFuture<>();
        connect.addListener(f -> {
            if (!f.isSuccess()) {
                result.completeExceptionally(new RemotingConnectException(address, f.cause()));
                return;
            }
            long left = Math.max(1, timeoutMillis - (System.nanoTime() - start) / 1_000_000L);
            invokeAsync(connect.channel(), request, left, inline).whenComplete((response, error) -> {
                if (error != null) {
                    result.completeExceptionally(error);
                } else {
                    result.complete(response);
                }
            });
        });
        return result;
    }

    /** Sends a request that gets no answer; returns when it has been handed to the connection. */
    public void invokeOneway(String address, RemotingCommand request, long timeoutMillis)
            throws RemotingException, InterruptedException {
        Channel channel = connect(address, timeoutMillis);
        prepare(request);
        invokeOneway(channel, request, timeoutMillis);
    }

    /**
     * Reserves room for one oneway request to {@code address} (connecting if needed), to be queued later without
     * waiting through the slot; see {@link OnewaySlot}. The timeout covers connecting and waiting for the permit.
     */
    public OnewaySlot reserveOneway(String address, long timeoutMillis) throws RemotingException, InterruptedException {
        Channel channel = connect(address, timeoutMillis);
        return reserveOneway(channel, timeoutMillis, this::prepare);
    }

    /**
     * Reserves room for one answered request to {@code address} (connecting if needed), to be queued later without
     * waiting through the slot; see {@link AnsweredSlot}. The timeout covers connecting, waiting for the async permit
     * and the response. Never call it on an event loop.
     */
    public AnsweredSlot reserveAnswered(String address, long timeoutMillis)
            throws RemotingException, InterruptedException {
        long start = System.nanoTime();
        Channel channel = connect(address, timeoutMillis);
        long left = remainingMillis(address, start, timeoutMillis);
        return reserveAnswered(channel, left, this::prepare);
    }

    /** What is left of {@code timeoutMillis} started at {@code startNanos}; a timeout when nothing is. */
    private static long remainingMillis(String address, long startNanos, long timeoutMillis)
            throws RemotingTimeoutException {
        long left = timeoutMillis - (System.nanoTime() - startNanos) / 1_000_000L;
        if (left <= 0) {
            throw new RemotingTimeoutException(address, timeoutMillis);
        }
        return left;
    }

    /** An open connection to {@code address}, connecting if needed within {@code timeoutMillis}. */
    public Channel connect(String address, long timeoutMillis) throws RemotingConnectException, InterruptedException {
        ChannelFuture future = acquire(address);
        long wait = Math.min(timeoutMillis, config.getConnectTimeoutMillis());
        if (!future.await(wait, TimeUnit.MILLISECONDS)) {
            throw new RemotingConnectException(address,
                    new RemotingTimeoutException("connect did not complete in " + wait + " ms"));
        }
        if (!future.isSuccess() || !future.channel().isActive()) {
            throw new RemotingConnectException(address, future.cause());
        }
        return future.channel();
    }

    private ChannelFuture acquire(String address) throws RemotingConnectException {
        if (!running) {
            throw new RemotingConnectException(address, new IllegalStateException("client is not running"));
        }
        AddressChannels pool = pools.computeIfAbsent(address,
                a -> new AddressChannels(a, bootstrap, config.getConnectionsPerAddress()));
        try {
            return pool.acquire();
        } catch (IllegalArgumentException e) {
            throw new RemotingConnectException(address, e);
        }
    }

    /** Closes the connections to one address, e.g. after the peer was found dead; the next call reconnects. */
    public void closeConnections(String address) {
        AddressChannels pool = pools.remove(address);
        if (pool != null) {
            pool.closeAll();
        }
    }

    public void shutdown() {
        running = false;
        for (AddressChannels pool : pools.values()) {
            pool.closeAll();
        }
        pools.clear();
        shutdownEndpoint();
        if (workers != null) {
            workers.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
        }
    }

    @Override
    public void close() {
        shutdown();
    }
}

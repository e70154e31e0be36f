package dev.apogee.remoting.netty;

import dev.apogee.remoting.tls.ServerTls;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.util.concurrent.GlobalEventExecutor;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.net.ssl.SSLException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/**
 * The remoting server of namesrv and broker: accepts connections, decodes frames, dispatches requests to the
 * processors registered per code, and can itself call its clients over their connections (check-backs, notices).
 * Life cycle: construct, register processors, {@link #start()}, {@link #stopAccepting()} (optional first step of a
 * graceful stop), {@link #shutdown()}.
 */
public final class NettyRemotingServer extends RemotingEndpoint implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(NettyRemotingServer.class);

    private final NettyServerConfig config;
    private final EventLoops eventLoops;
    private final ChannelGroup connections = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
    private EventLoopGroup boss;
    private EventLoopGroup workers;
    private Channel serverChannel;
    private ServerTls tls;
    private int localPort;

    public NettyRemotingServer(NettyServerConfig config) {
        this(config, null);
    }

    public NettyRemotingServer(NettyServerConfig config, ChannelEventListener listener) {
        super(config.getName(), config.getAsyncPermits(), config.getOnewayPermits(), config.getCallbackThreads());
        this.config = config;
        this.eventLoops = new EventLoops(config.isUseEpoll());
        setChannelEventListener(listener, config.getName());
    }

    /**
     * Binds and starts serving. Throws {@link RemotingBindException} with a clear message when the port is taken, and
     * {@link IllegalStateException} when TLS is on but its files cannot be used.
     */
    public void start() throws RemotingBindException {
        try {
            tls = ServerTls.of(config.getTls());
        } catch (SSLException e) {
            throw new IllegalStateException("TLS of " + config.getName() + " is unusable: " + e.getMessage(), e);
        }
        boss = eventLoops.group(1, config.getName() + "-boss");
        workers = eventLoops.group(config.getWorkerThreads(), config.getName() + "-worker");
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(boss, workers)
                .channel(eventLoops.serverChannel())
                .option(ChannelOption.SO_BACKLOG, 1024)
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.SO_KEEPALIVE, false)
                .childOption(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(
                        config.getWriteBufferLowWaterMark(), config.getWriteBufferHighWaterMark()))
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        connections.add(channel);
                        RequestObserver observer = requestObserver();
                        if (observer != null) {
                            channel.attr(RequestObserver.KEY).set(observer);
                        }
                        if (tls != null) {
                            tls.install(channel.pipeline());
                        }
                        channel.pipeline().addLast(
                                new IdleWatch(config.getIdleSeconds()),
                                frameDecoder(config.getMaxFrameLength()),
                                connectionHandler(),
                                commandHandler());
                    }
                });
        if (config.getSocketSendBuffer() > 0) {
            bootstrap.childOption(ChannelOption.SO_SNDBUF, config.getSocketSendBuffer());
        }
        if (config.getSocketReceiveBuffer() > 0) {
            bootstrap.childOption(ChannelOption.SO_RCVBUF, config.getSocketReceiveBuffer());
        }
        bind(bootstrap);
        startScanner();
        LOG.info("{} listening on {}:{} ({}, TLS {})", config.getName(), config.getBindAddress(), localPort,
                eventLoops.isEpoll() ? "epoll" : "nio", tls == null ? "off" : tls.mode());
    }

    private void bind(ServerBootstrap bootstrap) throws RemotingBindException {
        InetSocketAddress address = new InetSocketAddress(config.getBindAddress(), config.getListenPort());
        try {
            serverChannel = bootstrap.bind(address).syncUninterruptibly().channel();
        } catch (Exception e) {
            shutdownLoops();
            String why = e instanceof BindException || String.valueOf(e.getMessage()).contains("in use")
                    ? "port " + config.getListenPort() + " is already in use on " + config.getBindAddress()
                    : "cannot listen on " + address + ": " + e.getMessage();
            throw new RemotingBindException(why, e);
        }
        localPort = ((InetSocketAddress) serverChannel.localAddress()).getPort();
    }

    /** The port actually bound (useful with port 0). */
    public int localPort() {
        return localPort;
    }

    /** Number of open client connections. */
    public int connectionCount() {
        return connections.size();
    }

    /** Stops accepting new connections; established ones keep being served. */
    public void stopAccepting() {
        if (serverChannel != null) {
            serverChannel.close().awaitUninterruptibly(3, TimeUnit.SECONDS);
        }
    }

    /** Stops accepting, closes every connection, fails pending outbound requests and stops the event loops. */
    public void shutdown() {
        stopAccepting();
        connections.close().awaitUninterruptibly(3, TimeUnit.SECONDS);
        shutdownEndpoint();
        shutdownLoops();
        LOG.info("{} stopped", config.getName());
    }

    private void shutdownLoops() {
        if (boss != null) {
            boss.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
        }
        if (workers != null) {
            workers.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
        }
    }

    @Override
    public void close() {
        shutdown();
    }
}

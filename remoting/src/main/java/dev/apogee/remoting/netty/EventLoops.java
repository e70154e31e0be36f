package dev.apogee.remoting.netty;

import io.netty.channel.ChannelHandler;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.flush.FlushConsolidationHandler;

/** Chooses the transport: native epoll on Linux when available and wanted, NIO everywhere else. */
final class EventLoops {
    private final boolean epoll;

    EventLoops(boolean preferEpoll) {
        this.epoll = preferEpoll && Epoll.isAvailable();
    }

    boolean isEpoll() {
        return epoll;
    }

    EventLoopGroup group(int threads, String name) {
        NamedThreadFactory factory = new NamedThreadFactory(name, true);
        return epoll ? new EpollEventLoopGroup(threads, factory) : new NioEventLoopGroup(threads, factory);
    }

    Class<? extends ServerChannel> serverChannel() {
        return epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
    }

    Class<? extends SocketChannel> clientChannel() {
        return epoll ? EpollSocketChannel.class : NioSocketChannel.class;
    }

    /**
     * Coalesces the flushes of commands written from other threads (pipelined sends, oneway sends, a burst of
     * responses after one group commit): each {@code writeAndFlush} from outside the event loop would otherwise cost
     * one socket write; now the writes queued before the loop gets to flush go out in one, at the latest after
     * {@value #FLUSH_AT_MOST_AFTER} writes. A lone write is flushed as soon as the event loop runs its next task, so
     * request/response latency stays the same. One instance per channel (it holds the channel's flush state).
     */
    static ChannelHandler flushConsolidation() {
        return new FlushConsolidationHandler(FLUSH_AT_MOST_AFTER, true);
    }

    private static final int FLUSH_AT_MOST_AFTER = 256;
}

package dev.apogee.remoting.netty;

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
}

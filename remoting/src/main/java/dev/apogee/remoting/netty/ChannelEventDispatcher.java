package dev.apogee.remoting.netty;

import io.netty.channel.Channel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Delivers connection events to a {@link ChannelEventListener} on one dedicated thread, in order, so that a slow
 * listener never stalls an event loop. The queue is bounded; when it is full an event is dropped with a warning
 * (the official servers do the same: the periodic scans repair anything a dropped event would have done).
 */
final class ChannelEventDispatcher {
    private static final Logger LOG = LoggerFactory.getLogger(ChannelEventDispatcher.class);

    enum Kind { CONNECT, CLOSE, EXCEPTION, IDLE }

    private final ChannelEventListener listener;
    private final ThreadPoolExecutor thread;

    ChannelEventDispatcher(ChannelEventListener listener, String name) {
        this.listener = listener;
        this.thread = listener == null ? null : new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS,
                new ArrayBlockingQueue<>(10_000), new NamedThreadFactory(name, true));
    }

    void publish(Kind kind, Channel channel) {
        if (thread == null) {
            return;
        }
        String address = RemotingAddress.of(channel);
        try {
            thread.execute(() -> deliver(kind, address, channel));
        } catch (RejectedExecutionException e) {
            if (thread.isShutdown()) {
                LOG.debug("endpoint shut down, not delivering {} of {}", kind, address);
            } else {
                LOG.warn("channel event queue full, dropping {} of {}", kind, address);
            }
        }
    }

    private void deliver(Kind kind, String address, Channel channel) {
        try {
            switch (kind) {
                case CONNECT -> listener.onChannelConnect(address, channel);
                case CLOSE -> listener.onChannelClose(address, channel);
                case EXCEPTION -> listener.onChannelException(address, channel);
                case IDLE -> listener.onChannelIdle(address, channel);
            }
        } catch (Throwable t) {
            LOG.warn("channel event listener failed on {} of {}", kind, address, t);
        }
    }

    void shutdown() {
        if (thread != null) {
            thread.shutdown();
        }
    }
}

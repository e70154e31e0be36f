package dev.apogee.remoting.netty;

import io.netty.channel.Channel;

/**
 * Connection life-cycle events, delivered on the endpoint's single event thread (never the event loop), in order.
 * Namesrv uses them to drop brokers whose connection closed; the broker to drop clients.
 */
public interface ChannelEventListener {
    default void onChannelConnect(String remoteAddress, Channel channel) {
    }

    default void onChannelClose(String remoteAddress, Channel channel) {
    }

    default void onChannelException(String remoteAddress, Channel channel) {
    }

    default void onChannelIdle(String remoteAddress, Channel channel) {
    }
}

package dev.apogee.remoting.netty;

import io.netty.channel.Channel;

import java.net.InetSocketAddress;
import java.net.SocketAddress;

/** Formats and parses {@code host:port} addresses the way RocketMQ writes them. */
public final class RemotingAddress {
    private RemotingAddress() {
    }

    /** The remote address of a channel as {@code ip:port}, or {@code ""} when unknown. */
    public static String of(Channel channel) {
        if (channel == null) {
            return "";
        }
        return of(channel.remoteAddress());
    }

    public static String of(SocketAddress address) {
        if (address instanceof InetSocketAddress inet) {
            String host = inet.getAddress() != null ? inet.getAddress().getHostAddress() : inet.getHostString();
            return host + ":" + inet.getPort();
        }
        return address == null ? "" : address.toString();
    }

    /** Parses {@code host:port} (IPv6 hosts may be bracketed) into an unresolved-if-needed socket address. */
    public static InetSocketAddress parse(String address) {
        int colon = address.lastIndexOf(':');
        if (colon <= 0 || colon == address.length() - 1) {
            throw new IllegalArgumentException("address '" + address + "' is not host:port");
        }
        String host = address.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port;
        try {
            port = Integer.parseInt(address.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("address '" + address + "' has no numeric port", e);
        }
        return new InetSocketAddress(host, port);
    }
}

package dev.apogee.remoting.tls;

import io.netty.channel.socket.SocketChannel;
import io.netty.handler.ssl.SslContext;

import javax.net.ssl.SSLException;

/** What a client adds first in each connection's pipeline when TLS is on. Built once at client start. */
public final class ClientTls {
    private final SslContext context;

    private ClientTls(SslContext context) {
        this.context = context;
    }

    /** The client's TLS, or {@code null} when the config leaves it off. */
    public static ClientTls of(TlsConfig config) throws SSLException {
        if (config == null || !config.isEnabled()) {
            return null;
        }
        return new ClientTls(SslContexts.forClient(config));
    }

    /**
     * Adds an SslHandler first. Writes issued before the handshake completes are queued by the handler, so callers
     * may send as soon as the TCP connection is up.
     */
    public void install(SocketChannel channel) {
        channel.pipeline().addFirst(TlsSniffer.SSL_HANDLER_NAME, context.newHandler(channel.alloc()));
    }
}

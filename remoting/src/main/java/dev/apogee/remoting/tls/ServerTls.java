package dev.apogee.remoting.tls;

import io.netty.channel.ChannelPipeline;
import io.netty.handler.ssl.SslContext;

import javax.net.ssl.SSLException;

/** What a server adds in front of each connection's pipeline when TLS is on. Built once at server start. */
public final class ServerTls {
    private final SslContext context;
    private final TlsMode mode;

    private ServerTls(SslContext context, TlsMode mode) {
        this.context = context;
        this.mode = mode;
    }

    /** The server's TLS, or {@code null} when the config leaves it off. Fails fast on unreadable files. */
    public static ServerTls of(TlsConfig config) throws SSLException {
        if (config == null || !config.serverActive()) {
            return null;
        }
        return new ServerTls(SslContexts.forServer(config), config.getMode());
    }

    /** Adds the sniffer first; it becomes the SslHandler (or disappears) on the first byte. */
    public void install(ChannelPipeline pipeline) {
        pipeline.addFirst("tls-sniffer", new TlsSniffer(context, mode));
    }

    public TlsMode mode() {
        return mode;
    }
}

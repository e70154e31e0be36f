/**
 * Optional TLS for the remoting port: {@link dev.apogee.remoting.tls.TlsConfig} (the settings, PEM or PKCS12 files),
 * {@link dev.apogee.remoting.tls.SslContexts} (builds Netty {@code SslContext}s with the JDK provider),
 * {@link dev.apogee.remoting.tls.ServerTls} / {@link dev.apogee.remoting.tls.ClientTls} (what the transport adds
 * first in each pipeline) and {@link dev.apogee.remoting.tls.TlsSniffer}, which, like the official servers, looks at
 * the first byte of a new connection ({@code 0x16} = TLS handshake record) to serve TLS and plaintext on one port.
 *
 * <p>Threads: contexts are built once on the thread that starts the server or client and are immutable afterwards;
 * the sniffer and the {@code SslHandler}s run on each connection's event loop.
 */
package dev.apogee.remoting.tls;

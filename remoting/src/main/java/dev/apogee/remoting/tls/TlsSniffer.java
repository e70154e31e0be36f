package dev.apogee.remoting.tls;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.ssl.SslContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;

/**
 * First handler of a server connection when TLS is on: reads the first byte and replaces itself with an
 * {@code SslHandler} if it is {@value #HANDSHAKE_RECORD} (a TLS handshake record, what the official servers test
 * too), or removes itself (permissive mode: the buffered bytes flow on to the frame decoder unchanged), or closes
 * the connection (enforcing mode). A plaintext RocketMQ frame starts with the high byte of its length, which is 0
 * for any frame under 16 MiB, so the two never collide. Not sharable: one instance per connection.
 */
public final class TlsSniffer extends ByteToMessageDecoder {
    private static final Logger LOG = LoggerFactory.getLogger(TlsSniffer.class);
    static final byte HANDSHAKE_RECORD = 0x16;
    /** Pipeline name of the SslHandler this sniffer installs. */
    public static final String SSL_HANDLER_NAME = "ssl";

    private final SslContext context;
    private final TlsMode mode;

    public TlsSniffer(SslContext context, TlsMode mode) {
        this.context = context;
        this.mode = mode;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (!in.isReadable()) {
            return;
        }
        if (in.getByte(in.readerIndex()) == HANDSHAKE_RECORD) {
            ctx.pipeline().replace(this, SSL_HANDLER_NAME, context.newHandler(ctx.alloc()));
        } else if (mode == TlsMode.ENFORCING) {
            LOG.warn("TLS-PLAINTEXT-REFUSED closing plaintext connection from {}: the server enforces TLS",
                    ctx.channel().remoteAddress());
            in.skipBytes(in.readableBytes());
            ctx.close();
        } else {
            ctx.pipeline().remove(this);
        }
    }
}

package dev.apogee.remoting.netty;

import dev.apogee.remoting.codec.FrameCodecException;
import dev.apogee.remoting.codec.RemotingCommandCodec;
import dev.apogee.remoting.protocol.ResponseBodyDecoder;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.function.IntFunction;

/**
 * Splits the byte stream into frames and decodes each into a command. A length word below 4 or above the maximum,
 * or any frame that does not decode, closes the connection with one log line: after a framing error the stream can
 * no longer be trusted. Bytes are only accumulated as they arrive, so a lying length allocates nothing up front.
 * One instance per channel (it holds the cumulation buffer); runs on that channel's event loop.
 */
final class FrameDecoder extends ByteToMessageDecoder {
    private static final Logger LOG = LoggerFactory.getLogger(FrameDecoder.class);

    private final int maxFrameLength;
    /** The body decoder a pending request asked for, by opaque (see {@link ResponseBodyDecoder}); null for none. */
    private final IntFunction<ResponseBodyDecoder> bodyDecoders;
    private boolean failed;

    FrameDecoder(int maxFrameLength) {
        this(maxFrameLength, null);
    }

    FrameDecoder(int maxFrameLength, IntFunction<ResponseBodyDecoder> bodyDecoders) {
        this.maxFrameLength = maxFrameLength;
        this.bodyDecoders = bodyDecoders;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        while (!failed && in.readableBytes() >= 4) {
            int totalLength = in.getInt(in.readerIndex());
            if (totalLength < 4 || totalLength > maxFrameLength) {
                fail(ctx, in, "frame length " + totalLength + " outside [4, " + maxFrameLength + "]");
                return;
            }
            if (in.readableBytes() < 4 + totalLength) {
                return;
            }
            in.skipBytes(4);
            ByteBuf frame = in.readSlice(totalLength);
            try {
                out.add(RemotingCommandCodec.decode(frame, bodyDecoders));
            } catch (RuntimeException e) { // FrameCodecException, or a bug in a codec: never let it reach the pipeline
                fail(ctx, in, e instanceof FrameCodecException ? e.getMessage() : e.toString());
                return;
            }
        }
        if (failed) {
            in.skipBytes(in.readableBytes());
        }
    }

    private void fail(ChannelHandlerContext ctx, ByteBuf in, String reason) {
        failed = true;
        in.skipBytes(in.readableBytes());
        LOG.warn("closing connection from {}: undecodable frame ({})", RemotingAddress.of(ctx.channel()), reason);
        ctx.close();
    }
}

package dev.apogee.remoting.netty;

import dev.apogee.remoting.codec.RemotingCommandCodec;
import dev.apogee.remoting.protocol.RemotingCommand;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.EncoderException;

/**
 * Encodes outgoing commands into frames; anything else (already a frame) passes through. Stateless, so one instance
 * serves every channel. A plain outbound handler rather than Netty's {@code MessageToMessageEncoder}: one command
 * makes one frame, so its output list, type matcher and promise combining are only more code for the JIT to compile
 * on every connection's hottest path (measured: its {@code write} was the largest C2 compilation of a client).
 */
@ChannelHandler.Sharable
final class CommandEncoder extends ChannelOutboundHandlerAdapter {
    static final CommandEncoder INSTANCE = new CommandEncoder();

    @Override
    public void write(ChannelHandlerContext ctx, Object message, ChannelPromise promise) {
        if (!(message instanceof RemotingCommand command)) {
            ctx.write(message, promise);
            return;
        }
        ByteBuf frame;
        try {
            frame = RemotingCommandCodec.encode(command, ctx.alloc());
        } catch (Throwable t) { // as MessageToMessageEncoder reports it: the write fails, the channel stays
            promise.setFailure(t instanceof EncoderException ? t : new EncoderException(t));
            return;
        }
        ctx.write(frame, promise);
    }
}

package dev.apogee.remoting.netty;

import dev.apogee.remoting.codec.RemotingCommandCodec;
import dev.apogee.remoting.protocol.RemotingCommand;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToMessageEncoder;

import java.util.List;

/** Encodes outgoing commands into frames. Stateless, so one instance serves every channel. */
@ChannelHandler.Sharable
final class CommandEncoder extends MessageToMessageEncoder<RemotingCommand> {
    static final CommandEncoder INSTANCE = new CommandEncoder();

    @Override
    protected void encode(ChannelHandlerContext ctx, RemotingCommand command, List<Object> out) {
        out.add(RemotingCommandCodec.encode(command, ctx.alloc()));
    }
}

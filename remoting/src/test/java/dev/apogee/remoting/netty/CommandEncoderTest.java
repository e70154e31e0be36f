package dev.apogee.remoting.netty;

import dev.apogee.remoting.codec.RemotingCommandCodec;
import dev.apogee.remoting.protocol.BodyWriter;
import dev.apogee.remoting.protocol.RemotingCommand;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.ChannelFuture;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.EncoderException;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The outbound handler of every connection: a command becomes its frame, a frame passes, a failure fails the write. */
class CommandEncoderTest {
    @Test
    void aCommandLeavesAsTheFrameTheCodecMakes() {
        EmbeddedChannel channel = new EmbeddedChannel(CommandEncoder.INSTANCE);
        RemotingCommand command = RemotingCommand.createRequest(10).opaque(7)
                .body("hello".getBytes(StandardCharsets.UTF_8));
        assertTrue(channel.writeOutbound(command));
        ByteBuf written = channel.readOutbound();
        ByteBuf expected = RemotingCommandCodec.encode(command, UnpooledByteBufAllocator.DEFAULT);
        try {
            assertEquals(ByteBufUtil.hexDump(expected), ByteBufUtil.hexDump(written));
        } finally {
            written.release();
            expected.release();
        }
        assertFalse(channel.finish());
    }

    @Test
    void aFramePassesThroughUntouched() {
        EmbeddedChannel channel = new EmbeddedChannel(CommandEncoder.INSTANCE);
        ByteBuf frame = Unpooled.wrappedBuffer(new byte[] {1, 2, 3});
        assertTrue(channel.writeOutbound(frame));
        ByteBuf written = channel.readOutbound();
        assertSame(frame, written);
        written.release();
        channel.finish();
    }

    @Test
    void aCommandThatCannotBeEncodedFailsItsWriteAndTheChannelStaysOpen() {
        EmbeddedChannel channel = new EmbeddedChannel(CommandEncoder.INSTANCE);
        RemotingCommand broken = RemotingCommand.createRequest(10).bodyWriter(new BodyWriter() {
            @Override
            public int length() {
                return 4;
            }

            @Override
            public void writeTo(ByteBuffer out) {
                throw new IllegalStateException("cannot write");
            }
        });
        ChannelFuture write = channel.writeAndFlush(broken);
        assertFalse(write.isSuccess());
        assertInstanceOf(EncoderException.class, write.cause());
        assertEquals("cannot write", write.cause().getCause().getMessage());
        assertNull(channel.readOutbound(), "nothing written");
        assertTrue(channel.isOpen());
        RemotingCommand next = RemotingCommand.createRequest(11);
        assertTrue(channel.writeAndFlush(next).isSuccess(), "the next command goes out");
        ByteBuf written = channel.readOutbound();
        written.release();
        channel.finish();
    }
}

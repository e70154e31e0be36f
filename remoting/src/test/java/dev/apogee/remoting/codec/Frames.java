package dev.apogee.remoting.codec;

import dev.apogee.remoting.protocol.RemotingCommand;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Test helpers: whole frames (length word included) as byte arrays, encoded and decoded by our codec. */
final class Frames {
    private Frames() {
    }

    static byte[] encode(RemotingCommand command) {
        ByteBuf frame = RemotingCommandCodec.encode(command, UnpooledByteBufAllocator.DEFAULT);
        try {
            return ByteBufUtil.getBytes(frame);
        } finally {
            frame.release();
        }
    }

    /** Decodes a whole frame, checking that its length word matches the bytes present. */
    static RemotingCommand decode(byte[] frame) {
        ByteBuf buffer = Unpooled.wrappedBuffer(frame);
        assertEquals(frame.length - 4, buffer.readInt(), "total length word");
        return RemotingCommandCodec.decode(buffer);
    }

    static byte[] bytes(int length, int seed) {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) (i * 31 + seed);
        }
        return bytes;
    }
}

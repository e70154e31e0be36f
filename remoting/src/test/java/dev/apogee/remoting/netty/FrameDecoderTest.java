package dev.apogee.remoting.netty;

import dev.apogee.remoting.codec.RemotingCommandCodec;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.SerializeType;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The frame decoder on an embedded channel: what it accepts, and that every kind of bad frame closes the channel. */
class FrameDecoderTest {
    private static final int MAX = 64 * 1024;

    static byte[] frame(int serializeType, byte[] header, byte[] body) {
        ByteBuffer frame = ByteBuffer.allocate(8 + header.length + body.length);
        frame.putInt(4 + header.length + body.length);
        frame.putInt((serializeType << 24) | header.length);
        frame.put(header).put(body);
        return frame.array();
    }

    static byte[] json(String header) {
        return frame(0, header.getBytes(StandardCharsets.UTF_8), new byte[0]);
    }

    static byte[] valid(SerializeType type) {
        ByteBuf frame = RemotingCommandCodec.encode(RemotingCommand.createRequest(7).serializeType(type)
                .putExtField("k", "v").body(new byte[] {1, 2, 3}), UnpooledByteBufAllocator.DEFAULT);
        try {
            return ByteBufUtil.getBytes(frame);
        } finally {
            frame.release();
        }
    }

    static byte[] binaryHeader(int remarkLength, int mapLength, byte[] map) {
        ByteBuffer header = ByteBuffer.allocate(17 + 4 + map.length);
        header.putShort((short) 7).put((byte) 0).putShort((short) 479).putInt(1).putInt(0);
        header.putInt(remarkLength);
        header.putInt(mapLength).put(map);
        return header.array();
    }

    static List<Object[]> badFrames() {
        byte[] unknownType = valid(SerializeType.JSON);
        unknownType[4] = 2;
        byte[] typeFF = valid(SerializeType.ROCKETMQ);
        typeFF[4] = (byte) 0xFF;
        byte[] headerTooLong = valid(SerializeType.JSON);
        ByteBuffer.wrap(headerTooLong).putInt(4, headerTooLong.length); // header length > frame
        ByteBuffer truncatedEntry = ByteBuffer.allocate(2 + 3 + 4 + 1);
        truncatedEntry.putShort((short) 3).put("key".getBytes(StandardCharsets.US_ASCII)).putInt(50).put((byte) 'v');
        ByteBuffer keyTooLong = ByteBuffer.allocate(4).putShort((short) 300).putShort((short) 0);
        return List.of(
                new Object[] {"length 0", new byte[] {0, 0, 0, 0, 0, 0, 0, 0}},
                new Object[] {"length 3", new byte[] {0, 0, 0, 3, 0, 0, 0}},
                new Object[] {"length above max", ByteBuffer.allocate(8).putInt(MAX + 1).array()},
                new Object[] {"length 0x7fffffff", ByteBuffer.allocate(8).putInt(Integer.MAX_VALUE).array()},
                new Object[] {"negative length", ByteBuffer.allocate(8).putInt(-1).array()},
                new Object[] {"length 0x80000000", ByteBuffer.allocate(8).putInt(Integer.MIN_VALUE).array()},
                new Object[] {"header length beyond frame", headerTooLong},
                new Object[] {"serialize type 2", unknownType},
                new Object[] {"serialize type 0xFF", typeFF},
                new Object[] {"garbage JSON", json("{\"code\":1,,,}")},
                new Object[] {"JSON not an object", json("[1,2,3]")},
                new Object[] {"JSON trailing data", json("{\"code\":1} {")},
                new Object[] {"JSON unterminated", json("{\"code\":1")},
                new Object[] {"JSON wrong member type", json("{\"code\":\"abc\"}")},
                new Object[] {"JSON int overflow", json("{\"opaque\":99999999999}")},
                new Object[] {"JSON nested extFields value", json("{\"extFields\":{\"a\":{\"b\":\"c\"}}}")},
                new Object[] {"JSON deep nesting", json("{\"x\":" + "[".repeat(20_000) + "]".repeat(20_000) + "}")},
                new Object[] {"empty JSON header", json("")},
                new Object[] {"binary header too short", frame(1, new byte[10], new byte[0])},
                new Object[] {"binary remark beyond header", frame(1, binaryHeader(1000, 0, new byte[0]), new byte[0])},
                new Object[] {"binary negative remark", frame(1, binaryHeader(-5, 0, new byte[0]), new byte[0])},
                new Object[] {"binary map beyond header", frame(1, binaryHeader(0, 40, new byte[8]), new byte[0])},
                new Object[] {"binary negative map", frame(1, binaryHeader(0, -1, new byte[8]), new byte[0])},
                new Object[] {"binary truncated map value",
                        frame(1, binaryHeader(0, truncatedEntry.capacity(), truncatedEntry.array()), new byte[0])},
                new Object[] {"binary key beyond map",
                        frame(1, binaryHeader(0, keyTooLong.capacity(), keyTooLong.array()), new byte[0])},
                new Object[] {"binary half key length", frame(1, binaryHeader(0, 1, new byte[] {0}), new byte[0])});
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badFrames")
    void badFrameClosesTheConnection(String name, byte[] frame) {
        EmbeddedChannel channel = new EmbeddedChannel(new FrameDecoder(MAX));
        channel.writeInbound(Unpooled.wrappedBuffer(frame));
        assertNull(channel.readInbound(), "nothing decoded from " + name);
        assertFalse(channel.isOpen(), name + " must close the connection");
        channel.finishAndReleaseAll();
    }

    @Test
    void aValidFrameAfterABadOneOnTheSameReadIsNotDecoded() {
        EmbeddedChannel channel = new EmbeddedChannel(new FrameDecoder(MAX));
        channel.writeInbound(Unpooled.wrappedBuffer(json("nope"), valid(SerializeType.JSON)));
        assertNull(channel.readInbound());
        assertFalse(channel.isOpen());
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void framesSplitAnywhereAndBatchedDecode(SerializeType type) {
        byte[] one = valid(type);
        byte[] three = new byte[one.length * 3];
        for (int i = 0; i < 3; i++) {
            System.arraycopy(one, 0, three, i * one.length, one.length);
        }
        EmbeddedChannel channel = new EmbeddedChannel(new FrameDecoder(MAX));
        for (byte b : three) { // one byte at a time
            channel.writeInbound(Unpooled.wrappedBuffer(new byte[] {b}));
        }
        channel.writeInbound(Unpooled.wrappedBuffer(three)); // all at once
        for (int i = 0; i < 6; i++) {
            RemotingCommand command = channel.readInbound();
            assertEquals(7, command.code());
            assertEquals("v", command.extField("k"));
            assertEquals(type, command.serializeType());
        }
        assertNull(channel.readInbound());
        assertTrue(channel.isOpen());
        assertFalse(channel.finish());
    }

    @Test
    void aLyingLengthBelowTheMaximumWaitsWithoutAllocating() {
        EmbeddedChannel channel = new EmbeddedChannel(new FrameDecoder(16 * 1024 * 1024));
        channel.writeInbound(Unpooled.wrappedBuffer(ByteBuffer.allocate(12).putInt(16 * 1024 * 1024).array()));
        assertNull(channel.readInbound());
        assertTrue(channel.isOpen(), "still waiting for the announced bytes");
        channel.finishAndReleaseAll();
    }

    @Test
    void minimalFramesAreDecoded() {
        EmbeddedChannel channel = new EmbeddedChannel(new FrameDecoder(MAX));
        channel.writeInbound(Unpooled.wrappedBuffer(json("{}")));
        RemotingCommand command = channel.readInbound();
        assertEquals(0, command.code());
        assertEquals(0, command.flag());
        assertTrue(channel.isOpen());
    }
}

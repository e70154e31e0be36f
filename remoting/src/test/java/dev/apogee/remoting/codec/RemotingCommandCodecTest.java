package dev.apogee.remoting.codec;

import dev.apogee.remoting.protocol.BodyWriter;
import dev.apogee.remoting.protocol.LanguageCode;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.SerializeType;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Our encoder against our decoder, for both header serializations. */
class RemotingCommandCodecTest {
    static Map<String, String> awkwardFields() {
        Map<String, String> fields = new HashMap<>();
        fields.put("topic", "TopicTest");
        fields.put("unicode", "héllo wörld 测试 ✓ \uD83D\uDE80");
        fields.put("properties", "KEYS\u0001k1\u0002TAGS\u0001tagA\u0002");
        fields.put("escapes", "quote\" backslash\\ slash/ newline\n tab\t cr\r nul\u0000 del\u007f");
        fields.put("ключ", "значение");
        fields.put("n", "-9223372036854775808");
        return fields;
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void allHeaderFieldsRoundTrip(SerializeType type) {
        for (int flag : new int[] {0, RemotingCommand.RESPONSE_FLAG, RemotingCommand.ONEWAY_FLAG, 3}) {
            RemotingCommand command = RemotingCommand.createRequest(310).serializeType(type)
                    .language(LanguageCode.GO).version(479).opaque(-123456789).flag(flag)
                    .remark("remark 错误 ✓ \u0001\u0002 \"x\"").extFields(awkwardFields());
            RemotingCommand decoded = Frames.decode(Frames.encode(command));
            assertEquals(310, decoded.code());
            assertEquals(LanguageCode.GO, decoded.language());
            assertEquals(479, decoded.version());
            assertEquals(-123456789, decoded.opaque());
            assertEquals(flag, decoded.flag());
            assertEquals((flag & 1) != 0, decoded.isResponse());
            assertEquals((flag & 2) != 0, decoded.isOneway());
            assertEquals(command.remark(), decoded.remark());
            assertEquals(awkwardFields(), decoded.extFields());
            assertEquals(type, decoded.serializeType());
            assertNull(decoded.body());
        }
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void everyLanguageAndExtremeNumbersRoundTrip(SerializeType type) {
        for (LanguageCode language : LanguageCode.values()) {
            RemotingCommand decoded = Frames.decode(Frames.encode(RemotingCommand.createRequest(0)
                    .serializeType(type).language(language).opaque(Integer.MAX_VALUE).flag(Integer.MIN_VALUE)));
            assertEquals(language, decoded.language());
            assertEquals(Integer.MAX_VALUE, decoded.opaque());
            assertEquals(Integer.MIN_VALUE, decoded.flag());
        }
        // codes and versions within int16 survive the binary header; JSON carries full ints
        int code = type == SerializeType.ROCKETMQ ? Short.MAX_VALUE : 200_050;
        RemotingCommand decoded = Frames.decode(Frames.encode(
                RemotingCommand.createRequest(code).serializeType(type).version(Short.MAX_VALUE)));
        assertEquals(code, decoded.code());
        assertEquals(Short.MAX_VALUE, decoded.version());
        assertEquals(-1, Frames.decode(Frames.encode(RemotingCommand.createRequest(-1).serializeType(type))).code());
    }

    @Test
    void jsonKeepsEmptyMapApartFromAbsentMap() {
        RemotingCommand empty = RemotingCommand.createRequest(1).extFields(new HashMap<>());
        assertEquals(Map.of(), Frames.decode(Frames.encode(empty)).extFields());
        RemotingCommand absent = RemotingCommand.createRequest(1);
        assertNull(Frames.decode(Frames.encode(absent)).extFields());
        assertTrue(new String(Frames.encode(empty), java.nio.charset.StandardCharsets.UTF_8)
                .contains("\"extFields\":{}"));
    }

    @Test
    void binaryHeaderCannotTellAnEmptyMapFromNoneLikeTheOfficialOne() {
        RemotingCommand empty = RemotingCommand.createRequest(1).serializeType(SerializeType.ROCKETMQ)
                .extFields(new HashMap<>());
        assertNull(Frames.decode(Frames.encode(empty)).extFields());
        // empty remark and empty values decode as absent, as in the official decoder
        RemotingCommand blanks = RemotingCommand.createRequest(1).serializeType(SerializeType.ROCKETMQ).remark("")
                .putExtField("k", "").putExtField("kept", "v");
        RemotingCommand decoded = Frames.decode(Frames.encode(blanks));
        assertNull(decoded.remark());
        assertEquals(Map.of("kept", "v"), decoded.extFields());
    }

    @Test
    void jsonKeepsAnEmptyRemarkAndOmitsAbsentOne() {
        assertEquals("", Frames.decode(Frames.encode(RemotingCommand.createRequest(1).remark(""))).remark());
        assertNull(Frames.decode(Frames.encode(RemotingCommand.createRequest(1))).remark());
    }

    static List<Object[]> bodies() {
        List<Object[]> cases = new ArrayList<>();
        for (SerializeType type : SerializeType.values()) {
            for (int length : new int[] {0, 1, 100, 8 * 1024 - 1, 8 * 1024, 8 * 1024 + 1, 200_000}) {
                cases.add(new Object[] {type, length});
            }
        }
        return cases;
    }

    @ParameterizedTest(name = "{0} body of {1} bytes")
    @MethodSource("bodies")
    void bodiesRoundTripAsArraysAndAsBuffers(SerializeType type, int length) {
        byte[] body = Frames.bytes(length, length);
        RemotingCommand fromArray = RemotingCommand.createRequest(11).serializeType(type).putExtField("a", "b")
                .body(body);
        byte[] frame = Frames.encode(fromArray);
        RemotingCommand decoded = Frames.decode(frame);
        if (length == 0) {
            assertNull(decoded.body());
        } else {
            assertArrayEquals(body, decoded.body());
        }
        assertEquals(Map.of("a", "b"), decoded.extFields());

        // the same body split over three buffers whose positions and limits are not the backing arrays' bounds
        int cut1 = length / 3;
        int cut2 = 2 * length / 3;
        ByteBuffer direct = ByteBuffer.allocateDirect(cut2 - cut1 + 10);
        direct.position(5);
        direct.put(body, cut1, cut2 - cut1);
        direct.flip().position(5);
        byte[] padded = new byte[length - cut2 + 7];
        System.arraycopy(body, cut2, padded, 7, length - cut2);
        RemotingCommand fromBuffers = RemotingCommand.createRequest(11).serializeType(type).putExtField("a", "b")
                .opaque(fromArray.opaque())
                .bodyBuffers(ByteBuffer.wrap(body, 0, cut1), direct, ByteBuffer.wrap(padded, 7, length - cut2));
        assertEquals(length, fromBuffers.bodyLength());
        assertArrayEquals(frame, Frames.encode(fromBuffers), "same bytes on the wire");
        assertEquals(5, direct.position(), "encoding must not consume the caller's buffers");
        assertArrayEquals(frame, Frames.encode(fromBuffers), "and can be encoded again");
    }

    /** A body writer: {@code body} written in two steps, or {@code shortBy} bytes short of what it announced. */
    private static BodyWriter writerOf(byte[] body, int shortBy) {
        return new BodyWriter() {
            @Override
            public int length() {
                return body.length;
            }

            @Override
            public void writeTo(ByteBuffer out) {
                int half = body.length / 2;
                out.put(body, 0, half);
                out.put(body, half, body.length - half - shortBy);
            }
        };
    }

    @ParameterizedTest(name = "{0} body of {1} bytes")
    @MethodSource("bodies")
    void aWrittenBodyIsTheSameOnTheWireAsAnArray(SerializeType type, int length) {
        byte[] body = Frames.bytes(length, length + 1);
        RemotingCommand fromArray = RemotingCommand.createRequest(11).serializeType(type).putExtField("a", "b")
                .body(body);
        RemotingCommand written = RemotingCommand.createRequest(11).serializeType(type).putExtField("a", "b")
                .opaque(fromArray.opaque()).bodyWriter(writerOf(body, 0));
        assertEquals(length, written.bodyLength());
        assertArrayEquals(Frames.encode(fromArray), Frames.encode(written), "same bytes on the wire");
        assertArrayEquals(Frames.encode(fromArray), Frames.encode(written), "and can be encoded again");
        assertArrayEquals(body, written.body(), "readable as an array too (a signature needs it)");
        ByteBuf direct = RemotingCommandCodec.encode(written, PooledByteBufAllocator.DEFAULT);
        try {
            assertFalse(direct instanceof CompositeByteBuf, "written into the frame itself, whatever its size");
        } finally {
            direct.release();
        }
    }

    @Test
    void aBodyWriterThatWritesLessThanItAnnouncedFailsTheEncoding() {
        RemotingCommand written = RemotingCommand.createRequest(11).bodyWriter(writerOf(Frames.bytes(100, 1), 3));
        FrameCodecException e = assertThrows(FrameCodecException.class,
                () -> RemotingCommandCodec.encode(written, PooledByteBufAllocator.DEFAULT));
        assertTrue(e.getMessage().contains("97 of its 100"), e.getMessage());
    }

    @Test
    void largeBodiesAreAttachedWithoutCopy() {
        byte[] body = Frames.bytes(64 * 1024, 3);
        ByteBuf frame = RemotingCommandCodec.encode(RemotingCommand.createRequest(1).body(body),
                UnpooledByteBufAllocator.DEFAULT);
        try {
            CompositeByteBuf composite = assertInstanceOf(CompositeByteBuf.class, frame);
            assertEquals(2, composite.numComponents());
            assertTrue(composite.component(1).hasArray());
            assertTrue(composite.component(1).array() == body, "body wrapped, not copied");
        } finally {
            frame.release();
        }
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void lengthWordsDescribeTheFrame(SerializeType type) {
        byte[] frame = Frames.encode(RemotingCommand.createRequest(5).serializeType(type).body(new byte[10]));
        ByteBuffer buffer = ByteBuffer.wrap(frame);
        assertEquals(frame.length - 4, buffer.getInt(0));
        int word = buffer.getInt(4);
        assertEquals(type.code(), word >>> 24);
        assertEquals(frame.length - 8 - 10, word & 0xFFFFFF);
    }

    // the header is encoded before the frame is allocated, so a send request's large header (14 fields) and a copied
    // body never make the frame grow (a reallocation and a copy of what was written)
    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void theFrameIsAllocatedAtItsFinalSize(SerializeType type) {
        Map<String, String> fields = awkwardFields();
        for (int i = 0; i < 14; i++) {
            fields.put("field" + i, "value-" + i + "-" + "x".repeat(i * 3));
        }
        RemotingCommand command = RemotingCommand.createRequest(310).serializeType(type).extFields(fields)
                .remark("r").body(new byte[1024]);
        ByteBuf frame = RemotingCommandCodec.encode(command, PooledByteBufAllocator.DEFAULT);
        try {
            assertEquals(frame.capacity(), frame.writerIndex(), "no spare room: nothing was reallocated");
            byte[] bytes = new byte[frame.readableBytes()];
            frame.getBytes(0, bytes);
            RemotingCommand decoded = Frames.decode(bytes);
            assertEquals(fields, decoded.extFields());
            assertArrayEquals(new byte[1024], decoded.body());
        } finally {
            frame.release();
        }
    }

    @Test
    void binaryHeaderRefusesAKeyLongerThanItsSixteenBitLength() {
        RemotingCommand command = RemotingCommand.createRequest(1).serializeType(SerializeType.ROCKETMQ)
                .extFields(new HashMap<>(Map.of("k".repeat(0x10000), "v")));
        assertThrows(FrameCodecException.class, () -> RemotingCommandCodec.encode(command,
                UnpooledByteBufAllocator.DEFAULT));
    }

    @Test
    void responsesCarryAnExtFieldsMapEvenWithoutFields() {
        // the 5.3.3 client reads response.getExtFields().get(...) on send responses without a null check
        RemotingCommand request = RemotingCommand.createRequest(10);
        RemotingCommand response = RemotingCommand.createResponse(request, 0, null);
        assertEquals(Map.of(), response.extFields());
        RemotingCommand decoded = Frames.decode(Frames.encode(response));
        assertEquals(Map.of(), decoded.extFields());
        assertTrue(decoded.isResponse());
        assertEquals(request.opaque(), decoded.opaque());
    }
}

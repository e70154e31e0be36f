package dev.apogee.remoting.codec;

import dev.apogee.remoting.interop.TestCustomHeader;
import dev.apogee.remoting.protocol.LanguageCode;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.SerializeType;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Frames crossing between our codec and the official 5.3.3 {@code RemotingCommand} in both directions, for both
 * header serializations: every header field, custom headers and bodies must come out exactly as they went in.
 */
class OfficialCodecCompatibilityTest {
    static List<Object[]> cases() {
        List<Object[]> cases = new ArrayList<>();
        for (SerializeType type : SerializeType.values()) {
            for (int bodyLength : new int[] {0, 17, 8 * 1024 + 5}) {
                cases.add(new Object[] {type, bodyLength});
            }
        }
        return cases;
    }

    private static org.apache.rocketmq.remoting.protocol.SerializeType official(SerializeType type) {
        return org.apache.rocketmq.remoting.protocol.SerializeType.valueOf(type.name());
    }

    @ParameterizedTest(name = "{0}, body {1} B")
    @MethodSource("cases")
    void officialDecodesOurFrames(SerializeType type, int bodyLength) throws Exception {
        TestCustomHeader header = TestCustomHeader.sample();
        byte[] body = Frames.bytes(bodyLength, 7);
        RemotingCommand ours = RemotingCommand.createRequest(310).serializeType(type).language(LanguageCode.CPP)
                .version(479).opaque(987654).flag(2).remark("备注 \u0001 ✓")
                .extFields(new HashMap<>(header.asExtFields())).body(body);
        byte[] frame = Frames.encode(ours);

        var theirs = org.apache.rocketmq.remoting.protocol.RemotingCommand.decode(
                ByteBuffer.wrap(frame, 4, frame.length - 4).slice());
        assertEquals(310, theirs.getCode());
        assertEquals("CPP", theirs.getLanguage().name());
        assertEquals(479, theirs.getVersion());
        assertEquals(987654, theirs.getOpaque());
        assertEquals(2, theirs.getFlag());
        assertEquals(true, theirs.isOnewayRPC());
        assertEquals("备注 \u0001 ✓", theirs.getRemark());
        assertEquals(header.asExtFields(), theirs.getExtFields());
        assertEquals(type.name(), theirs.getSerializeTypeCurrentRPC().name());
        if (bodyLength == 0) {
            assertNull(theirs.getBody());
        } else {
            assertArrayEquals(body, theirs.getBody());
        }
        assertEquals(header, theirs.decodeCommandCustomHeader(TestCustomHeader.class));
    }

    @ParameterizedTest(name = "{0}, body {1} B")
    @MethodSource("cases")
    void weDecodeOfficialFrames(SerializeType type, int bodyLength) throws Exception {
        TestCustomHeader header = TestCustomHeader.sample();
        byte[] body = bodyLength == 0 ? null : Frames.bytes(bodyLength, 9);
        var theirs = org.apache.rocketmq.remoting.protocol.RemotingCommand.createRequestCommand(321, header);
        theirs.setSerializeTypeCurrentRPC(official(type));
        theirs.setRemark("remark ✓ \u0002");
        theirs.setBody(body);
        theirs.setVersion(479);
        theirs.setFlag(0);
        theirs.setOpaque(-77);
        theirs.addExtField("extra", "\u0001x\u0002");

        ByteBuffer encoded = theirs.encode();
        byte[] viaEncode = new byte[encoded.remaining()];
        encoded.get(viaEncode);
        assertOurs(Frames.decode(viaEncode), type, header, body);

        ByteBuf fast = Unpooled.buffer();
        theirs.fastEncodeHeader(fast);
        if (body != null) {
            fast.writeBytes(body);
        }
        assertOurs(Frames.decode(ByteBufUtil.getBytes(fast)), type, header, body);
    }

    private static void assertOurs(RemotingCommand ours, SerializeType type, TestCustomHeader header, byte[] body) {
        assertEquals(321, ours.code());
        assertEquals(LanguageCode.JAVA, ours.language());
        assertEquals(479, ours.version());
        assertEquals(-77, ours.opaque());
        assertEquals(0, ours.flag());
        assertEquals("remark ✓ \u0002", ours.remark());
        assertEquals(type, ours.serializeType());
        Map<String, String> expected = new HashMap<>(header.asExtFields());
        expected.put("extra", "\u0001x\u0002");
        assertEquals(expected, ours.extFields());
        assertArrayEquals(body, ours.body());
        assertEquals(Integer.MIN_VALUE, ours.header().requireInt("queueId"));
        assertEquals(Long.MAX_VALUE, ours.header().requireLong("queueOffset"));
        assertEquals(true, ours.header().requireBoolean("unitMode"));
    }

    @ParameterizedTest(name = "{0}, body {1} B")
    @MethodSource("cases")
    void officialResponsesWithAndWithoutHeaderClassDecode(SerializeType type, int bodyLength) {
        var withHeader = org.apache.rocketmq.remoting.protocol.RemotingCommand.createResponseCommand(
                TestCustomHeader.class);
        withHeader.setSerializeTypeCurrentRPC(official(type));
        withHeader.setCode(0);
        byte[] frame = toBytes(withHeader.encode());
        RemotingCommand decoded = Frames.decode(frame);
        assertEquals(true, decoded.isResponse());
        // JSON carries "extFields":{} for a header class with only null fields; the binary form cannot
        assertEquals(type == SerializeType.JSON ? Map.of() : null, decoded.extFields());

        var noHeader = org.apache.rocketmq.remoting.protocol.RemotingCommand.createResponseCommand(1, "boom");
        noHeader.setSerializeTypeCurrentRPC(official(type));
        RemotingCommand plain = Frames.decode(toBytes(noHeader.encode()));
        assertEquals(1, plain.code());
        assertEquals("boom", plain.remark());
        assertNull(plain.extFields());
    }

    private static byte[] toBytes(ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.get(bytes);
        return bytes;
    }
}

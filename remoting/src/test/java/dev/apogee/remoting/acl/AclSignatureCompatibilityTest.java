package dev.apogee.remoting.acl;

import dev.apogee.remoting.codec.RemotingCommandCodec;
import dev.apogee.remoting.protocol.RemotingCommand;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeaderV2;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Our signer and verifier against the official 5.3.3 {@code AclClientRPCHook} (shipped in rocketmq-client). */
class AclSignatureCompatibilityTest {
    private static final byte[] BODY = "hello body \u00e9\u4e2d".getBytes(StandardCharsets.UTF_8);

    static Stream<Arguments> requests() {
        Map<String, String> sendFields = new LinkedHashMap<>();
        sendFields.put("a", "pg");
        sendFields.put("b", "TopicTest");
        sendFields.put("i", "TAGS\u0001TagA\u0002KEYS\u0001k1\u0002");
        sendFields.put("bname", "broker-a");
        sendFields.put("Zeta", "upper-case keys sort before lower-case ones");
        Map<String, String> unicode = Map.of("topic", "t\u00fcpic-\u4e2d\u6587", "consumerGroup", "cg");
        return Stream.of(
                Arguments.of("no fields, no body", Map.of(), null, null),
                Arguments.of("no fields, body", Map.of(), BODY, null),
                Arguments.of("send fields + body", sendFields, BODY, null),
                Arguments.of("unicode fields, empty body", unicode, new byte[0], null),
                Arguments.of("with security token", sendFields, BODY, "sts-token-1"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("requests")
    void ourSignerMatchesTheOfficialHook(String name, Map<String, String> fields, byte[] body, String token) {
        var official = org.apache.rocketmq.remoting.protocol.RemotingCommand.createRequestCommand(310, null);
        fields.forEach(official::addExtField);
        official.setBody(body);
        new AclClientRPCHook(new SessionCredentials("ak-1", "sk-secret-1", token)).doBeforeRequest("addr", official);

        RemotingCommand ours = RemotingCommand.createRequest(310);
        fields.forEach(ours::putExtField);
        ours.body(body);
        new AclRequestSigner("ak-1", "sk-secret-1", token).sign(ours);

        assertEquals(official.getExtFields(), ours.extFields());
        assertEquals(official.getExtFields().get("Signature"), ours.extField(AclSignature.SIGNATURE));
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void officialSignedFrameVerifiesAfterOurDecoding(SerializeType type) {
        SendMessageRequestHeaderV2 header = new SendMessageRequestHeaderV2();
        header.setA("pg-acl");
        header.setB("AclTopic");
        header.setC("TBW102");
        header.setD(4);
        header.setE(1);
        header.setF(0);
        header.setG(1_700_000_000_000L);
        header.setH(0);
        header.setI("UNIQ_KEY\u0001ABC\u0002WAIT\u0001true\u0002");
        header.setJ(0);
        header.setK(false);
        header.setM(false);
        var official = org.apache.rocketmq.remoting.protocol.RemotingCommand.createRequestCommand(310, header);
        official.setBody(BODY);
        official.setSerializeTypeCurrentRPC(type);
        new AclClientRPCHook(new SessionCredentials("ak-1", "sk-secret-1")).doBeforeRequest("addr", official);

        ByteBuffer frame = official.encode();
        ByteBuf buf = Unpooled.wrappedBuffer(frame);
        buf.skipBytes(4);
        RemotingCommand decoded = RemotingCommandCodec.decode(buf);

        String presented = decoded.extField(AclSignature.SIGNATURE);
        assertEquals("ak-1", decoded.extField(AclSignature.ACCESS_KEY));
        assertTrue(AclSignature.matches(AclSignature.compute(decoded, "sk-secret-1"), presented));
        assertFalse(AclSignature.matches(AclSignature.compute(decoded, "sk-wrong"), presented));
        decoded.body(new byte[] {1});
        assertFalse(AclSignature.matches(AclSignature.compute(decoded, "sk-secret-1"), presented),
                "a tampered body must not verify");
    }

    @Test
    void legacyClientsAddTheUniqueKeyQueryFlagAfterSigning() {
        RemotingCommand request = RemotingCommand.createRequest(12).putExtField("topic", "T").putExtField("key", "k");
        new AclRequestSigner("ak", "sk").sign(request);
        request.putExtField(AclSignature.UNIQUE_KEY_QUERY, "true");
        String presented = request.extField(AclSignature.SIGNATURE);

        request.version(AclSignature.V4_9_3);
        assertTrue(AclSignature.matches(AclSignature.compute(request, "sk"), presented));
        request.version(AclSignature.V4_9_3 + 1);
        assertFalse(AclSignature.matches(AclSignature.compute(request, "sk"), presented));
    }

    @Test
    void signerNeverPrintsItsSecret() {
        assertFalse(new AclRequestSigner("ak", "very-secret").toString().contains("very-secret"));
    }
}

package dev.apogee.remoting.acl;

import dev.apogee.remoting.netty.NettyClientConfig;
import dev.apogee.remoting.netty.NettyRemotingClient;
import dev.apogee.remoting.netty.NettyRemotingServer;
import dev.apogee.remoting.netty.NettyServerConfig;
import dev.apogee.remoting.netty.RemotingExecutors;
import dev.apogee.remoting.netty.RequestInterceptor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.SerializeType;
import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The transport's interception hook with signature checking: our signer and the official hook pass, wrong or
 * missing credentials are refused with NO_PERMISSION before the processor runs, unknown codes are not intercepted.
 */
class SignedRequestInterceptionTest {
    private static final int ECHO = 100;
    private static final Map<String, String> SECRETS = Map.of("ak-good", "sk-good-secret");

    private NettyRemotingServer server;
    private ExecutorService executor;
    private final AtomicInteger processed = new AtomicInteger();
    private String address;

    @BeforeEach
    void startServer() throws Exception {
        server = new NettyRemotingServer(new NettyServerConfig().setBindAddress("127.0.0.1"));
        executor = RemotingExecutors.bounded("echo", 2, 1000);
        server.registerProcessor(ECHO, (channel, request) -> {
            processed.incrementAndGet();
            return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, "ok").body(request.body());
        }, executor);
        server.setRequestInterceptor(signatureCheck());
        server.start();
        address = "127.0.0.1:" + server.localPort();
    }

    private static RequestInterceptor signatureCheck() {
        return (channel, request) -> {
            String accessKey = request.extField(AclSignature.ACCESS_KEY);
            String secret = accessKey == null ? null : SECRETS.get(accessKey);
            if (secret != null && AclSignature.matches(AclSignature.compute(request, secret),
                    request.extField(AclSignature.SIGNATURE))) {
                return null;
            }
            return RemotingCommand.createResponse(request, ResponseCode.NO_PERMISSION,
                    "signature check failed for accessKey=" + accessKey);
        };
    }

    @AfterEach
    void stopServer() throws Exception {
        server.shutdown();
        executor.shutdownNow();
        executor.awaitTermination(5, TimeUnit.SECONDS);
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void ourSignerIsAcceptedAndWrongSecretRefused(SerializeType type) throws Exception {
        try (NettyRemotingClient client = new NettyRemotingClient(new NettyClientConfig().setSerializeType(type))) {
            client.start();
            client.setRequestSigner(new AclRequestSigner("ak-good", "sk-good-secret"));
            RemotingCommand ok = client.invokeSync(address, RemotingCommand.createRequest(ECHO)
                    .putExtField("topic", "T\u00e9").body(new byte[] {1, 2, 3}), 3000);
            assertEquals(ResponseCode.SUCCESS, ok.code());
            RemotingCommand async = client.invokeAsync(address, RemotingCommand.createRequest(ECHO), 3000)
                    .get(5, TimeUnit.SECONDS);
            assertEquals(ResponseCode.SUCCESS, async.code());

            client.setRequestSigner(new AclRequestSigner("ak-good", "sk-wrong-secret"));
            RemotingCommand refused = client.invokeSync(address, RemotingCommand.createRequest(ECHO), 3000);
            assertEquals(ResponseCode.NO_PERMISSION, refused.code());
            assertFalse(refused.remark().contains("sk-"), refused.remark());

            client.setRequestSigner(null);
            assertEquals(ResponseCode.NO_PERMISSION,
                    client.invokeSync(address, RemotingCommand.createRequest(ECHO), 3000).code());
            assertEquals(ResponseCode.REQUEST_CODE_NOT_SUPPORTED,
                    client.invokeSync(address, RemotingCommand.createRequest(4242), 3000).code());
            assertEquals(2, processed.get());
        }
    }

    @Test
    void officialClientWithAclHookIsAccepted() throws Exception {
        var config = new org.apache.rocketmq.remoting.netty.NettyClientConfig();
        var official = new org.apache.rocketmq.remoting.netty.NettyRemotingClient(config);
        official.start();
        try {
            official.registerRPCHook(new AclClientRPCHook(new SessionCredentials("ak-good", "sk-good-secret")));
            var request = org.apache.rocketmq.remoting.protocol.RemotingCommand.createRequestCommand(ECHO, null);
            request.addExtField("topic", "TopicTest");
            request.setBody(new byte[] {9, 8, 7});
            var response = official.invokeSync(address, request, 3000);
            assertEquals(ResponseCode.SUCCESS, response.getCode(), response.getRemark());
            assertTrue(processed.get() >= 1);
        } finally {
            official.shutdown();
        }
    }
}

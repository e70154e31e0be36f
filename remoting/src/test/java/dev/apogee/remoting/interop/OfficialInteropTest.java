package dev.apogee.remoting.interop;

import dev.apogee.remoting.netty.NettyClientConfig;
import dev.apogee.remoting.netty.NettyRemotingClient;
import dev.apogee.remoting.netty.NettyRemotingServer;
import dev.apogee.remoting.netty.NettyServerConfig;
import dev.apogee.remoting.netty.RemotingExecutors;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.SerializeType;
import io.netty.channel.ChannelHandlerContext;
import org.apache.rocketmq.remoting.InvokeCallback;
import org.apache.rocketmq.remoting.netty.NettyRequestProcessor;
import org.apache.rocketmq.remoting.netty.ResponseFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Our transport against the official 5.3.3 one, both ways: their client calls our server, our client calls theirs.
 * Sync, async and oneway, with JSON and ROCKETMQ headers, custom headers and bodies that must round-trip exactly.
 */
class OfficialInteropTest {
    static final int ECHO = 310;
    static final int ONEWAY = 311;

    private static NettyRemotingServer ourServer;
    private static ExecutorService ourExecutor;
    private static org.apache.rocketmq.remoting.netty.NettyRemotingServer officialServer;
    private static ExecutorService officialExecutor;
    private static org.apache.rocketmq.remoting.netty.NettyRemotingClient officialClient;
    private static NettyRemotingClient ourClient;
    private static final BlockingQueue<RemotingCommand> oursReceivedOneway = new LinkedBlockingQueue<>();
    private static final BlockingQueue<org.apache.rocketmq.remoting.protocol.RemotingCommand> officialReceivedOneway =
            new LinkedBlockingQueue<>();
    private static String ourAddress;
    private static String officialAddress;

    @BeforeAll
    static void start() throws Exception {
        ourExecutor = RemotingExecutors.bounded("interop-ours", 2, 1000);
        ourServer = new NettyRemotingServer(new NettyServerConfig().setBindAddress("127.0.0.1"));
        ourServer.registerProcessor(ECHO, (channel, request) -> {
            // echo the custom header fields, the body and the remark back
            RemotingCommand response = RemotingCommand.createResponse(request, ResponseCode.SUCCESS,
                    "ours:" + request.remark());
            response.extFields(new HashMap<>(request.extFields()));
            return response.body(request.body());
        }, ourExecutor);
        ourServer.registerProcessor(ONEWAY, (channel, request) -> {
            oursReceivedOneway.add(request);
            return null;
        }, ourExecutor);
        ourServer.start();
        ourAddress = "127.0.0.1:" + ourServer.localPort();

        officialExecutor = Executors.newFixedThreadPool(2);
        var serverConfig = new org.apache.rocketmq.remoting.netty.NettyServerConfig();
        serverConfig.setBindAddress("127.0.0.1");
        serverConfig.setListenPort(0);
        officialServer = new org.apache.rocketmq.remoting.netty.NettyRemotingServer(serverConfig);
        officialServer.registerProcessor(ECHO, processor((ctx, request) -> {
            TestCustomHeader header = request.decodeCommandCustomHeader(TestCustomHeader.class);
            var response = org.apache.rocketmq.remoting.protocol.RemotingCommand
                    .createResponseCommandWithHeader(0, header);
            response.setRemark("official:" + request.getRemark());
            response.setBody(request.getBody());
            return response;
        }), officialExecutor);
        officialServer.registerProcessor(ONEWAY, processor((ctx, request) -> {
            officialReceivedOneway.add(request);
            return null;
        }), officialExecutor);
        officialServer.start();
        officialAddress = "127.0.0.1:" + officialServer.localListenPort();

        officialClient = new org.apache.rocketmq.remoting.netty.NettyRemotingClient(
                new org.apache.rocketmq.remoting.netty.NettyClientConfig());
        officialClient.start();
        ourClient = new NettyRemotingClient(new NettyClientConfig());
        ourClient.start();
    }

    @AfterAll
    static void stop() {
        ourClient.shutdown();
        officialClient.shutdown();
        officialServer.shutdown();
        ourServer.shutdown();
        ourExecutor.shutdownNow();
        officialExecutor.shutdownNow();
    }

    interface Handler {
        org.apache.rocketmq.remoting.protocol.RemotingCommand handle(ChannelHandlerContext ctx,
                org.apache.rocketmq.remoting.protocol.RemotingCommand request) throws Exception;
    }

    static NettyRequestProcessor processor(Handler handler) {
        return new NettyRequestProcessor() {
            @Override
            public org.apache.rocketmq.remoting.protocol.RemotingCommand processRequest(ChannelHandlerContext ctx,
                    org.apache.rocketmq.remoting.protocol.RemotingCommand request) throws Exception {
                return handler.handle(ctx, request);
            }

            @Override
            public boolean rejectRequest() {
                return false;
            }
        };
    }

    private static org.apache.rocketmq.remoting.protocol.RemotingCommand officialRequest(int code, SerializeType type,
            byte[] body) {
        var request = org.apache.rocketmq.remoting.protocol.RemotingCommand.createRequestCommand(code,
                TestCustomHeader.sample());
        request.setSerializeTypeCurrentRPC(org.apache.rocketmq.remoting.protocol.SerializeType.valueOf(type.name()));
        request.setRemark("r✓\u0001");
        request.setBody(body);
        return request;
    }

    private static RemotingCommand ourRequest(int code, byte[] body) {
        RemotingCommand request = RemotingCommand.createRequest(code);
        request.extFields(new HashMap<>(TestCustomHeader.sample().asExtFields()));
        return request.remark("r✓\u0001").body(body);
    }

    private static byte[] body(int length) {
        byte[] body = new byte[length];
        for (int i = 0; i < length; i++) {
            body[i] = (byte) (i * 7 + 3);
        }
        return body;
    }

    private static void assertOfficialResponse(org.apache.rocketmq.remoting.protocol.RemotingCommand response,
            byte[] body) throws Exception {
        assertNotNull(response, "no response");
        assertEquals(0, response.getCode());
        assertTrue(response.isResponseType());
        assertEquals("ours:r✓\u0001", response.getRemark());
        assertArrayEquals(body, response.getBody());
        assertEquals(TestCustomHeader.sample(), response.decodeCommandCustomHeader(TestCustomHeader.class));
    }

    private static void assertOurResponse(RemotingCommand response, byte[] body) {
        assertEquals(ResponseCode.SUCCESS, response.code());
        assertTrue(response.isResponse());
        assertEquals("official:r✓\u0001", response.remark());
        assertArrayEquals(body, response.body());
        Map<String, String> expected = TestCustomHeader.sample().asExtFields();
        assertEquals(expected, response.extFields());
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void officialClientCallsOurServer(SerializeType type) throws Exception {
        byte[] small = body(33);
        byte[] large = body(100_000);
        var request = officialRequest(ECHO, type, small);
        var response = officialClient.invokeSync(ourAddress, request, 10_000);
        assertOfficialResponse(response, small);
        assertEquals(request.getOpaque(), response.getOpaque());
        assertEquals(type.name(), response.getSerializeTypeCurrentRPC().name(), "we answer in the request's type");

        CompletableFuture<org.apache.rocketmq.remoting.protocol.RemotingCommand> async = new CompletableFuture<>();
        officialClient.invokeAsync(ourAddress, officialRequest(ECHO, type, large), 10_000, new InvokeCallback() {
            @Override
            public void operationComplete(ResponseFuture responseFuture) {
                if (responseFuture.getResponseCommand() != null) {
                    async.complete(responseFuture.getResponseCommand());
                } else {
                    async.completeExceptionally(new AssertionError("failed: " + responseFuture.getCause()));
                }
            }

            @Override
            public void operationSucceed(org.apache.rocketmq.remoting.protocol.RemotingCommand response) {
                async.complete(response);
            }

            @Override
            public void operationFail(Throwable throwable) {
                async.completeExceptionally(throwable);
            }
        });
        assertOfficialResponse(async.get(10, TimeUnit.SECONDS), large);

        var oneway = officialRequest(ONEWAY, type, small);
        officialClient.invokeOneway(ourAddress, oneway, 10_000);
        RemotingCommand received = oursReceivedOneway.poll(10, TimeUnit.SECONDS);
        assertNotNull(received);
        assertTrue(received.isOneway());
        assertEquals(type, received.serializeType());
        assertEquals(TestCustomHeader.sample().asExtFields(), received.extFields());
        assertArrayEquals(small, received.body());
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void ourClientCallsOfficialServer(SerializeType type) throws Exception {
        byte[] small = body(33);
        byte[] large = body(100_000);
        RemotingCommand request = ourRequest(ECHO, small).serializeType(type);
        try (NettyRemotingClient typed = new NettyRemotingClient(new NettyClientConfig().setSerializeType(type))) {
            typed.start();
            RemotingCommand response = typed.invokeSync(officialAddress, request, 10_000);
            assertOurResponse(response, small);
            assertEquals(request.opaque(), response.opaque());
            // 5.3.3 answers in its own configured type (JSON by default), whatever the request's type was

            RemotingCommand async = typed.invokeAsync(officialAddress, ourRequest(ECHO, large), 10_000)
                    .get(10, TimeUnit.SECONDS);
            assertOurResponse(async, large);

            typed.invokeOneway(officialAddress, ourRequest(ONEWAY, small), 10_000);
            var received = officialReceivedOneway.poll(10, TimeUnit.SECONDS);
            assertNotNull(received);
            assertTrue(received.isOnewayRPC());
            assertEquals(type.name(), received.getSerializeTypeCurrentRPC().name());
            assertEquals(TestCustomHeader.sample(), received.decodeCommandCustomHeader(TestCustomHeader.class));
            assertArrayEquals(small, received.getBody());
            assertEquals(0, typed.pendingRequests());
        }
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void unknownCodesAreAnsweredAlikeByBothServers(SerializeType type) throws Exception {
        var theirs = officialClient.invokeSync(ourAddress, officialRequest(4242, type, null), 10_000);
        RemotingCommand ours = ourClient.invokeSync(officialAddress,
                RemotingCommand.createRequest(4242).serializeType(type), 10_000);
        assertEquals(ResponseCode.REQUEST_CODE_NOT_SUPPORTED, theirs.getCode());
        assertEquals(ResponseCode.REQUEST_CODE_NOT_SUPPORTED, ours.code());
        assertEquals(ours.remark(), theirs.getRemark(), "same remark text as the official server");
    }
}

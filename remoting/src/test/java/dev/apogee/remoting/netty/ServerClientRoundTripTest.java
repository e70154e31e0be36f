package dev.apogee.remoting.netty;

import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseBodyDecoder;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.SerializeType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.Arrays;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ServerClientRoundTripTest {
    private NettyRemotingServer server;
    private ExecutorService executor;

    @BeforeEach
    void startServer() throws Exception {
        server = new NettyRemotingServer(new NettyServerConfig().setBindAddress("127.0.0.1"));
        executor = RemotingExecutors.bounded("echo", 2, 1000);
        server.registerProcessor(100, (channel, request) -> {
            RemotingCommand response = RemotingCommand.createResponse(request, ResponseCode.SUCCESS, "ok");
            response.putExtField("echo", request.extField("value"));
            response.body(request.body());
            return response;
        }, executor);
        server.start();
    }

    @AfterEach
    void stopServer() throws Exception {
        server.shutdown();
        executor.shutdownNow();
        executor.awaitTermination(5, TimeUnit.SECONDS);
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void syncAsyncAndUnknownCode(SerializeType type) throws Exception {
        try (NettyRemotingClient client = new NettyRemotingClient(new NettyClientConfig().setSerializeType(type))) {
            client.start();
            String address = "127.0.0.1:" + server.localPort();
            RemotingCommand request = RemotingCommand.createRequest(100).putExtField("value", "héllo\u0001")
                    .body(new byte[] {1, 2, 3});
            RemotingCommand response = client.invokeSync(address, request, 3000);
            assertEquals(ResponseCode.SUCCESS, response.code());
            assertEquals("héllo\u0001", response.extField("echo"));
            assertEquals(type, response.serializeType());
            assertArrayEquals(new byte[] {1, 2, 3}, response.body());

            RemotingCommand async = client.invokeAsync(address,
                    RemotingCommand.createRequest(100).putExtField("value", "a"), 3000).get(5, TimeUnit.SECONDS);
            assertEquals("a", async.extField("echo"));

            RemotingCommand unknown = client.invokeSync(address, RemotingCommand.createRequest(12345), 3000);
            assertEquals(ResponseCode.REQUEST_CODE_NOT_SUPPORTED, unknown.code());
        }
    }

    /**
     * A request its processor declares cheap is processed on the connection's event loop; one it does not (or whose
     * check throws) on the registered executor.
     */
    @org.junit.jupiter.api.Test
    void cheapRequestsRunOnTheEventLoop() throws Exception {
        server.registerProcessor(101, new RequestProcessor() {
            @Override
            public RemotingCommand processRequest(io.netty.channel.Channel channel, RemotingCommand request) {
                return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, "ok")
                        .putExtField("thread", Thread.currentThread().getName())
                        .putExtField("onLoop", String.valueOf(channel.eventLoop().inEventLoop()));
            }

            @Override
            public boolean processesOnEventLoop(io.netty.channel.Channel channel, RemotingCommand request) {
                if ("boom".equals(request.extField("kind"))) {
                    throw new IllegalStateException("a failing check");
                }
                return "cheap".equals(request.extField("kind"));
            }
        }, executor);
        try (NettyRemotingClient client = new NettyRemotingClient(new NettyClientConfig())) {
            client.start();
            String address = "127.0.0.1:" + server.localPort();
            for (String kind : new String[] {"cheap", "dear", "boom"}) {
                RemotingCommand response = client.invokeSync(address,
                        RemotingCommand.createRequest(101).putExtField("kind", kind), 3000);
                assertEquals(ResponseCode.SUCCESS, response.code(), kind);
                assertEquals(String.valueOf(kind.equals("cheap")), response.extField("onLoop"),
                        kind + " ran on " + response.extField("thread"));
            }
        }
    }

    /**
     * A request's {@link ResponseBodyDecoder} runs on the client's event loop over the
     * received frame, sync and async, and the caller gets the result instead of the bytes.
     */
    @Test
    void aResponseBodyIsDecodedOnArrivalWhenTheRequestAskedForIt() throws Exception {
        byte[] body = new byte[20_000]; // larger than one socket read: the frame is assembled first
        Arrays.fill(body, (byte) 3);
        server.registerProcessor(102, (channel, request) -> RemotingCommand.createResponse(request,
                ResponseCode.SUCCESS, null).body(body), executor);
        try (NettyRemotingClient client = new NettyRemotingClient(new NettyClientConfig())) {
            client.start();
            String address = "127.0.0.1:" + server.localPort();
            String[] decodingThread = new String[1];
            ResponseBodyDecoder sum = buffer -> {
                decodingThread[0] = Thread.currentThread().getName();
                long total = 0;
                while (buffer.hasRemaining()) {
                    total += buffer.get();
                }
                return total;
            };
            RemotingCommand sync = client.invokeSync(address,
                    RemotingCommand.createRequest(102).responseBodyDecoder(sum), 3000);
            assertEquals(60_000L, sync.decodedBody());
            assertNull(sync.body());
            assertTrue(decodingThread[0].contains("worker"), decodingThread[0]);
            RemotingCommand async = client.invokeAsync(address,
                    RemotingCommand.createRequest(102).responseBodyDecoder(sum), 3000).get(3, TimeUnit.SECONDS);
            assertEquals(60_000L, async.decodedBody());
            RemotingCommand plain = client.invokeSync(address, RemotingCommand.createRequest(102), 3000);
            assertNull(plain.decodedBody());
            assertArrayEquals(body, plain.body());
        }
    }
}

package dev.apogee.remoting.netty;

import dev.apogee.remoting.codec.RemotingCommandCodec;
import dev.apogee.remoting.exception.RemotingSendRequestException;
import dev.apogee.remoting.exception.RemotingTimeoutException;
import dev.apogee.remoting.exception.RemotingTooMuchRequestException;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.SerializeType;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.Channel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.DataInputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Request/response behaviour of our server and client over loopback. */
class ServerClientBehaviourTest {
    static final int ECHO = 100;
    static final int ONEWAY_SINK = 101;
    static final int BLOCKING = 102;
    static final int NEEDS_HEADER = 103;
    static final int THROWS = 104;
    static final int NEVER_ANSWERS = 105;
    static final int CAPTURE_CHANNEL = 106;
    static final int BUFFERS = 107;
    static final int HELD = 108;
    static final int CLIENT_SIDE = 300;

    private NettyRemotingServer server;
    private NettyRemotingClient client;
    private ExecutorService executor;
    private ExecutorService busyExecutor;
    private final BlockingQueue<RemotingCommand> onewayReceived = new LinkedBlockingQueue<>();
    private final CountDownLatch release = new CountDownLatch(1);
    private final CountDownLatch blockingStarted = new CountDownLatch(1);
    private final AtomicReference<Channel> serverSideChannel = new AtomicReference<>();
    private final BlockingQueue<Object[]> held = new LinkedBlockingQueue<>();
    private static final byte[] STORED = storedBytes();
    private String address;

    @BeforeEach
    void start() throws Exception {
        server = new NettyRemotingServer(new NettyServerConfig().setBindAddress("127.0.0.1"));
        executor = RemotingExecutors.bounded("test-processors", 4, 1000);
        busyExecutor = RemotingExecutors.bounded("test-busy", 1, 1);
        server.registerProcessor(ECHO, (channel, request) -> {
            RemotingCommand response = RemotingCommand.createResponse(request, ResponseCode.SUCCESS, "ok");
            response.putExtField("echo", request.extField("value"));
            return response.body(request.body());
        }, executor);
        server.registerProcessor(ONEWAY_SINK, (channel, request) -> {
            onewayReceived.add(request);
            return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, "must not be sent");
        }, executor);
        server.registerProcessor(BLOCKING, (channel, request) -> {
            blockingStarted.countDown();
            release.await(10, TimeUnit.SECONDS);
            return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null);
        }, busyExecutor);
        server.registerProcessor(NEEDS_HEADER, (channel, request) -> {
            long offset = request.header().requireLong("commitOffset");
            return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, String.valueOf(offset));
        }, executor);
        server.registerProcessor(THROWS, (channel, request) -> {
            throw new IllegalStateException("store on fire");
        }, executor);
        server.registerProcessor(NEVER_ANSWERS, (channel, request) -> null, executor);
        server.registerProcessor(CAPTURE_CHANNEL, (channel, request) -> {
            serverSideChannel.set(channel);
            return null;
        }, executor);
        server.registerProcessor(BUFFERS, (channel, request) -> {
            // a pull-like response forwarding "stored" bytes from two buffers without copying them
            ByteBuffer direct = ByteBuffer.allocateDirect(STORED.length / 2);
            direct.put(STORED, 0, STORED.length / 2).flip();
            ByteBuffer heap = ByteBuffer.wrap(STORED, STORED.length / 2, STORED.length - STORED.length / 2);
            return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null).bodyBuffers(direct, heap);
        }, executor);
        server.registerProcessor(HELD, (channel, request) -> {
            held.add(new Object[] {channel, request});
            return null; // answered later through RemotingResponder, like a held long-polling pull
        }, executor);
        server.start();
        address = "127.0.0.1:" + server.localPort();
        client = new NettyRemotingClient(new NettyClientConfig());
        client.registerProcessor(CLIENT_SIDE, (channel, request) -> RemotingCommand
                .createResponse(request, ResponseCode.SUCCESS, "client says " + request.extField("q")), executor);
        client.start();
    }

    @AfterEach
    void stop() throws Exception {
        release.countDown();
        client.shutdown();
        server.shutdown();
        executor.shutdownNow();
        busyExecutor.shutdownNow();
        assertTrue(executor.awaitTermination(5, TimeUnit.SECONDS));
        assertTrue(busyExecutor.awaitTermination(5, TimeUnit.SECONDS));
    }

    private static byte[] storedBytes() {
        byte[] bytes = new byte[300_001];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (i % 251);
        }
        return bytes;
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void bufferBodiesCrossTheWireIntact(SerializeType type) throws Exception {
        try (NettyRemotingClient typed = client(type)) {
            for (int i = 0; i < 3; i++) {
                RemotingCommand response = typed.invokeSync(address, RemotingCommand.createRequest(BUFFERS), 10_000);
                assertArrayEquals(STORED, response.body());
            }
        }
    }

    @Test
    void heldRequestsAreAnsweredLaterAndOutOfOrder() throws Exception {
        CompletableFuture<RemotingCommand> first = client.invokeAsync(address,
                RemotingCommand.createRequest(HELD).putExtField("n", "1"), 5000);
        CompletableFuture<RemotingCommand> second = client.invokeAsync(address,
                RemotingCommand.createRequest(HELD).putExtField("n", "2"), 5000);
        Object[] a = held.poll(10, TimeUnit.SECONDS);
        Object[] b = held.poll(10, TimeUnit.SECONDS);
        assertNotNull(a);
        assertNotNull(b);
        for (Object[] pending : new Object[][] {b, a}) { // answer in reverse order, from this (non-processor) thread
            RemotingCommand request = (RemotingCommand) pending[1];
            RemotingResponder.respond((Channel) pending[0], request,
                    RemotingCommand.createResponse(request, ResponseCode.SUCCESS, "late " + request.extField("n")));
        }
        assertEquals("late 1", first.get(10, TimeUnit.SECONDS).remark());
        assertEquals("late 2", second.get(10, TimeUnit.SECONDS).remark());
    }

    private NettyRemotingClient client(SerializeType type) {
        NettyRemotingClient typed = new NettyRemotingClient(new NettyClientConfig().setSerializeType(type));
        typed.start();
        return typed;
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void syncAsyncAndOneway(SerializeType type) throws Exception {
        try (NettyRemotingClient typed = client(type)) {
            byte[] body = new byte[20_000];
            body[19_999] = 42;
            RemotingCommand request = RemotingCommand.createRequest(ECHO).putExtField("value", "v\u0001✓").body(body);
            RemotingCommand response = typed.invokeSync(address, request, 10_000);
            assertEquals(ResponseCode.SUCCESS, response.code());
            assertEquals(request.opaque(), response.opaque());
            assertTrue(response.isResponse());
            assertEquals(type, response.serializeType(), "answered in the request's type");
            assertEquals("v\u0001✓", response.extField("echo"));
            assertArrayEquals(body, response.body());

            CompletableFuture<RemotingCommand> async = typed.invokeAsync(address,
                    RemotingCommand.createRequest(ECHO).putExtField("value", "async"), 10_000);
            assertEquals("async", async.get(10, TimeUnit.SECONDS).extField("echo"));

            typed.invokeOneway(address, RemotingCommand.createRequest(ONEWAY_SINK).putExtField("n", "1"), 10_000);
            RemotingCommand seen = onewayReceived.poll(10, TimeUnit.SECONDS);
            assertNotNull(seen);
            assertTrue(seen.isOneway());
            assertEquals("1", seen.extField("n"));
            assertEquals(0, typed.pendingRequests());
        }
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void onewayRequestsAreNeverAnswered(SerializeType type) throws Exception {
        try (Socket socket = new Socket("127.0.0.1", server.localPort())) {
            socket.setSoTimeout(5000);
            OutputStream out = socket.getOutputStream();
            out.write(encode(RemotingCommand.createRequest(ONEWAY_SINK).serializeType(type).opaque(1).markOneway()));
            // a oneway request for an unknown code gets no REQUEST_CODE_NOT_SUPPORTED either
            out.write(encode(RemotingCommand.createRequest(9999).serializeType(type).opaque(2).markOneway()));
            out.write(encode(RemotingCommand.createRequest(ECHO).serializeType(type).opaque(3)));
            out.flush();
            RemotingCommand first = readFrame(new DataInputStream(socket.getInputStream()));
            assertEquals(3, first.opaque(), "the only answer is the one to the two-way request");
            assertNotNull(onewayReceived.poll(10, TimeUnit.SECONDS));
        }
    }

    static byte[] encode(RemotingCommand command) {
        ByteBuf frame = RemotingCommandCodec.encode(command, UnpooledByteBufAllocator.DEFAULT);
        try {
            return ByteBufUtil.getBytes(frame);
        } finally {
            frame.release();
        }
    }

    static RemotingCommand readFrame(DataInputStream in) throws Exception {
        int length = in.readInt();
        byte[] frame = new byte[length];
        in.readFully(frame);
        return RemotingCommandCodec.decode(Unpooled.wrappedBuffer(frame));
    }

    @Test
    void fullExecutorQueueAnswersSystemBusy() throws Exception {
        CompletableFuture<RemotingCommand> running = client.invokeAsync(address,
                RemotingCommand.createRequest(BLOCKING), 10_000);
        assertTrue(blockingStarted.await(10, TimeUnit.SECONDS));
        CompletableFuture<RemotingCommand> queued = client.invokeAsync(address,
                RemotingCommand.createRequest(BLOCKING), 10_000);
        await().atMost(Duration.ofSeconds(10)).until(() -> {
            RemotingCommand busy = client.invokeSync(address, RemotingCommand.createRequest(BLOCKING), 10_000);
            if (busy.code() != ResponseCode.SYSTEM_BUSY) {
                throw new AssertionError("expected SYSTEM_BUSY, got " + busy);
            }
            return busy.remark().contains("busy");
        });
        release.countDown();
        assertEquals(ResponseCode.SUCCESS, running.get(10, TimeUnit.SECONDS).code());
        assertEquals(ResponseCode.SUCCESS, queued.get(10, TimeUnit.SECONDS).code());
    }

    @Test
    void anAsyncCallResumingAfterItsConnectNeverBlocksTheEventLoopForAPermit() throws Exception {
        NettyClientConfig config = new NettyClientConfig().setWorkerThreads(1).setAsyncPermits(1)
                .setConnectionsPerAddress(2);
        try (NettyRemotingClient narrow = new NettyRemotingClient(config)) {
            narrow.start();
            CompletableFuture<RemotingCommand> held = narrow.invokeAsync(address,
                    RemotingCommand.createRequest(BLOCKING), 60_000); // takes the only permit
            assertTrue(blockingStarted.await(10, TimeUnit.SECONDS));
            // round robin: this call goes to the second, not yet connected slot; once connected it resumes on the
            // single event loop, which must not wait there for the permit the held call's response would free.
            // (Should the connect win the race, the call waits in the calling thread instead, which is allowed.)
            CompletableFuture<CompletableFuture<RemotingCommand>> second = CompletableFuture.supplyAsync(() ->
                    narrow.invokeAsync(address, RemotingCommand.createRequest(ECHO), 60_000));
            await().atMost(Duration.ofSeconds(10)).until(() -> server.connectionCount() == 2);
            release.countDown();
            assertEquals(ResponseCode.SUCCESS, held.get(15, TimeUnit.SECONDS).code(), "the event loop kept reading");
            try {
                assertEquals(ResponseCode.SUCCESS, second.get(15, TimeUnit.SECONDS).get(15, TimeUnit.SECONDS).code());
            } catch (ExecutionException e) {
                assertInstanceOf(RemotingTooMuchRequestException.class, e.getCause(), "failed fast, no permit");
            }
        }
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void unknownCodeIsNotSupported(SerializeType type) throws Exception {
        try (NettyRemotingClient typed = client(type)) {
            RemotingCommand response = typed.invokeSync(address, RemotingCommand.createRequest(4242), 10_000);
            assertEquals(ResponseCode.REQUEST_CODE_NOT_SUPPORTED, response.code());
            assertTrue(response.remark().contains("4242"), response.remark());
            assertEquals(type, response.serializeType());
        }
    }

    @Test
    void missingOrBadRequiredFieldIsAnErrorNamingTheField() throws Exception {
        RemotingCommand missing = client.invokeSync(address, RemotingCommand.createRequest(NEEDS_HEADER), 10_000);
        assertEquals(ResponseCode.SYSTEM_ERROR, missing.code());
        assertTrue(missing.remark().contains("commitOffset"), missing.remark());

        RemotingCommand bad = client.invokeSync(address,
                RemotingCommand.createRequest(NEEDS_HEADER).putExtField("commitOffset", "12x"), 10_000);
        assertEquals(ResponseCode.SYSTEM_ERROR, bad.code());
        assertTrue(bad.remark().contains("commitOffset") && bad.remark().contains("12x"), bad.remark());

        RemotingCommand good = client.invokeSync(address,
                RemotingCommand.createRequest(NEEDS_HEADER).putExtField("commitOffset", "12"), 10_000);
        assertEquals(ResponseCode.SUCCESS, good.code());
        assertEquals("12", good.remark());
    }

    @Test
    void processorExceptionIsSystemErrorWithRemark() throws Exception {
        RemotingCommand response = client.invokeSync(address, RemotingCommand.createRequest(THROWS), 10_000);
        assertEquals(ResponseCode.SYSTEM_ERROR, response.code());
        assertTrue(response.remark().contains("store on fire"), response.remark());
    }

    @Test
    void syncTimeoutThrowsAndEmptiesThePendingTable() throws Exception {
        long start = System.nanoTime();
        RemotingTimeoutException timeout = assertThrows(RemotingTimeoutException.class,
                () -> client.invokeSync(address, RemotingCommand.createRequest(NEVER_ANSWERS), 300));
        long tookMillis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(tookMillis >= 250 && tookMillis < 10_000, "took " + tookMillis + " ms");
        assertTrue(timeout.getMessage().contains("127.0.0.1"), timeout.getMessage());
        assertEquals(0, client.pendingRequests());
        // the connection was closed (closeSocketIfTimeout); the next call reconnects
        assertEquals(ResponseCode.SUCCESS,
                client.invokeSync(address, RemotingCommand.createRequest(ECHO), 10_000).code());
    }

    @RepeatedTest(10)
    void theConnectionClosedAfterATimeoutIsNeverHandedOutAgain() throws Exception {
        assertThrows(RemotingTimeoutException.class,
                () -> client.invokeSync(address, RemotingCommand.createRequest(NEVER_ANSWERS), 50));
        // immediately: the close is still in flight on the event loop, yet this call must get a fresh connection
        assertEquals(ResponseCode.SUCCESS,
                client.invokeSync(address, RemotingCommand.createRequest(ECHO), 10_000).code());
    }

    @Test
    void asyncTimeoutFailsTheFutureAndEmptiesThePendingTable() {
        CompletableFuture<RemotingCommand> future = client.invokeAsync(address,
                RemotingCommand.createRequest(NEVER_ANSWERS), 200);
        ExecutionException failure = assertThrows(ExecutionException.class, () -> future.get(10, TimeUnit.SECONDS));
        assertInstanceOf(RemotingTimeoutException.class, failure.getCause());
        assertEquals(0, client.pendingRequests());
    }

    @Test
    void serverClosingTheConnectionFailsPendingAsyncCallsPromptly() throws Exception {
        CompletableFuture<RemotingCommand> first = client.invokeAsync(address,
                RemotingCommand.createRequest(NEVER_ANSWERS), 60_000);
        CompletableFuture<RemotingCommand> second = client.invokeAsync(address,
                RemotingCommand.createRequest(CAPTURE_CHANNEL), 60_000);
        await().atMost(Duration.ofSeconds(10)).until(() -> serverSideChannel.get() != null);
        assertEquals(2, client.pendingRequests());
        long start = System.nanoTime();
        serverSideChannel.get().close();
        for (CompletableFuture<RemotingCommand> future : java.util.List.of(first, second)) {
            ExecutionException failure = assertThrows(ExecutionException.class,
                    () -> future.get(10, TimeUnit.SECONDS));
            assertInstanceOf(RemotingSendRequestException.class, failure.getCause());
        }
        assertTrue((System.nanoTime() - start) / 1_000_000 < 15_000, "failed promptly, not at the 60 s timeout");
        assertEquals(0, client.pendingRequests());
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void serverCallsTheClientOverItsConnection(SerializeType type) throws Exception {
        client.invokeAsync(address, RemotingCommand.createRequest(CAPTURE_CHANNEL), 60_000);
        await().atMost(Duration.ofSeconds(10)).until(() -> serverSideChannel.get() != null);
        Channel channel = serverSideChannel.get();

        RemotingCommand sync = server.invokeSync(channel,
                RemotingCommand.createRequest(CLIENT_SIDE).serializeType(type).putExtField("q", "sync"), 10_000);
        assertEquals(ResponseCode.SUCCESS, sync.code());
        assertEquals("client says sync", sync.remark());
        assertEquals(type, sync.serializeType());

        RemotingCommand async = server.invokeAsync(channel,
                RemotingCommand.createRequest(CLIENT_SIDE).putExtField("q", "async"), 10_000).get(10, TimeUnit.SECONDS);
        assertEquals("client says async", async.remark());

        RemotingCommand unsupported = server.invokeSync(channel, RemotingCommand.createRequest(ECHO), 10_000);
        assertEquals(ResponseCode.REQUEST_CODE_NOT_SUPPORTED, unsupported.code());

        server.invokeOneway(channel, RemotingCommand.createRequest(CLIENT_SIDE), 10_000);
        assertEquals(0, server.pendingRequests());
    }

    @Test
    void connectionsArePooledPerAddress() throws Exception {
        try (NettyRemotingClient pooled = new NettyRemotingClient(new NettyClientConfig().setConnectionsPerAddress(4))) {
            pooled.start();
            for (int i = 0; i < 12; i++) {
                assertEquals(ResponseCode.SUCCESS,
                        pooled.invokeSync(address, RemotingCommand.createRequest(ECHO), 10_000).code());
            }
            await().atMost(Duration.ofSeconds(10)).until(() -> server.connectionCount() == 4);
            pooled.closeConnections(address);
            await().atMost(Duration.ofSeconds(10)).until(() -> server.connectionCount() == 0);
            assertEquals(ResponseCode.SUCCESS,
                    pooled.invokeSync(address, RemotingCommand.createRequest(ECHO), 10_000).code());
            await().atMost(Duration.ofSeconds(10)).until(() -> server.connectionCount() == 1);
        }
    }
}

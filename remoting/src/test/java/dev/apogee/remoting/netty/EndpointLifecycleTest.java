package dev.apogee.remoting.netty;

import dev.apogee.remoting.exception.RemotingSendRequestException;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import io.netty.channel.Channel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Start, idle, transport choice, bind failures and shutdown of server and client. */
class EndpointLifecycleTest {
    private static final int ECHO = 100;

    private static NettyRemotingServer echoServer(NettyServerConfig config, ExecutorService executor,
            ChannelEventListener listener) throws RemotingBindException {
        NettyRemotingServer server = new NettyRemotingServer(config.setBindAddress("127.0.0.1"), listener);
        server.registerProcessor(ECHO, (channel, request) ->
                RemotingCommand.createResponse(request, ResponseCode.SUCCESS, channel.getClass().getSimpleName()),
                executor);
        server.start();
        return server;
    }

    static long threads(String prefix) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().startsWith(prefix)).count();
    }

    static long nonDaemonThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && !t.isDaemon() && !t.getName().equals("main")).count();
    }

    @ParameterizedTest(name = "useEpoll={0}")
    @ValueSource(booleans = {true, false})
    void bothTransportsServe(boolean useEpoll) throws Exception {
        if (useEpoll) {
            assumeTrue(Epoll.isAvailable(), "native epoll not available here");
        }
        ExecutorService executor = RemotingExecutors.bounded("test-transport", 2, 100);
        NettyRemotingServer server = echoServer(new NettyServerConfig().setUseEpoll(useEpoll), executor, null);
        NettyRemotingClient client = new NettyRemotingClient(new NettyClientConfig().setUseEpoll(useEpoll));
        try {
            client.start();
            String address = "127.0.0.1:" + server.localPort();
            RemotingCommand response = client.invokeSync(address, RemotingCommand.createRequest(ECHO), 10_000);
            assertEquals(ResponseCode.SUCCESS, response.code());
            Class<?> expected = useEpoll ? EpollSocketChannel.class : NioSocketChannel.class;
            assertEquals(expected.getSimpleName(), response.remark(), "server channel type");
            assertInstanceOf(expected, client.connect(address, 10_000), "client channel type");
        } finally {
            client.shutdown();
            server.shutdown();
            executor.shutdownNow();
        }
    }

    @Test
    void serverClosesIdleConnections() throws Exception {
        ExecutorService executor = RemotingExecutors.bounded("test-idle", 1, 100);
        List<String> idle = new CopyOnWriteArrayList<>();
        List<String> closed = new CopyOnWriteArrayList<>();
        ChannelEventListener listener = new ChannelEventListener() {
            @Override
            public void onChannelIdle(String remoteAddress, Channel channel) {
                idle.add(remoteAddress);
            }

            @Override
            public void onChannelClose(String remoteAddress, Channel channel) {
                closed.add(remoteAddress);
            }
        };
        NettyRemotingServer server = echoServer(new NettyServerConfig().setIdleSeconds(1), executor, listener);
        NettyRemotingClient client = new NettyRemotingClient(new NettyClientConfig());
        try {
            client.start();
            String address = "127.0.0.1:" + server.localPort();
            client.invokeSync(address, RemotingCommand.createRequest(ECHO), 10_000);
            assertEquals(1, server.connectionCount());
            await().atMost(Duration.ofSeconds(10)).until(() -> server.connectionCount() == 0);
            await().atMost(Duration.ofSeconds(10)).until(() -> idle.size() == 1 && closed.size() == 1);
            // the client notices and reconnects on the next call
            assertEquals(ResponseCode.SUCCESS,
                    client.invokeSync(address, RemotingCommand.createRequest(ECHO), 10_000).code());
        } finally {
            client.shutdown();
            server.shutdown();
            executor.shutdownNow();
        }
    }

    @Test
    void clientClosesIdleConnections() throws Exception {
        ExecutorService executor = RemotingExecutors.bounded("test-idle", 1, 100);
        NettyRemotingServer server = echoServer(new NettyServerConfig(), executor, null);
        NettyRemotingClient client = new NettyRemotingClient(new NettyClientConfig().setIdleSeconds(1));
        try {
            client.start();
            client.invokeSync("127.0.0.1:" + server.localPort(), RemotingCommand.createRequest(ECHO), 10_000);
            assertEquals(1, server.connectionCount());
            await().atMost(Duration.ofSeconds(10)).until(() -> server.connectionCount() == 0);
        } finally {
            client.shutdown();
            server.shutdown();
            executor.shutdownNow();
        }
    }

    @Test
    void aConnectionThatOnlyWritesIsNotIdleAndIsClosedOnceItStops() throws Exception {
        ExecutorService executor = RemotingExecutors.bounded("test-idle", 1, 100);
        NettyRemotingServer server = echoServer(new NettyServerConfig(), executor, null);
        NettyRemotingClient client = new NettyRemotingClient(new NettyClientConfig().setIdleSeconds(1));
        try {
            client.start();
            String address = "127.0.0.1:" + server.localPort();
            Channel channel = client.connect(address, 10_000);
            // oneway requests are never answered: the client's connection sees writes only, for 3 idle times
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
            while (System.nanoTime() < end) {
                client.invokeOneway(address, RemotingCommand.createRequest(ECHO), 10_000);
                Thread.sleep(200);
                assertTrue(channel.isActive(), "closed as idle while writing");
            }
            assertEquals(1, server.connectionCount());
            await().atMost(Duration.ofSeconds(10)).until(() -> !channel.isActive());
        } finally {
            client.shutdown();
            server.shutdown();
            executor.shutdownNow();
        }
    }

    @ParameterizedTest(name = "useEpoll={0}")
    @ValueSource(booleans = {true, false})
    void bindingATakenPortSaysSo(boolean useEpoll) throws Exception {
        ExecutorService executor = RemotingExecutors.bounded("test-bind", 1, 100);
        NettyRemotingServer first = echoServer(new NettyServerConfig().setName("remoting-first"), executor, null);
        try {
            NettyRemotingServer second = new NettyRemotingServer(new NettyServerConfig().setName("remoting-second")
                    .setUseEpoll(useEpoll).setBindAddress("127.0.0.1").setListenPort(first.localPort()));
            RemotingBindException failure = assertThrows(RemotingBindException.class, second::start);
            assertTrue(failure.getMessage().contains(String.valueOf(first.localPort()))
                    && failure.getMessage().contains("in use"), failure.getMessage());
            second.shutdown(); // harmless after a failed start
            await().atMost(Duration.ofSeconds(10)).until(() -> threads("remoting-second") == 0);
        } finally {
            first.shutdown();
            executor.shutdownNow();
        }
    }

    @Test
    void shutdownLeavesNoThreadsBehind() throws Exception {
        long remotingBefore = threads("remoting-");
        long nonDaemonBefore = nonDaemonThreads();
        ExecutorService executor = RemotingExecutors.bounded("test-shutdown", 2, 100);
        NettyRemotingServer server = echoServer(new NettyServerConfig(), executor, new ChannelEventListener() { });
        NettyRemotingClient client = new NettyRemotingClient(new NettyClientConfig().setConnectionsPerAddress(2),
                new ChannelEventListener() { });
        client.start();
        String address = "127.0.0.1:" + server.localPort();
        for (int i = 0; i < 4; i++) {
            client.invokeAsync(address, RemotingCommand.createRequest(ECHO), 10_000).get(10, TimeUnit.SECONDS);
        }
        CompletableFuture<RemotingCommand> unanswered = client.invokeAsync(address,
                RemotingCommand.createRequest(4242).markOneway(), 60_000); // oneway flag: the server never answers
        assertTrue(threads("remoting-") > remotingBefore);

        client.shutdown();
        server.shutdown();
        executor.shutdownNow();
        ExecutionException failure = assertThrows(ExecutionException.class, () -> unanswered.get(10, TimeUnit.SECONDS));
        assertInstanceOf(RemotingSendRequestException.class, failure.getCause(), "failed at shutdown, not left hanging");
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            assertEquals(remotingBefore, threads("remoting-"), "remoting-* threads left");
            assertTrue(nonDaemonThreads() <= nonDaemonBefore, "non-daemon threads left");
        });
    }
}

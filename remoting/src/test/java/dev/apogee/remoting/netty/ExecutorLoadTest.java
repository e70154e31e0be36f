package dev.apogee.remoting.netty;

import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link ExecutorLoad} reports the requests waiting for a processor thread — plain and ordered (lanes) — and how
 * long the oldest has waited, and returns to zero once they ran.
 */
class ExecutorLoadTest {
    private static final int PLAIN = 100;
    private static final int ORDERED = 101;

    @Test
    void queuedRequestsAndTheirHeadWaitAreReported() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        ExecutorService plain = RemotingExecutors.bounded("load-plain", 1, 100);
        ExecutorService orderedPool = RemotingExecutors.bounded("load-ordered", 1, 100);
        LaneGroup lanes = new LaneGroup(orderedPool, 1, 100);
        RequestProcessor blocking = (channel, request) -> {
            release.await(30, TimeUnit.SECONDS);
            return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null);
        };
        NettyRemotingServer server = new NettyRemotingServer(new NettyServerConfig().setBindAddress("127.0.0.1"));
        server.registerProcessor(PLAIN, blocking, plain);
        server.registerOrderedProcessor(ORDERED, blocking, lanes, request -> 0);
        NettyRemotingClient client = new NettyRemotingClient(new NettyClientConfig());
        List<CompletableFuture<RemotingCommand>> answers = new ArrayList<>();
        try {
            server.start();
            client.start();
            String address = "127.0.0.1:" + server.localPort();
            assertEquals(new ExecutorLoad(0, 0), ExecutorLoad.of(plain));
            for (int i = 0; i < 4; i++) { // one runs and blocks, three wait
                answers.add(client.invokeAsync(address, RemotingCommand.createRequest(PLAIN), 30_000));
                answers.add(client.invokeAsync(address, RemotingCommand.createRequest(ORDERED), 30_000));
            }
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
                assertEquals(3, ExecutorLoad.of(plain).queueSize());
                assertEquals(3, ExecutorLoad.of(lanes).queueSize());
            });
            long before = ExecutorLoad.of(plain).headWaitMillis();
            await().atMost(Duration.ofSeconds(10)).until(() -> ExecutorLoad.of(plain).headWaitMillis() > before);
            assertTrue(ExecutorLoad.of(lanes).headWaitMillis() >= 0);
            release.countDown();
            for (CompletableFuture<RemotingCommand> answer : answers) {
                assertEquals(ResponseCode.SUCCESS, answer.get(30, TimeUnit.SECONDS).code());
            }
            assertEquals(new ExecutorLoad(0, 0), ExecutorLoad.of(plain));
            assertEquals(0, ExecutorLoad.of(lanes).queueSize());
        } finally {
            release.countDown();
            client.shutdown();
            server.shutdown();
            plain.shutdownNow();
            orderedPool.shutdownNow();
        }
    }
}

package dev.apogee.remoting.netty;

import dev.apogee.remoting.exception.RemotingSendRequestException;
import dev.apogee.remoting.exception.RemotingTimeoutException;
import dev.apogee.remoting.exception.RemotingTooMuchRequestException;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import io.netty.channel.Channel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Answered requests queued through an {@link AnsweredSlot} and built when written, against a loopback server. */
class AnsweredSlotTest {
    private static final int ECHO = 100;
    private static final int NEVER_ANSWERS = 101;
    private static final int CAPTURE_CHANNEL = 102;

    private NettyRemotingServer server;
    private NettyRemotingClient client;
    private ExecutorService executor;
    private final AtomicReference<Channel> serverSideChannel = new AtomicReference<>();
    private String address;

    @BeforeEach
    void start() throws Exception {
        server = new NettyRemotingServer(new NettyServerConfig().setBindAddress("127.0.0.1"));
        executor = RemotingExecutors.bounded("slot-test-processors", 2, 1000);
        server.registerProcessor(ECHO, (channel, request) -> RemotingCommand
                .createResponse(request, ResponseCode.SUCCESS, request.extField("value")), executor);
        server.registerProcessor(NEVER_ANSWERS, (channel, request) -> null, executor);
        server.registerProcessor(CAPTURE_CHANNEL, (channel, request) -> {
            serverSideChannel.set(channel);
            return null;
        }, executor);
        server.start();
        address = "127.0.0.1:" + server.localPort();
        client = new NettyRemotingClient(new NettyClientConfig().setAsyncPermits(1));
        client.start();
    }

    @AfterEach
    void stop() throws Exception {
        client.shutdown();
        server.shutdown();
        executor.shutdownNow();
        assertTrue(executor.awaitTermination(5, TimeUnit.SECONDS));
    }

    @Test
    void theRequestIsBuiltWhenWrittenAndItsAnswerCompletesTheSlot() throws Exception {
        AtomicReference<String> value = new AtomicReference<>("queued");
        AnsweredSlot slot = client.reserveAnswered(address, 10_000);
        boolean mustDrain = slot.queue(() -> RemotingCommand.createRequest(ECHO).putExtField("value", value.get()));
        assertTrue(mustDrain, "nothing else is queued on the connection: the caller starts the drain");
        value.set("grown after queueing"); // what a coalesced batch does: it still takes messages until written
        slot.startDrain();
        RemotingCommand response = slot.result().get(10, TimeUnit.SECONDS);
        assertEquals(ResponseCode.SUCCESS, response.code());
        assertEquals("grown after queueing", response.remark());
        assertEquals(0, client.pendingRequests());
        client.reserveAnswered(address, 1_000).cancel(); // the answer gave the only permit back
    }

    @Test
    void aSlotHoldsAnAsyncPermitUntilCancelled() throws Exception {
        AnsweredSlot slot = client.reserveAnswered(address, 10_000);
        assertThrows(RemotingTooMuchRequestException.class, () -> client.reserveAnswered(address, 100));
        ExecutionException refused = assertThrows(ExecutionException.class,
                () -> client.invokeAsync(address, RemotingCommand.createRequest(ECHO), 100).get(10, TimeUnit.SECONDS));
        assertInstanceOf(RemotingTooMuchRequestException.class, refused.getCause(), "async calls share the permits");
        slot.cancel();
        slot.cancel(); // once only
        AnsweredSlot next = client.reserveAnswered(address, 1_000);
        assertThrows(IllegalStateException.class, () -> {
            next.cancel();
            next.queue(() -> RemotingCommand.createRequest(ECHO));
        });
        client.reserveAnswered(address, 1_000).cancel();
    }

    @Test
    void aRequestThatFailsToBuildFailsItsSlotAndGivesThePermitBack() throws Exception {
        AnsweredSlot slot = client.reserveAnswered(address, 10_000);
        if (slot.queue(() -> {
            throw new IllegalStateException("no message left to send");
        })) {
            slot.startDrain();
        }
        ExecutionException failure = assertThrows(ExecutionException.class,
                () -> slot.result().get(10, TimeUnit.SECONDS));
        assertInstanceOf(RemotingSendRequestException.class, failure.getCause());
        assertEquals("no message left to send", failure.getCause().getCause().getMessage());
        assertEquals(0, client.pendingRequests());
        client.reserveAnswered(address, 1_000).cancel();
    }

    @Test
    void anUnansweredRequestTimesOutAfterWhatWasLeftOfTheReservationsTimeout() throws Exception {
        AnsweredSlot slot = client.reserveAnswered(address, 300);
        if (slot.queue(() -> RemotingCommand.createRequest(NEVER_ANSWERS))) {
            slot.startDrain();
        }
        ExecutionException failure = assertThrows(ExecutionException.class,
                () -> slot.result().get(10, TimeUnit.SECONDS));
        assertInstanceOf(RemotingTimeoutException.class, failure.getCause());
        assertEquals(0, client.pendingRequests());
        client.reserveAnswered(address, 1_000).cancel();
    }

    @Test
    void theConnectionClosingFailsAQueuedRequestPromptly() throws Exception {
        AnsweredSlot slot = client.reserveAnswered(address, 60_000);
        if (slot.queue(() -> RemotingCommand.createRequest(CAPTURE_CHANNEL))) {
            slot.startDrain();
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> serverSideChannel.get() != null);
        serverSideChannel.get().close();
        ExecutionException failure = assertThrows(ExecutionException.class,
                () -> slot.result().get(10, TimeUnit.SECONDS), "failed with the connection, not at the timeout");
        assertInstanceOf(RemotingSendRequestException.class, failure.getCause());
        assertEquals(0, client.pendingRequests());
    }

    @Test
    void answeredSlotsKeepTheOrderTheyWereQueuedIn() throws Exception {
        client.shutdown();
        client = new NettyRemotingClient(new NettyClientConfig());
        client.start();
        CompletableFuture<?>[] results = new CompletableFuture<?>[200];
        StringBuilder built = new StringBuilder();
        for (int i = 0; i < results.length; i++) {
            AnsweredSlot slot = client.reserveAnswered(address, 10_000);
            int n = i;
            if (slot.queue(() -> {
                built.append(n).append(','); // event loop only
                return RemotingCommand.createRequest(ECHO).putExtField("value", Integer.toString(n));
            })) {
                slot.startDrain();
            }
            results[i] = slot.result();
        }
        for (int i = 0; i < results.length; i++) {
            assertEquals(Integer.toString(i), ((RemotingCommand) results[i].get(10, TimeUnit.SECONDS)).remark());
        }
        StringBuilder expected = new StringBuilder();
        for (int i = 0; i < results.length; i++) {
            expected.append(i).append(',');
        }
        assertEquals(expected.toString(), built.toString());
    }
}

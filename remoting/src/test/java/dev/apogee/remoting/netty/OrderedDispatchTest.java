package dev.apogee.remoting.netty;

import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import io.netty.channel.Channel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Ordered registrations over loopback: one connection's pipelined requests with one key are processed in arrival
 * order on a multi-threaded executor, other keys are not held up by a stuck one, a full lane or executor answers
 * SYSTEM_BUSY instead of dropping or hanging, and a request its processor calls cheap runs on the event loop only
 * while its lane is idle, keeping its place behind the lane's queued requests.
 */
class OrderedDispatchTest {
    static final int ORDERED = 200;
    static final int UNORDERED_BLOCKING = 201;
    static final int SMALL_LANES = 202;
    static final int ORDERED_CHEAP = 203;

    private NettyRemotingServer server;
    private NettyRemotingClient client;
    private ExecutorService executor;
    private ExecutorService tinyExecutor;
    private String address;
    /** key → sequence numbers in the order the processor saw them. */
    private final Map<String, List<Integer>> seen = new ConcurrentHashMap<>();
    private final CountDownLatch release = new CountDownLatch(1);
    private final AtomicInteger blocked = new AtomicInteger();
    /** ORDERED_CHEAP: sequence numbers the processor saw on the connection's event loop. */
    private final List<Integer> onEventLoop = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws Exception {
        server = new NettyRemotingServer(new NettyServerConfig().setBindAddress("127.0.0.1"));
        executor = RemotingExecutors.bounded("ordered-test", 4, 10_000);
        tinyExecutor = RemotingExecutors.bounded("ordered-tiny", 1, 1);
        LaneKey byKey = request -> request.extField("key").hashCode();
        RequestProcessor recorder = (channel, request) -> {
            String key = request.extField("key");
            if (request.extField("block") != null) {
                blocked.incrementAndGet();
                release.await(10, TimeUnit.SECONDS);
            }
            seen.computeIfAbsent(key, k -> new CopyOnWriteArrayList<>()).add(Integer.parseInt(request.extField("seq")));
            return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null);
        };
        server.registerOrderedProcessor(ORDERED, recorder, new LaneGroup(executor, 4, 10_000), byKey);
        server.registerOrderedProcessor(SMALL_LANES, recorder, new LaneGroup(tinyExecutor, 2, 2), byKey);
        server.registerProcessor(UNORDERED_BLOCKING, recorder, tinyExecutor);
        server.registerOrderedProcessor(ORDERED_CHEAP, new RequestProcessor() {
            @Override
            public RemotingCommand processRequest(Channel channel, RemotingCommand request) throws Exception {
                if (channel.eventLoop().inEventLoop()) {
                    onEventLoop.add(Integer.parseInt(request.extField("seq")));
                }
                return recorder.processRequest(channel, request);
            }

            @Override
            public boolean processesOnEventLoop(Channel channel, RemotingCommand request) {
                return request.extField("cheap") != null;
            }
        }, new LaneGroup(executor, 4, 10_000), byKey);
        server.start();
        address = "127.0.0.1:" + server.localPort();
        client = new NettyRemotingClient(new NettyClientConfig());
        client.start();
    }

    @AfterEach
    void stop() throws Exception {
        release.countDown();
        client.shutdown();
        server.shutdown();
        executor.shutdownNow();
        tinyExecutor.shutdownNow();
        assertTrue(executor.awaitTermination(5, TimeUnit.SECONDS));
        assertTrue(tinyExecutor.awaitTermination(5, TimeUnit.SECONDS));
    }

    private static RemotingCommand request(int code, String key, int seq) {
        return RemotingCommand.createRequest(code).putExtField("key", key).putExtField("seq", String.valueOf(seq));
    }

    @Test
    void pipelinedRequestsOfOneKeyAreProcessedInArrivalOrder() throws Exception {
        int perKey = 3_000;
        String[] keys = {"q0", "q1", "q2", "q3", "q4", "q5"};
        List<CompletableFuture<RemotingCommand>> answers = new ArrayList<>();
        for (int i = 0; i < perKey; i++) {
            for (String key : keys) {
                RemotingCommand r = request(ORDERED, key, i);
                if (i % 3 == 2) {
                    client.invokeOneway(address, r, 5_000); // oneway requests keep their place too
                } else {
                    answers.add(client.invokeAsync(address, r, 30_000));
                }
            }
        }
        for (CompletableFuture<RemotingCommand> answer : answers) {
            assertEquals(ResponseCode.SUCCESS, answer.get(30, TimeUnit.SECONDS).code());
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> seen.values().stream().mapToInt(List::size).sum()
                == perKey * keys.length);
        for (String key : keys) {
            List<Integer> order = seen.get(key);
            for (int i = 0; i < perKey; i++) {
                assertEquals(i, order.get(i), "request " + i + " of " + key + " out of order");
            }
        }
    }

    @Test
    void aStuckKeyDoesNotHoldUpOtherKeys() throws Exception {
        RemotingCommand stuck = request(ORDERED, "stuck", 0).putExtField("block", "yes");
        CompletableFuture<RemotingCommand> stuckAnswer = client.invokeAsync(address, stuck, 30_000);
        await().atMost(Duration.ofSeconds(10)).until(() -> blocked.get() == 1);
        CompletableFuture<RemotingCommand> behindStuck = client.invokeAsync(address, request(ORDERED, "stuck", 1),
                30_000);
        // "other" lands on another lane of the 4: find a key that does, so the test does not depend on hash values
        String other = otherLaneKey("stuck", 4);
        for (int i = 0; i < 100; i++) {
            assertEquals(ResponseCode.SUCCESS, client.invokeSync(address, request(ORDERED, other, i), 10_000).code());
        }
        assertTrue(!behindStuck.isDone(), "a request behind the stuck one of its key must wait for it");
        release.countDown();
        assertEquals(ResponseCode.SUCCESS, stuckAnswer.get(10, TimeUnit.SECONDS).code());
        assertEquals(ResponseCode.SUCCESS, behindStuck.get(10, TimeUnit.SECONDS).code());
        assertEquals(List.of(0, 1), seen.get("stuck"));
    }

    @Test
    void aFullLaneOrExecutorAnswersSystemBusy() throws Exception {
        // the tiny executor: 1 thread, queue of 1; lanes of at most 2 pending requests
        CompletableFuture<RemotingCommand> running = client.invokeAsync(address,
                request(SMALL_LANES, "a", 0).putExtField("block", "yes"), 30_000);
        await().atMost(Duration.ofSeconds(10)).until(() -> blocked.get() == 1);
        CompletableFuture<RemotingCommand> queuedInLane = client.invokeAsync(address, request(SMALL_LANES, "a", 1),
                30_000);
        RemotingCommand laneFull = client.invokeSync(address, request(SMALL_LANES, "a", 2), 10_000);
        assertEquals(ResponseCode.SYSTEM_BUSY, laneFull.code(), "a lane holding its maximum refuses more");
        // fill the executor's one queue slot with an unordered request (it arrives first on this connection), then a
        // new lane cannot submit its drain
        CompletableFuture<RemotingCommand> queuedInExecutor = client.invokeAsync(address,
                request(UNORDERED_BLOCKING, "u", 0), 30_000);
        String otherLane = otherLaneKey("a", 2);
        assertEquals(ResponseCode.SYSTEM_BUSY, client.invokeSync(address, request(SMALL_LANES, otherLane, 0),
                10_000).code(), "a full executor refuses a lane's drain");
        release.countDown();
        for (CompletableFuture<RemotingCommand> answer : List.of(running, queuedInLane, queuedInExecutor)) {
            assertEquals(ResponseCode.SUCCESS, answer.get(10, TimeUnit.SECONDS).code());
        }
        assertEquals(List.of(0, 1), seen.get("a"), "the refused request was not processed, the others in order");
        // the lanes drained: they accept again
        assertEquals(ResponseCode.SUCCESS, client.invokeSync(address, request(SMALL_LANES, "a", 3), 10_000).code());
        assertEquals(ResponseCode.SUCCESS,
                client.invokeSync(address, request(SMALL_LANES, otherLane, 1), 10_000).code());
    }

    @Test
    void aCheapRequestRunsOnTheEventLoopOnlyWhileItsLaneIsIdle() throws Exception {
        RemotingCommand first = request(ORDERED_CHEAP, "k", 0).putExtField("cheap", "yes");
        assertEquals(ResponseCode.SUCCESS, client.invokeSync(address, first, 10_000).code());
        assertEquals(List.of(0), onEventLoop, "an idle lane: processed right on the event loop");

        CompletableFuture<RemotingCommand> stuck = client.invokeAsync(address,
                request(ORDERED_CHEAP, "k", 1).putExtField("block", "yes"), 30_000);
        await().atMost(Duration.ofSeconds(10)).until(() -> blocked.get() == 1);
        for (int i = 2; i < 50; i++) {
            client.invokeOneway(address, request(ORDERED_CHEAP, "k", i).putExtField("cheap", "yes"), 5_000);
        }
        RemotingCommand last = request(ORDERED_CHEAP, "k", 50).putExtField("cheap", "yes");
        CompletableFuture<RemotingCommand> lastAnswer = client.invokeAsync(address, last, 30_000);
        Thread.sleep(200); // time they would need to overtake the stuck request, were they processed at once
        assertEquals(List.of(0), seen.get("k"), "cheap requests behind a busy lane must wait their turn");
        release.countDown();
        assertEquals(ResponseCode.SUCCESS, stuck.get(10, TimeUnit.SECONDS).code());
        assertEquals(ResponseCode.SUCCESS, lastAnswer.get(10, TimeUnit.SECONDS).code());
        List<Integer> expected = new ArrayList<>();
        for (int i = 0; i <= 50; i++) {
            expected.add(i);
        }
        assertEquals(expected, seen.get("k"), "all in arrival order");
        assertEquals(List.of(0), onEventLoop, "queued behind the busy lane, they ran on the executor");

        RemotingCommand afterwards = request(ORDERED_CHEAP, "k", 51).putExtField("cheap", "yes");
        assertEquals(ResponseCode.SUCCESS, client.invokeSync(address, afterwards, 10_000).code());
        assertEquals(List.of(0, 51), onEventLoop, "the lane drained: idle again");
    }

    @Test
    void cheapAndQueuedRequestsOfOneKeyMixedKeepTheirOrder() throws Exception {
        int count = 6_000;
        List<CompletableFuture<RemotingCommand>> answers = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            RemotingCommand r = request(ORDERED_CHEAP, "mixed", i);
            if (i % 3 != 0) {
                r.putExtField("cheap", "yes");
            }
            if (i % 2 == 0) {
                client.invokeOneway(address, r, 5_000);
            } else {
                answers.add(client.invokeAsync(address, r, 30_000));
            }
        }
        for (CompletableFuture<RemotingCommand> answer : answers) {
            assertEquals(ResponseCode.SUCCESS, answer.get(30, TimeUnit.SECONDS).code());
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> seen.getOrDefault("mixed", List.of()).size() == count);
        List<Integer> order = seen.get("mixed");
        for (int i = 0; i < count; i++) {
            assertEquals(i, order.get(i), "request " + i + " out of order");
        }
    }

    private static String otherLaneKey(String key, int lanes) {
        int lane = Math.floorMod(key.hashCode(), lanes);
        for (int i = 0; ; i++) {
            String candidate = "other" + i;
            if (Math.floorMod(candidate.hashCode(), lanes) != lane) {
                return candidate;
            }
        }
    }
}

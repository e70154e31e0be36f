package dev.apogee.remoting.netty;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.SerializeType;
import io.netty.util.ResourceLeakDetector;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Throws random and mutated frames at a running server over real sockets, then checks that a well-behaved client
 * is still served correctly, that every hostile connection was closed, and that neither heap nor pooled buffers
 * leaked. Bounded in time; seeded, so a failure can be replayed with the printed seed.
 */
@Tag("slow")
class FrameFuzzTest {
    private static final int ECHO = 100;
    private static final int TARGET_FRAMES = 30_000;
    private static final long MAX_FUZZ_MILLIS = 40_000;
    private static final int WORKERS = 8;
    private static final int MAX_FRAME = 16 * 1024 * 1024;
    private static final String[] QUIET_LOGGERS = {
        FrameDecoder.class.getName(), RemotingEndpoint.class.getName(), "dev.apogee.remoting.netty.ResponseTable",
        "dev.apogee.remoting.netty.RemotingResponder", "dev.apogee.remoting.netty.RequestDispatcher"};

    private final AtomicLong framesSent = new AtomicLong();
    private final AtomicLong connections = new AtomicLong();
    private final AtomicLong stalled = new AtomicLong();
    private final AtomicLong responsesRead = new AtomicLong();
    private final AtomicLong wrongAnswers = new AtomicLong();

    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void hostileFramesNeitherBreakNorLeak() throws Exception {
        long seed = Long.getLong("fuzz.seed", System.nanoTime());
        System.out.println("FrameFuzzTest seed " + seed + " (replay with -Dfuzz.seed=" + seed + ")");
        ResourceLeakDetector.Level leakLevel = ResourceLeakDetector.getLevel();
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.PARANOID);
        Map<String, Level> levels = quietLogs();
        ListAppender<ILoggingEvent> leaks = captureLeakReports();
        ExecutorService processors = RemotingExecutors.bounded("fuzz-processors", 2, 10_000);
        NettyRemotingServer server = new NettyRemotingServer(new NettyServerConfig().setBindAddress("127.0.0.1")
                .setMaxFrameLength(MAX_FRAME));
        server.registerProcessor(ECHO, (channel, request) -> RemotingCommand
                .createResponse(request, ResponseCode.SUCCESS, request.extField("value")).body(request.body()),
                processors);
        NettyRemotingClient client = new NettyRemotingClient(new NettyClientConfig());
        ExecutorService fuzzers = Executors.newFixedThreadPool(WORKERS + 1);
        try {
            server.start();
            client.start();
            String address = "127.0.0.1:" + server.localPort();
            checkServed(client, address, 20); // warm up before the baseline
            long heapBefore = usedHeapAfterGc();

            AtomicBoolean stop = new AtomicBoolean();
            List<Future<?>> tasks = new ArrayList<>();
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(MAX_FUZZ_MILLIS);
            for (int w = 0; w < WORKERS; w++) {
                SplittableRandom random = new SplittableRandom(seed + w);
                tasks.add(fuzzers.submit(() -> {
                    while (framesSent.get() < TARGET_FRAMES && System.nanoTime() < deadline) {
                        attack(server.localPort(), random);
                    }
                    return null;
                }));
            }
            tasks.add(fuzzers.submit(() -> { // a well-behaved client keeps working during the attack
                while (!stop.get()) {
                    checkServed(client, address, 1);
                }
                return null;
            }));
            for (int i = 0; i < WORKERS; i++) {
                tasks.get(i).get(MAX_FUZZ_MILLIS + 20_000, TimeUnit.MILLISECONDS);
            }
            stop.set(true);
            tasks.get(WORKERS).get(10, TimeUnit.SECONDS);
            System.out.printf("FrameFuzzTest: %d frames over %d connections, %d responses read, %d stalled%n",
                    framesSent.get(), connections.get(), responsesRead.get(), stalled.get());

            assertTrue(framesSent.get() >= 10_000, "only " + framesSent.get() + " frames sent in time");
            assertEquals(0, stalled.get(), "connections the server neither answered nor closed");
            assertEquals(0, wrongAnswers.get(), "valid requests answered wrongly");
            await().atMost(Duration.ofSeconds(10)).until(() -> server.connectionCount() <= 1);
            checkServed(client, address, 200);
            assertEquals(0, client.pendingRequests());
            assertEquals(0, server.pendingRequests());

            long heapAfter = usedHeapAfterGc();
            System.out.printf("FrameFuzzTest: used heap %d MiB before, %d MiB after%n", heapBefore >> 20,
                    heapAfter >> 20);
            assertTrue(heapAfter - heapBefore < 64L << 20,
                    "heap grew by " + ((heapAfter - heapBefore) >> 20) + " MiB");
            checkServed(client, address, 10); // gives the leak detector allocations to report on
            assertTrue(leaks.list.isEmpty(), () -> "buffer leaks: " + leaks.list);
        } finally {
            fuzzers.shutdownNow();
            client.shutdown();
            server.shutdown();
            processors.shutdownNow();
            ResourceLeakDetector.setLevel(leakLevel);
            restoreLogs(levels);
            ((Logger) LoggerFactory.getLogger("io.netty.util.ResourceLeakDetector")).detachAppender(leaks);
        }
    }

    private static void checkServed(NettyRemotingClient client, String address, int calls) throws Exception {
        for (int i = 0; i < calls; i++) {
            SerializeType type = SerializeType.values()[i % 2];
            byte[] body = ("body-" + i).getBytes(StandardCharsets.UTF_8);
            RemotingCommand request = RemotingCommand.createRequest(ECHO).putExtField("value", "v" + i).body(body)
                    .serializeType(type);
            RemotingCommand response = client.invokeSync(address, request, 5000);
            assertEquals(ResponseCode.SUCCESS, response.code());
            assertEquals(request.opaque(), response.opaque());
            assertEquals("v" + i, response.remark());
            assertArrayEquals(body, response.body());
        }
    }

    /** One hostile connection: a few frames in one write, then half-close and drain until the server closes. */
    private void attack(int port, SplittableRandom random) {
        connections.incrementAndGet();
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(3000);
            socket.setTcpNoDelay(true);
            int frames = 1 + random.nextInt(4);
            OutputStream out = socket.getOutputStream();
            if (random.nextInt(3) == 0) { // first a valid request on this connection, answered before the attack
                out.write(FuzzFrames.SEEDS[0]);
                framesSent.incrementAndGet();
                RemotingCommand response = ServerClientBehaviourTest.readFrame(
                        new java.io.DataInputStream(socket.getInputStream()));
                if (response.code() != ResponseCode.SUCCESS || !response.isResponse()) {
                    wrongAnswers.incrementAndGet();
                }
                responsesRead.incrementAndGet();
            }
            for (int i = 0; i < frames; i++) {
                out.write(FuzzFrames.next(random));
                framesSent.incrementAndGet();
            }
            out.flush();
            socket.shutdownOutput();
            drain(socket.getInputStream());
        } catch (SocketTimeoutException e) {
            stalled.incrementAndGet();
        } catch (IOException e) {
            // reset by the server after a bad frame: expected
        } catch (Exception e) {
            wrongAnswers.incrementAndGet();
        }
    }

    private void drain(InputStream in) throws IOException {
        byte[] buffer = new byte[8192];
        int read;
        while ((read = in.read(buffer)) >= 0) {
            if (read > 0) {
                responsesRead.incrementAndGet();
            }
        }
    }

    private static long usedHeapAfterGc() throws InterruptedException {
        Runtime runtime = Runtime.getRuntime();
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 4; i++) {
            System.gc();
            Thread.sleep(50); // let the collector and reference processing finish: a measurement, not a wait
            used = Math.min(used, runtime.totalMemory() - runtime.freeMemory());
        }
        return used;
    }

    private static Map<String, Level> quietLogs() {
        Map<String, Level> levels = new java.util.HashMap<>();
        for (String name : QUIET_LOGGERS) {
            Logger logger = (Logger) LoggerFactory.getLogger(name);
            levels.put(name, logger.getLevel());
            logger.setLevel(Level.ERROR);
        }
        return levels;
    }

    private static void restoreLogs(Map<String, Level> levels) {
        levels.forEach((name, level) -> ((Logger) LoggerFactory.getLogger(name)).setLevel(level));
    }

    private static ListAppender<ILoggingEvent> captureLeakReports() {
        ListAppender<ILoggingEvent> appender = new ListAppender<>();
        appender.start();
        ((Logger) LoggerFactory.getLogger("io.netty.util.ResourceLeakDetector")).addAppender(appender);
        return appender;
    }

    /** Generates hostile frames: mutations of valid frames of both header types, and plain garbage. */
    static final class FuzzFrames {
        static final byte[][] SEEDS = seeds();

        private FuzzFrames() {
        }

        private static byte[][] seeds() {
            List<byte[]> seeds = new ArrayList<>();
            for (SerializeType type : SerializeType.values()) {
                seeds.add(ServerClientBehaviourTest.encode(RemotingCommand.createRequest(ECHO).serializeType(type)
                        .putExtField("value", "x\u0001✓").putExtField("topic", "T").remark("r").body(new byte[40])));
                seeds.add(ServerClientBehaviourTest.encode(RemotingCommand.createRequest(ECHO).serializeType(type)));
                seeds.add(ServerClientBehaviourTest.encode(RemotingCommand.createRequest(7).serializeType(type)
                        .flag(1).putExtField("a", "b")));
            }
            return seeds.toArray(new byte[0][]);
        }

        static byte[] next(SplittableRandom random) {
            byte[] seed = SEEDS[random.nextInt(SEEDS.length)].clone();
            switch (random.nextInt(11)) {
                case 0 -> {
                    return flip(seed, random, 1 + random.nextInt(8));
                }
                case 1 -> {
                    int[] lies = {0, 1, 3, 4, 5, Integer.MAX_VALUE, -1, Integer.MIN_VALUE, MAX_FRAME + 1,
                        seed.length - 4 + 1 + random.nextInt(100), Math.max(4, seed.length - 5 - random.nextInt(8)),
                        random.nextInt()};
                    ByteBuffer.wrap(seed).putInt(0, lies[random.nextInt(lies.length)]);
                    return seed;
                }
                case 2 -> {
                    return Arrays.copyOf(seed, random.nextInt(seed.length));
                }
                case 3 -> {
                    byte[] garbage = new byte[random.nextInt(2048)];
                    random.nextBytes(garbage);
                    return garbage;
                }
                case 4 -> {
                    int headerLength = random.nextBoolean() ? 0xFFFFFF : seed.length + random.nextInt(1 << 20);
                    ByteBuffer.wrap(seed).put(5, (byte) (headerLength >>> 16)).putShort(6, (short) headerLength);
                    return seed;
                }
                case 5 -> {
                    seed[4] = (byte) (2 + random.nextInt(254));
                    return seed;
                }
                case 6 -> {
                    return deepJson(random);
                }
                case 7 -> {
                    ByteBuffer buffer = ByteBuffer.wrap(seed);
                    if (buffer.get(4) == 1 && seed.length >= 8 + 21) { // binary header: lie about remark/map length
                        buffer.putInt(8 + (random.nextBoolean() ? 13 : 17), random.nextInt());
                        return seed;
                    }
                    return flip(seed, random, 3);
                }
                case 8 -> {
                    return splice(seed, random);
                }
                case 9 -> {
                    return seed; // valid frames keep the server busy answering
                }
                default -> {
                    return flip(splice(seed, random), random, 2);
                }
            }
        }

        private static byte[] flip(byte[] frame, SplittableRandom random, int count) {
            for (int i = 0; i < count && frame.length > 0; i++) {
                frame[random.nextInt(frame.length)] ^= (byte) (1 + random.nextInt(255));
            }
            return frame;
        }

        /** Inserts random bytes into the header region and fixes up both length words, so the frame parses. */
        private static byte[] splice(byte[] frame, SplittableRandom random) {
            int headerLength = ByteBuffer.wrap(frame).getInt(4) & 0xFFFFFF;
            int at = 8 + random.nextInt(Math.max(1, headerLength));
            byte[] insert = new byte[1 + random.nextInt(16)];
            random.nextBytes(insert);
            byte[] spliced = new byte[frame.length + insert.length];
            System.arraycopy(frame, 0, spliced, 0, at);
            System.arraycopy(insert, 0, spliced, at, insert.length);
            System.arraycopy(frame, at, spliced, at + insert.length, frame.length - at);
            ByteBuffer buffer = ByteBuffer.wrap(spliced);
            buffer.putInt(0, spliced.length - 4);
            buffer.putInt(4, (frame[4] << 24) | (headerLength + insert.length));
            return spliced;
        }

        private static byte[] deepJson(SplittableRandom random) {
            int depth = 100 + random.nextInt(100_000);
            StringBuilder json = new StringBuilder(depth * 6 + 32).append("{\"code\":").append(ECHO)
                    .append(",\"extFields\":");
            String open = random.nextBoolean() ? "[" : "{\"a\":";
            json.append(open.repeat(depth));
            json.append(random.nextBoolean() ? "1" : ""); // sometimes unterminated
            byte[] header = json.toString().getBytes(StandardCharsets.UTF_8);
            ByteBuffer frame = ByteBuffer.allocate(8 + header.length);
            frame.putInt(4 + header.length).putInt(header.length).put(header);
            return frame.array();
        }
    }
}

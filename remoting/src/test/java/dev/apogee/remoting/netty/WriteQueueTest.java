package dev.apogee.remoting.netty;

import dev.apogee.remoting.codec.RemotingCommandCodec;
import dev.apogee.remoting.protocol.BodyWriter;
import dev.apogee.remoting.protocol.RemotingCommand;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.DefaultEventLoop;
import io.netty.channel.DefaultEventLoopGroup;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.EncoderException;
import io.netty.channel.local.LocalAddress;
import io.netty.channel.local.LocalChannel;
import io.netty.channel.local.LocalServerChannel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link WriteQueue}: commands leave as the codec's frames (a command that cannot be encoded fails only its own
 * write), a burst of writes leaves in one flush, a lone write is flushed without waiting for more, a write
 * on the event loop goes out at once, order is kept (also between threads writing at once over a real connection),
 * and writes to a channel whose event loop is gone fail instead of hanging.
 */
class WriteQueueTest {

    /** Counts flushes reaching the head of the client's pipeline (event loop writes, test thread reads). */
    private static final class FlushCounter extends ChannelOutboundHandlerAdapter {
        final AtomicInteger flushes = new AtomicInteger();

        @Override
        public void flush(ChannelHandlerContext ctx) {
            flushes.incrementAndGet();
            ctx.flush();
        }
    }

    private final DefaultEventLoopGroup loop = new DefaultEventLoopGroup(1);
    private final List<Integer> received = new CopyOnWriteArrayList<>();
    private final FlushCounter counter = new FlushCounter();
    private Channel client;

    /** A local (in-JVM) connection whose server side records what arrives; both ends on one event loop thread. */
    @BeforeEach
    void connect() throws Exception {
        LocalAddress address = new LocalAddress("write-queue-test-" + System.nanoTime());
        new ServerBootstrap().group(loop).channel(LocalServerChannel.class)
                .childHandler(new ChannelInitializer<LocalChannel>() {
                    @Override
                    protected void initChannel(LocalChannel channel) {
                        channel.pipeline().addLast(new FrameDecoder(1 << 20), new ChannelInboundHandlerAdapter() {
                            @Override
                            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                                received.add(seq(msg));
                            }
                        });
                    }
                }).bind(address).sync();
        client = new Bootstrap().group(loop).channel(LocalChannel.class).handler(counter).connect(address).sync()
                .channel();
    }

    @AfterEach
    void close() throws Exception {
        loop.shutdownGracefully(0, 0, TimeUnit.SECONDS).sync();
    }

    private static RemotingCommand command(int seq) {
        return RemotingCommand.createRequest(1).putExtField("seq", String.valueOf(seq));
    }

    private static int seq(Object written) {
        return Integer.parseInt(((RemotingCommand) written).extField("seq"));
    }

    /** Holds the event loop until the returned latch is released, so that writes pile up meanwhile. */
    private CountDownLatch holdEventLoop() throws Exception {
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        client.eventLoop().execute(() -> {
            held.countDown();
            try {
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        assertTrue(held.await(10, TimeUnit.SECONDS));
        return release;
    }

    private void assertReceivedInOrder(int count) {
        await().atMost(Duration.ofSeconds(10)).until(() -> received.size() == count);
        for (int i = 0; i < count; i++) {
            assertEquals(i, received.get(i));
        }
    }

    @Test
    void aBurstOfWritesLeavesInOrderInOneFlush() throws Exception {
        int flushesBefore = counter.flushes.get();
        WriteQueue queue = WriteQueue.of(client);
        assertSame(queue, WriteQueue.of(client), "one queue per channel");
        CountDownLatch release = holdEventLoop();
        List<ChannelFuture> futures = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            futures.add(queue.write(command(i)));
        }
        release.countDown();
        for (ChannelFuture future : futures) {
            assertTrue(future.await(10, TimeUnit.SECONDS));
            assertTrue(future.isSuccess());
        }
        assertReceivedInOrder(5);
        assertEquals(1, counter.flushes.get() - flushesBefore);
    }

    @Test
    void aLoneWriteIsFlushedWithoutWaitingForAnother() throws Exception {
        int flushesBefore = counter.flushes.get();
        assertTrue(WriteQueue.of(client).write(command(0)).await(10, TimeUnit.SECONDS));
        assertReceivedInOrder(1);
        assertEquals(1, counter.flushes.get() - flushesBefore);
    }

    @Test
    void aWriteOnTheEventLoopGoesOutAtOnce() throws Exception {
        ChannelFuture written = client.eventLoop().submit(() -> WriteQueue.of(client).write(command(0)))
                .get(10, TimeUnit.SECONDS);
        assertTrue(written.isDone(), "written and flushed by the call itself, not by a later task");
        assertReceivedInOrder(1);
    }

    @Test
    void moreThanOneDrainsWorthIsFlushedInSeveralDrainsInOrder() throws Exception {
        int flushesBefore = counter.flushes.get();
        int total = WriteQueue.MAX_WRITES_PER_DRAIN * 2 + 7;
        CountDownLatch release = holdEventLoop();
        ChannelFuture last = null;
        for (int i = 0; i < total; i++) {
            last = WriteQueue.of(client).write(command(i));
        }
        release.countDown();
        assertTrue(last.await(10, TimeUnit.SECONDS));
        assertReceivedInOrder(total);
        assertEquals(3, counter.flushes.get() - flushesBefore);
    }

    @Test
    void aDeferredCommandIsBuiltAtItsTurnAndABuildFailureFailsOnlyItsOwnWrite() throws Exception {
        CountDownLatch release = holdEventLoop();
        AtomicInteger seqAtBuild = new AtomicInteger(-1);
        ChannelFuture first = WriteQueue.of(client).write(command(0));
        ChannelFuture deferred = WriteQueue.of(client).write((DeferredCommand) () -> command(seqAtBuild.get()));
        ChannelFuture failing = WriteQueue.of(client).write((DeferredCommand) () -> {
            throw new IllegalStateException("cannot build");
        });
        ChannelFuture last = WriteQueue.of(client).write(command(2));
        seqAtBuild.set(1); // changed after queueing, before the drain: the build must see it
        release.countDown();
        assertTrue(last.await(10, TimeUnit.SECONDS));
        assertTrue(first.isSuccess() && deferred.isSuccess() && last.isSuccess());
        assertTrue(failing.await(10, TimeUnit.SECONDS));
        assertInstanceOf(IllegalStateException.class, failing.cause());
        assertReceivedInOrder(3);
    }

    @Test
    void writesToAChannelWhoseEventLoopIsGoneFailInsteadOfHanging() throws Exception {
        DefaultEventLoop loop = new DefaultEventLoop();
        Channel channel = new LocalChannel();
        loop.register(channel).sync();
        loop.shutdownGracefully(0, 0, TimeUnit.SECONDS).sync();
        for (int attempt = 0; attempt < 2; attempt++) { // the queue stays usable: each later write fails too
            ChannelFuture future = WriteQueue.of(channel).write(command(attempt));
            assertTrue(future.await(5, TimeUnit.SECONDS));
            assertInstanceOf(RejectedExecutionException.class, future.cause());
        }
    }

    @Test
    void aCommandLeavesAsTheFrameTheCodecMakesAndAFrameAsItIs() {
        EmbeddedChannel channel = new EmbeddedChannel();
        RemotingCommand command = RemotingCommand.createRequest(10).opaque(7)
                .body("hello".getBytes(StandardCharsets.UTF_8));
        assertTrue(WriteQueue.of(channel).write(command).isSuccess());
        ByteBuf frame = Unpooled.wrappedBuffer(new byte[] {1, 2, 3});
        assertTrue(WriteQueue.of(channel).write(frame).isSuccess());
        ByteBuf written = channel.readOutbound();
        ByteBuf expected = RemotingCommandCodec.encode(command, UnpooledByteBufAllocator.DEFAULT);
        try {
            assertEquals(ByteBufUtil.hexDump(expected), ByteBufUtil.hexDump(written));
            assertSame(frame, channel.readOutbound(), "a frame passes untouched");
            assertEquals(2, WriteQueue.of(channel).written());
        } finally {
            written.release();
            expected.release();
            frame.release();
        }
        assertFalse(channel.finish());
    }

    @Test
    void aCommandThatCannotBeEncodedFailsItsWriteAndTheChannelStaysOpen() {
        EmbeddedChannel channel = new EmbeddedChannel();
        RemotingCommand broken = RemotingCommand.createRequest(10).bodyWriter(new BodyWriter() {
            @Override
            public int length() {
                return 4;
            }

            @Override
            public void writeTo(ByteBuffer out) {
                throw new IllegalStateException("cannot write");
            }
        });
        ChannelFuture write = WriteQueue.of(channel).write(broken);
        assertFalse(write.isSuccess());
        assertInstanceOf(EncoderException.class, write.cause());
        assertEquals("cannot write", write.cause().getCause().getMessage());
        assertNull(channel.readOutbound(), "nothing written");
        assertTrue(channel.isOpen());
        assertEquals(0, WriteQueue.of(channel).written());
        assertTrue(WriteQueue.of(channel).write(RemotingCommand.createRequest(11)).isSuccess(),
                "the next command goes out");
        ByteBuf written = channel.readOutbound();
        written.release();
        channel.finish();
    }

    @Test
    void onewayRequestsFromManyThreadsArriveCompleteAndInEachThreadsOrder() throws Exception {
        int threads = 4;
        int perThread = 5_000;
        Map<String, List<Integer>> seen = new ConcurrentHashMap<>();
        ExecutorService processor = RemotingExecutors.bounded("write-queue-test", 1, 100_000);
        NettyRemotingServer server = new NettyRemotingServer(new NettyServerConfig().setBindAddress("127.0.0.1"));
        // one processing thread: the order the processor sees is the order the requests arrived in
        server.registerProcessor(1, (ch, request) -> {
            seen.computeIfAbsent(request.extField("thread"), k -> new CopyOnWriteArrayList<>())
                    .add(Integer.parseInt(request.extField("seq")));
            return null;
        }, processor);
        server.start();
        NettyRemotingClient client = new NettyRemotingClient(new NettyClientConfig());
        client.start();
        ExecutorService senders = Executors.newFixedThreadPool(threads);
        try {
            String address = "127.0.0.1:" + server.localPort();
            List<Future<?>> running = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                String thread = "t" + t;
                running.add(senders.submit(() -> {
                    for (int i = 0; i < perThread; i++) {
                        client.invokeOneway(address, command(i).putExtField("thread", thread), 10_000);
                    }
                    return null;
                }));
            }
            for (Future<?> sender : running) {
                sender.get(60, TimeUnit.SECONDS);
            }
            await().atMost(Duration.ofSeconds(60)).until(() -> seen.values().stream().mapToInt(List::size).sum()
                    == threads * perThread);
            for (int t = 0; t < threads; t++) {
                List<Integer> order = seen.get("t" + t);
                assertEquals(perThread, order.size());
                for (int i = 0; i < perThread; i++) {
                    assertEquals(i, order.get(i), "request " + i + " of thread " + t + " out of order");
                }
            }
        } finally {
            senders.shutdownNow();
            client.shutdown();
            server.shutdown();
            processor.shutdownNow();
        }
    }
}

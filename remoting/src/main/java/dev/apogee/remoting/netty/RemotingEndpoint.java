package dev.apogee.remoting.netty;

import dev.apogee.remoting.exception.RemotingSendRequestException;
import dev.apogee.remoting.exception.RemotingTimeoutException;
import dev.apogee.remoting.exception.RemotingTooMuchRequestException;
import dev.apogee.remoting.protocol.RemotingCommand;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.timeout.IdleStateEvent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * What server and client share: request dispatch to processors, the response correlation table with its timeout
 * scanner, connection events, and the three ways to invoke a remote peer over a channel (sync, async, oneway).
 * Both directions run over one connection, so a server can call its clients and a client answers server requests.
 *
 * <p>Threads: event loops run the handlers below; processors run on their own executors; async completions run on
 * the callback executor; the scanner thread expires requests every {@value #SCAN_INTERVAL_MILLIS} ms.
 */
public abstract class RemotingEndpoint {
    private static final Logger LOG = LoggerFactory.getLogger(RemotingEndpoint.class);
    private static final long SCAN_INTERVAL_MILLIS = 100;

    private final ProcessorTable processors = new ProcessorTable();
    private final ResponseTable responses = new ResponseTable();
    private final RequestDispatcher dispatcher = new RequestDispatcher(processors);
    private final Permits asyncPermits;
    private final Permits onewayPermits;
    private final ExecutorService callbackExecutor;
    private final ScheduledExecutorService scanner;
    private final CommandHandler commandHandler = new CommandHandler();
    private ChannelEventDispatcher events;
    private ConnectionHandler connectionHandler;
    private volatile RequestObserver requestObserver;

    protected RemotingEndpoint(String name, int asyncPermits, int onewayPermits, int callbackThreads) {
        this.asyncPermits = new Permits(asyncPermits);
        this.onewayPermits = new Permits(onewayPermits);
        this.callbackExecutor = RemotingExecutors.bounded(name + "-callback", callbackThreads, 65_536);
        this.scanner = new ScheduledThreadPoolExecutor(1, new NamedThreadFactory(name + "-timeout-scanner", true));
        setChannelEventListener(null, name);
    }

    /** Registers the processor and executor for a request code. Call before {@code start()}. */
    public void registerProcessor(int requestCode, RequestProcessor processor, ExecutorService executor) {
        processors.register(requestCode, processor, executor);
    }

    /**
     * Registers a processor whose requests are processed in arrival order per connection and {@link LaneKey}: two
     * requests of one connection with equal keys in {@code lanes} never run at the same time, and the later one
     * starts after the earlier one's {@code processRequest} returned. See {@link LaneGroup}. Call before
     * {@code start()}.
     */
    public void registerOrderedProcessor(int requestCode, RequestProcessor processor, LaneGroup lanes,
            LaneKey laneKey) {
        processors.registerOrdered(requestCode, processor, lanes, laneKey);
    }

    /** The processor for codes without their own registration. Without one they get REQUEST_CODE_NOT_SUPPORTED. */
    public void registerDefaultProcessor(RequestProcessor processor, ExecutorService executor) {
        processors.registerDefault(processor, executor);
    }

    /**
     * Installs the check every incoming request passes before its processor (the broker's ACL), or removes it with
     * {@code null}. It runs on the processor's executor; see {@link RequestInterceptor}.
     */
    public void setRequestInterceptor(RequestInterceptor interceptor) {
        dispatcher.setInterceptor(interceptor);
    }

    /**
     * Installs the observer told about every answered request (RPC latency metrics), or removes it with {@code null}.
     * Call before {@code start()}: a server hands it to each connection it accepts ({@link RequestObserver#KEY}).
     */
    public void setRequestObserver(RequestObserver observer) {
        this.requestObserver = observer;
        dispatcher.setTimed(observer != null);
    }

    /** The observer connections accepted from now on report to, or null. */
    protected final RequestObserver requestObserver() {
        return requestObserver;
    }

    protected final void setChannelEventListener(ChannelEventListener listener, String name) {
        this.events = new ChannelEventDispatcher(listener, name + "-channel-events");
        this.connectionHandler = new ConnectionHandler();
    }

    protected void startScanner() {
        scanner.scheduleAtFixedRate(this::scanSafely, SCAN_INTERVAL_MILLIS, SCAN_INTERVAL_MILLIS,
                TimeUnit.MILLISECONDS);
    }

    private void scanSafely() {
        try {
            responses.scanExpired();
        } catch (Throwable t) {
            LOG.error("response table scan failed", t);
        }
    }

    protected void shutdownEndpoint() {
        scanner.shutdownNow();
        responses.failAll("endpoint shut down");
        events.shutdown();
        callbackExecutor.shutdown();
    }

    /** A channel's frame decoder: responses whose request asked for it get their body decoded on arrival. */
    protected ChannelHandler frameDecoder(int maxFrameLength) {
        return new FrameDecoder(maxFrameLength, responses::bodyDecoderOf);
    }

    protected ChannelHandler commandHandler() {
        return commandHandler;
    }

    protected ChannelHandler connectionHandler() {
        return connectionHandler;
    }

    /** Pending requests in the correlation table (for tests and metrics). */
    public int pendingRequests() {
        return responses.size();
    }

    /** Sends {@code request} and waits for its response. */
    public RemotingCommand invokeSync(Channel channel, RemotingCommand request, long timeoutMillis)
            throws RemotingSendRequestException, RemotingTimeoutException, InterruptedException {
        ResponseFuture future = new ResponseFuture(channel, request.opaque(), request.responseBodyDecoder(),
                timeoutMillis, null);
        responses.put(future);
        send(channel, request, future);
        try {
            return future.result().get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            responses.remove(request.opaque());
            throw new RemotingTimeoutException(RemotingAddress.of(channel), timeoutMillis);
        } catch (ExecutionException e) {
            throw rethrow(channel, e.getCause());
        }
    }

    /**
     * Sends {@code request}; the returned future completes with the response on the callback executor, or
     * exceptionally with a {@link dev.apogee.remoting.exception.RemotingException} on timeout or send failure.
     */
    public CompletableFuture<RemotingCommand> invokeAsync(Channel channel, RemotingCommand request,
            long timeoutMillis) {
        return invokeAsync(channel, request, timeoutMillis, false);
    }

    /**
     * {@link #invokeAsync(Channel, RemotingCommand, long)}; with {@code inline} the future completes on the thread
     * that completes the call (the event loop reading the response, the timeout scanner, a failed write's listener)
     * instead of the callback executor: one thread hand-off less on the path of every response, for callers whose
     * dependent stages are short and never block (a consumer's pull loop).
     */
    public CompletableFuture<RemotingCommand> invokeAsync(Channel channel, RemotingCommand request,
            long timeoutMillis, boolean inline) {
        CompletableFuture<RemotingCommand> result = new CompletableFuture<>();
        long startNanos = System.nanoTime();
        try {
            // Never wait for a permit on an event loop (an async call resuming after its connect completed): the
            // responses that would free one may have to be read by this very thread.
            boolean acquired = channel.eventLoop().inEventLoop() ? asyncPermits.tryAcquire()
                    : asyncPermits.tryAcquire(timeoutMillis, TimeUnit.MILLISECONDS);
            if (!acquired) {
                result.completeExceptionally(new RemotingTooMuchRequestException("too many async requests in flight ("
                        + asyncPermits.available() + " permits left) to " + RemotingAddress.of(channel)));
                return result;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            result.completeExceptionally(e);
            return result;
        }
        long left = Math.max(1, timeoutMillis - (System.nanoTime() - startNanos) / 1_000_000L);
        send(channel, request, expect(channel, request, left, asyncPermits, result, inline));
        return result;
    }

    /**
     * Registers the wait for {@code request}'s response (before it is written): {@code result} gets the response,
     * or the failure, on the callback executor (on the completing thread with {@code inline}); {@code permits} get
     * their permit back when it completes.
     */
    ResponseFuture expect(Channel channel, RemotingCommand request, long timeoutMillis, Permits permits,
            CompletableFuture<RemotingCommand> result, boolean inline) {
        ResponseFuture future = new ResponseFuture(channel, request.opaque(), request.responseBodyDecoder(),
                timeoutMillis, permits);
        if (inline) {
            future.result().whenComplete((response, error) -> complete(result, response, error));
        } else {
            future.result().whenComplete((response, error) -> completeOnCallbackThread(result, response, error));
        }
        responses.put(future);
        return future;
    }

    /** The write of a registered request failed: it fails, unless its response or timeout came first. */
    void writeFailed(ResponseFuture future, Throwable cause) {
        if (responses.remove(future.opaque()) != null) {
            future.fail(new RemotingSendRequestException(RemotingAddress.of(future.channel()), cause));
        }
    }

    /** Sends a oneway request: no response is expected; returns once the write completed or failed. */
    public void invokeOneway(Channel channel, RemotingCommand request, long timeoutMillis)
            throws RemotingSendRequestException, RemotingTooMuchRequestException, InterruptedException {
        request.markOneway();
        if (!onewayPermits.tryAcquire(timeoutMillis, TimeUnit.MILLISECONDS)) {
            throw new RemotingTooMuchRequestException("too many oneway requests in flight to "
                    + RemotingAddress.of(channel));
        }
        try {
            WriteQueue.of(channel).write(request).addListener(f -> onewayPermits.release());
        } catch (RuntimeException e) {
            onewayPermits.release();
            throw new RemotingSendRequestException(RemotingAddress.of(channel), e);
        }
    }

    /**
     * Takes a oneway permit for a request to {@code channel} written later through the returned slot; the slot
     * prepares the request with {@code preparer} when it is built.
     */
    OnewaySlot reserveOneway(Channel channel, long timeoutMillis, Consumer<RemotingCommand> preparer)
            throws RemotingTooMuchRequestException, InterruptedException {
        if (!onewayPermits.tryAcquire(timeoutMillis, TimeUnit.MILLISECONDS)) {
            throw new RemotingTooMuchRequestException("too many oneway requests in flight to "
                    + RemotingAddress.of(channel));
        }
        return new OnewaySlot(channel, onewayPermits, preparer);
    }

    /**
     * Takes an async permit for a request to {@code channel} queued later through the returned slot; the slot
     * prepares the request with {@code preparer} when it is built. Waits (bounded) for the permit: never call it on an
     * event loop.
     */
    AnsweredSlot reserveAnswered(Channel channel, long timeoutMillis, Consumer<RemotingCommand> preparer)
            throws RemotingTooMuchRequestException, InterruptedException {
        if (!asyncPermits.tryAcquire(timeoutMillis, TimeUnit.MILLISECONDS)) {
            throw new RemotingTooMuchRequestException("too many async requests in flight ("
                    + asyncPermits.available() + " permits left) to " + RemotingAddress.of(channel));
        }
        return new AnsweredSlot(this, channel, asyncPermits, preparer, timeoutMillis);
    }

    /** Writes a request whose response is already {@link #expect expected}. */
    private void send(Channel channel, RemotingCommand request, ResponseFuture future) {
        try {
            WriteQueue.of(channel).write(request).addListener(f -> {
                if (!f.isSuccess()) {
                    writeFailed(future, f.cause());
                }
            });
        } catch (RuntimeException e) {
            writeFailed(future, e);
        }
    }

    private static void complete(CompletableFuture<RemotingCommand> result, RemotingCommand response,
            Throwable error) {
        if (error != null) {
            result.completeExceptionally(error);
        } else {
            result.complete(response);
        }
    }

    private void completeOnCallbackThread(CompletableFuture<RemotingCommand> result, RemotingCommand response,
            Throwable error) {
        Runnable completion = () -> complete(result, response, error);
        try {
            callbackExecutor.execute(completion);
        } catch (RejectedExecutionException e) {
            completion.run();
        }
    }

    private static RemotingSendRequestException rethrow(Channel channel, Throwable cause)
            throws RemotingTimeoutException {
        if (cause instanceof RemotingSendRequestException send) {
            return send;
        }
        if (cause instanceof RemotingTimeoutException timeout) {
            throw timeout;
        }
        return new RemotingSendRequestException(RemotingAddress.of(channel), cause);
    }

    /** Routes decoded commands: responses to the correlation table, requests to their processors. */
    @ChannelHandler.Sharable
    private final class CommandHandler extends SimpleChannelInboundHandler<RemotingCommand> {
        @Override
        protected void channelRead0(ChannelHandlerContext ctx, RemotingCommand command) {
            if (command.isResponse()) {
                responses.onResponse(ctx.channel(), command);
            } else {
                dispatcher.dispatch(ctx.channel(), command);
            }
        }
    }

    /** Connection life cycle: events to the listener, pending requests failed on close, idle connections closed. */
    @ChannelHandler.Sharable
    private final class ConnectionHandler extends ChannelDuplexHandler {
        @Override
        public void channelActive(ChannelHandlerContext ctx) throws Exception {
            events.publish(ChannelEventDispatcher.Kind.CONNECT, ctx.channel());
            super.channelActive(ctx);
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) throws Exception {
            responses.failChannel(ctx.channel());
            events.publish(ChannelEventDispatcher.Kind.CLOSE, ctx.channel());
            super.channelInactive(ctx);
        }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
            if (event instanceof IdleStateEvent) {
                LOG.info("closing idle connection {}", RemotingAddress.of(ctx.channel()));
                events.publish(ChannelEventDispatcher.Kind.IDLE, ctx.channel());
                ctx.close();
                return;
            }
            super.userEventTriggered(ctx, event);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            LOG.warn("closing connection {} after an exception: {}", RemotingAddress.of(ctx.channel()),
                    cause.toString());
            events.publish(ChannelEventDispatcher.Kind.EXCEPTION, ctx.channel());
            ctx.close();
        }
    }
}

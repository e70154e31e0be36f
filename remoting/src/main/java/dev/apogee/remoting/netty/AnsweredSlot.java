package dev.apogee.remoting.netty;

import dev.apogee.remoting.exception.RemotingSendRequestException;
import dev.apogee.remoting.protocol.RemotingCommand;
import io.netty.channel.Channel;

import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * Room reserved for one answered request on a connection ({@link NettyRemotingClient#reserveAnswered}); see
 * {@link RequestSlot}. It holds one of the endpoint's async permits. The request's response is expected from when it
 * is built, for what is left of the timeout given at reservation. {@link #result()} completes on the endpoint's
 * callback executor with the response, or with a {@link dev.apogee.remoting.exception.RemotingException} (timeout,
 * failed build or write, closed connection). The permit is returned on cancel, on a failed write, or with the
 * response.
 *
 * <p>Threads: {@link #expected} is set when the request is built and read by the write's listener, both on the event
 * loop (volatile for a listener run elsewhere when the event loop is shutting down).
 */
public final class AnsweredSlot extends RequestSlot {
    private final RemotingEndpoint endpoint;
    private final long deadlineNanos;
    private final CompletableFuture<RemotingCommand> result = new CompletableFuture<>();
    /** The registered wait for the response, once the request was built. */
    private volatile ResponseFuture expected;

    AnsweredSlot(RemotingEndpoint endpoint, Channel channel, Permits permits, Consumer<RemotingCommand> preparer,
            long timeoutMillis) {
        super(channel, permits, preparer);
        this.endpoint = endpoint;
        this.deadlineNanos = System.nanoTime() + timeoutMillis * 1_000_000L;
    }

    /** The response, once the request queued through this slot has been answered. */
    public CompletableFuture<RemotingCommand> result() {
        return result;
    }

    @Override
    void built(RemotingCommand request) {
        long leftMillis = Math.max(1, (deadlineNanos - System.nanoTime()) / 1_000_000L);
        expected = endpoint.expect(channel(), request, leftMillis, permits, result, false);
    }

    @Override
    void written(Throwable failure) {
        if (failure == null) {
            return;
        }
        ResponseFuture registered = expected;
        if (registered != null) {
            endpoint.writeFailed(registered, failure); // fails it (and returns the permit) unless already answered
        } else { // never built: nothing was registered
            permits.release();
            result.completeExceptionally(new RemotingSendRequestException(RemotingAddress.of(channel()), failure));
        }
    }
}

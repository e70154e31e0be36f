package dev.apogee.remoting.netty;

import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.ResponseBodyDecoder;
import io.netty.channel.Channel;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A request waiting for its response: the correlation table entry keyed by opaque. Completed exactly once, by the
 * event loop (response arrived), the timeout scanner, or the channel-closed handler; whichever comes first wins.
 */
final class ResponseFuture {
    private final Channel channel;
    private final int opaque;
    private final long deadlineNanos;
    private final long timeoutMillis;
    private final CompletableFuture<RemotingCommand> result = new CompletableFuture<>();
    private final Permits permits;
    private final AtomicBoolean permitReleased = new AtomicBoolean();
    private final ResponseBodyDecoder bodyDecoder;

    /** @param bodyDecoder decodes the response's body on arrival (see {@link ResponseBodyDecoder}), or null */
    ResponseFuture(Channel channel, int opaque, ResponseBodyDecoder bodyDecoder, long timeoutMillis,
            Permits permits) {
        this.channel = channel;
        this.opaque = opaque;
        this.bodyDecoder = bodyDecoder;
        this.timeoutMillis = timeoutMillis;
        this.deadlineNanos = System.nanoTime() + timeoutMillis * 1_000_000L;
        this.permits = permits;
    }

    Channel channel() {
        return channel;
    }

    int opaque() {
        return opaque;
    }

    ResponseBodyDecoder bodyDecoder() {
        return bodyDecoder;
    }

    long timeoutMillis() {
        return timeoutMillis;
    }

    boolean isExpired(long nowNanos) {
        return nowNanos - deadlineNanos > 0;
    }

    CompletableFuture<RemotingCommand> result() {
        return result;
    }

    void complete(RemotingCommand response) {
        releasePermit();
        result.complete(response);
    }

    void fail(Throwable cause) {
        releasePermit();
        result.completeExceptionally(cause);
    }

    private void releasePermit() {
        if (permits != null && permitReleased.compareAndSet(false, true)) {
            permits.release();
        }
    }
}

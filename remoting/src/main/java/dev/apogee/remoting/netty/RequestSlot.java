package dev.apogee.remoting.netty;

import dev.apogee.remoting.protocol.RemotingCommand;
import io.netty.channel.Channel;
import io.netty.channel.ChannelPromise;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Room reserved on a connection for one request that is queued later without waiting, so that a caller can take the
 * endpoint's permit (which may wait) before its own locks and queue the request under them: {@link OnewaySlot} (no
 * answer) or {@link AnsweredSlot}. The request is a {@link DeferredCommand}, built on the event loop when its turn to
 * be written comes. A slot is queued once or cancelled; either returns the permit exactly once (see the subclasses
 * for when).
 *
 * <p>Threads: the reserving thread queues or cancels; the event loop builds the request and runs the write's listener.
 */
public abstract sealed class RequestSlot permits OnewaySlot, AnsweredSlot {
    private final Channel channel;
    final Permits permits;
    /** Prepares a built request for the wire (serialize type, signature). */
    private final Consumer<RemotingCommand> preparer;
    private final AtomicBoolean used = new AtomicBoolean();

    RequestSlot(Channel channel, Permits permits, Consumer<RemotingCommand> preparer) {
        this.channel = channel;
        this.permits = permits;
        this.preparer = preparer;
    }

    /** The connection the request will be written to. */
    public final Channel channel() {
        return channel;
    }

    /**
     * Queues {@code command} on the connection (never waits), built when its turn to be written comes; true when the
     * caller must then call {@link #startDrain()}, once it has released the locks that building the command takes
     * (see {@link WriteQueue#queue}).
     */
    public final boolean queue(DeferredCommand command) {
        if (!used.compareAndSet(false, true)) {
            throw new IllegalStateException("request slot already used");
        }
        try {
            ChannelPromise promise = channel.newPromise();
            promise.addListener(f -> written(f.isSuccess() ? null : f.cause()));
            return WriteQueue.of(channel).queue((DeferredCommand) () -> {
                RemotingCommand request = command.build();
                preparer.accept(request);
                built(request);
                return request;
            }, promise);
        } catch (RuntimeException e) {
            permits.release();
            throw e;
        }
    }

    /** Starts writing what {@link #queue} queued. */
    public final void startDrain() {
        WriteQueue.of(channel).startDrain();
    }

    /** Gives the slot back unused. */
    public final void cancel() {
        if (used.compareAndSet(false, true)) {
            permits.release();
        }
    }

    /** On the event loop: the request was just built and prepared, and is about to be encoded and written. */
    abstract void built(RemotingCommand request);

    /** The write completed: {@code failure} is null when it succeeded, else why it failed (maybe never built). */
    abstract void written(Throwable failure);
}

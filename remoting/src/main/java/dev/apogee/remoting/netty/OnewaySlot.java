package dev.apogee.remoting.netty;

import dev.apogee.remoting.protocol.RemotingCommand;
import io.netty.channel.Channel;
import io.netty.channel.ChannelPromise;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * Room reserved for one oneway request on a connection ({@link NettyRemotingClient#reserveOneway}): taking the
 * endpoint's oneway permit may wait, so a caller that must queue its request while holding a lock of its own takes
 * the slot first, then writes through it without waiting, or cancels it. Either returns the permit exactly once
 * (the write when the request has been written or has failed).
 *
 * <p>Threads: the reserving thread writes or cancels; the release runs on the event loop after a write.
 */
public final class OnewaySlot {
    private final Channel channel;
    private final Permits permits;
    /** Prepares a built request for the wire (serialize type, signature). */
    private final Consumer<RemotingCommand> preparer;
    private final AtomicBoolean used = new AtomicBoolean();

    OnewaySlot(Channel channel, Permits permits, Consumer<RemotingCommand> preparer) {
        this.channel = channel;
        this.permits = permits;
        this.preparer = preparer;
    }

    /** The connection the request will be written to. */
    public Channel channel() {
        return channel;
    }

    /** Queues {@code command} on the connection (never waits); it is built when its turn to be written comes. */
    public void write(DeferredCommand command) {
        if (queue(command)) {
            startDrain();
        }
    }

    /**
     * Queues {@code command} like {@link #write} but leaves waking the connection's event loop to the caller: true
     * when it must then call {@link #startDrain()}, once it has released the locks that building the command takes
     * (see {@link WriteQueue#queue}).
     */
    public boolean queue(DeferredCommand command) {
        if (!used.compareAndSet(false, true)) {
            throw new IllegalStateException("oneway slot already used");
        }
        try {
            ChannelPromise promise = channel.newPromise();
            promise.addListener(f -> permits.release());
            return WriteQueue.of(channel).queue((DeferredCommand) () -> {
                RemotingCommand request = command.build();
                preparer.accept(request);
                request.markOneway();
                return request;
            }, promise);
        } catch (RuntimeException e) {
            permits.release();
            throw e;
        }
    }

    /** Starts writing what {@link #queue} queued. */
    public void startDrain() {
        WriteQueue.of(channel).startDrain();
    }

    /** Gives the slot back unused. */
    public void cancel() {
        if (used.compareAndSet(false, true)) {
            permits.release();
        }
    }
}

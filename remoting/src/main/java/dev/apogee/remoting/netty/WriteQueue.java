package dev.apogee.remoting.netty;

import dev.apogee.remoting.codec.RemotingCommandCodec;
import dev.apogee.remoting.protocol.RemotingCommand;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.EncoderException;
import io.netty.util.Attribute;
import io.netty.util.AttributeKey;
import io.netty.util.ReferenceCountUtil;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A channel's outgoing commands, written from any thread with one flush per burst. {@code channel.writeAndFlush}
 * from a thread other than the event loop costs an event-loop task and a write syscall per command; a sender
 * issuing oneway sends back to back (or a processor answering a burst of requests) paid both for every message.
 * Here a write is queued, and only the write that finds no drain pending schedules one: the drain writes everything
 * queued by then and flushes once. A lone write is still flushed at once — its drain runs as soon as the event loop
 * gets to it, exactly when the task of a plain {@code writeAndFlush} would have.
 *
 * <p>Order: queued commands leave in queue order, so the writes of one thread reach the peer in the order they were
 * made, as with {@code writeAndFlush}. Every command of the endpoint goes through here ({@link RemotingEndpoint} and
 * {@link RemotingResponder} are its only users).
 *
 * <p>Bounds: the queue holds what used to be one event-loop task per command, bounded the same way — by the
 * endpoint's oneway and async permits, by synchronous callers waiting, and by the request lanes for responses.
 *
 * <p>On the event loop itself a write goes out at once, ahead of what other threads have queued, exactly as
 * {@code writeAndFlush} on the event loop goes ahead of the write tasks other threads queued. Callers rely on that:
 * async calls waiting for a connection are written by the connect future's listeners, on the event loop, before
 * the oneway send a thread made once {@code connect} returned (its write is queued behind the notification).
 *
 * <p>Encoding: a command becomes its frame here, just before it enters the pipeline, which therefore carries only
 * frames. An encoder handler in the pipeline put the encoding inside every outbound handler context's compiled
 * {@code write} (the JIT inlines the pipeline into each context method it compiles as its own root), compiling the
 * same code several times over on a client's hottest path.
 *
 * <p>Threads: {@link #write} from any thread (multiple producers); {@link #run} only on the channel's event loop, as
 * is {@link #written()}'s count (read by the channel's {@link IdleWatch}, on the event loop too). The
 * {@code drainPending} flag is cleared by the drain before it polls: a write that still saw it set was queued before
 * the clear, so that drain's poll sees it; a write after the clear schedules a new drain.
 */
final class WriteQueue implements Runnable {
    /** Writes per drain before it flushes and yields the event loop to reads and other channels' tasks. */
    static final int MAX_WRITES_PER_DRAIN = 512;
    private static final AttributeKey<WriteQueue> KEY = AttributeKey.valueOf("apogee.writeQueue");

    private record Write(Object message, ChannelPromise promise) {
    }

    private final Channel channel;
    /** Multi-consumer safe: the rejection path below fails what is queued from a caller's thread. */
    private final Queue<Write> writes = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean drainPending = new AtomicBoolean();
    /** Writes handed to the pipeline so far (event loop only). */
    private long written;

    private WriteQueue(Channel channel) {
        this.channel = channel;
    }

    /** The queue of {@code channel}, created on first use. */
    static WriteQueue of(Channel channel) {
        Attribute<WriteQueue> attribute = channel.attr(KEY);
        WriteQueue queue = attribute.get();
        if (queue != null) {
            return queue;
        }
        WriteQueue created = new WriteQueue(channel);
        WriteQueue raced = attribute.setIfAbsent(created);
        return raced != null ? raced : created;
    }

    /** Queues {@code message} for writing and flushing; the future completes when it was written (or failed). */
    ChannelFuture write(Object message) {
        ChannelPromise promise = channel.newPromise();
        if (queue(message, promise)) {
            startDrain();
        }
        return promise;
    }

    /**
     * Queues {@code message} like {@link #write} but leaves starting the drain to the caller: true when this write
     * needs one, and the caller must then call {@link #startDrain()} — after releasing any lock that building the
     * message takes. Starting the drain wakes the event loop, which would otherwise run straight into that lock
     * while the caller still holds it (a monitor inflated, a park and an unpark for every request: measured on the
     * coalesced oneway sends, whose batch is queued under its lane's monitor and built under it).
     */
    boolean queue(Object message, ChannelPromise promise) {
        if (channel.eventLoop().inEventLoop()) {
            writeNow(message, promise);
            return false;
        }
        writes.add(new Write(message, promise));
        return !drainPending.get() && drainPending.compareAndSet(false, true);
    }

    /**
     * A write made on the event loop goes out at once (see the class comment). Its own method: a sending thread's
     * compiled {@link #queue} then holds no copy of the encoding and the pipeline, which only the event loop runs.
     */
    private void writeNow(Object message, ChannelPromise promise) {
        Object frame = encode(message, promise);
        if (frame != null) {
            written++;
            channel.writeAndFlush(frame, promise);
        }
    }

    /** Starts the drain a {@link #queue} call asked for (schedules it on the event loop). */
    void startDrain() {
        try {
            channel.eventLoop().execute(this);
        } catch (RejectedExecutionException e) {
            // the event loop is shut down: nothing will drain, so fail what is queued (as writeAndFlush fails its
            // promise then) and let later writes try, and fail, the same way
            for (Write write; (write = writes.poll()) != null; ) {
                ReferenceCountUtil.release(write.message()); // a DeferredCommand is simply never built
                write.promise().tryFailure(e);
            }
            drainPending.set(false);
        }
    }

    /** Writes handed to the pipeline so far; event loop only. */
    long written() {
        return written;
    }

    /**
     * The frame to write for {@code message} ({@link DeferredCommand}s are built now, commands encoded; anything else
     * is taken to be a frame already); null if building or encoding failed, which fails only this write's promise.
     */
    private Object encode(Object message, ChannelPromise promise) {
        RemotingCommand command;
        if (message instanceof RemotingCommand c) {
            command = c;
        } else if (message instanceof DeferredCommand deferred) {
            try {
                command = deferred.build();
            } catch (RuntimeException e) {
                promise.tryFailure(e);
                return null;
            }
        } else {
            return message;
        }
        try {
            return RemotingCommandCodec.encode(command, channel.alloc());
        } catch (Throwable t) { // reported as Netty's encoders report it: the write fails, the channel stays
            promise.tryFailure(t instanceof EncoderException ? t : new EncoderException(t));
            return null;
        }
    }

    /** The drain: event loop only. */
    @Override
    public void run() {
        drainPending.set(false);
        int drained = 0;
        for (Write write; drained < MAX_WRITES_PER_DRAIN && (write = writes.poll()) != null; drained++) {
            Object frame = encode(write.message(), write.promise());
            if (frame != null) {
                written++;
                channel.write(frame, write.promise());
            }
        }
        if (drained > 0) {
            channel.flush();
        }
        if (!writes.isEmpty() && drainPending.compareAndSet(false, true)) {
            startDrain();
        }
    }
}

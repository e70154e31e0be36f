package dev.apogee.client.pop;

import dev.apogee.client.message.MessageExt;
import dev.apogee.remoting.protocol.pop.ReceiptHandle;

import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * A message popped for a group, with its current receipt handle. Acks and invisible-time changes of one message
 * run one after the other ({@link #withHandle}): a change spends the old handle and the next operation must use the
 * new one, so an ack racing a renewal would otherwise ack a dead handle and the message would come back.
 * A {@link LeaseRenewal} keeps the message invisible while it is held, until it is done or its renewal is stopped
 * ({@link #stopRenewal()}: before its handle goes into a transaction branch). Mutable state ({@code handle},
 * {@code localDeadline}, {@code tail}, {@code done}, {@code renewalStopped}) is guarded by this object's monitor;
 * operations complete on remoting callback threads.
 */
public final class PoppedMessage {
    private final MessageExt message;
    private final String group;
    private final String topic;
    private ReceiptHandle handle;
    private long localDeadline;
    private CompletableFuture<ReceiptHandle> tail;
    private boolean done;
    private boolean renewalStopped;

    PoppedMessage(MessageExt message, String group, String topic, ReceiptHandle handle, long localPopTime) {
        this.message = message;
        this.group = group;
        this.topic = topic;
        this.handle = handle;
        this.localDeadline = localPopTime + handle.invisibleTime();
        this.tail = CompletableFuture.completedFuture(handle);
    }

    /** The message; its topic is the subscribed one even when it was redelivered through the group's retry topic. */
    public MessageExt message() {
        return message;
    }

    public String group() {
        return group;
    }

    /** The subscribed topic. */
    public String topic() {
        return topic;
    }

    public synchronized ReceiptHandle handle() {
        return handle;
    }

    /** How often the message was delivered before (0 the first time). */
    public int reconsumeTimes() {
        return message.getReconsumeTimes();
    }

    /** Local clock time (ms) at which the broker will make the message visible again, unless renewed or acked. */
    synchronized long localDeadline() {
        return localDeadline;
    }

    /** True once acked or released: no renewal may follow. */
    public synchronized boolean isDone() {
        return done;
    }

    /** True once done or its renewal was stopped: a {@link LeaseRenewal} lets go of it. */
    synchronized boolean renewalOver() {
        return done || renewalStopped;
    }

    /**
     * A renewal: as {@link #withHandle} (not last), unless the message is done or its renewal was stopped, in which
     * case it completes with null at once and nothing is sent. Checked and queued under the monitor, so no renewal
     * slips in after {@link #stopRenewal()}.
     */
    synchronized CompletableFuture<ReceiptHandle> renewal(
            Function<ReceiptHandle, CompletableFuture<ReceiptHandle>> operation, long newInvisibleMillis, long now) {
        if (renewalOver()) {
            return CompletableFuture.completedFuture(null);
        }
        return withHandle(operation, newInvisibleMillis, now, false);
    }

    /**
     * Stops renewing the message (acks and releases still work) and completes with its handle once a renewal in
     * flight finished: the handle to put into a transaction branch, which the broker then holds or acks by itself.
     */
    public CompletableFuture<ReceiptHandle> stopRenewal() {
        synchronized (this) {
            renewalStopped = true;
            return tail.handle((ignored, error) -> handle());
        }
    }

    /**
     * Runs {@code operation} with the handle current once every earlier operation finished; its result (a new
     * handle, or null when the handle is spent for good) replaces the handle. A failed operation leaves the handle
     * as it was. A {@code last} operation (ack, release) marks the message done: later operations fail at once.
     */
    CompletableFuture<ReceiptHandle> withHandle(Function<ReceiptHandle, CompletableFuture<ReceiptHandle>> operation,
                                                long newInvisibleMillis, long now, boolean last) {
        synchronized (this) {
            if (done) {
                return CompletableFuture.failedFuture(new IllegalStateException(
                        "message " + message.getMsgId() + " was already acked or released"));
            }
            done = last;
            CompletableFuture<ReceiptHandle> next = tail.handle((ignored, error) -> null)
                    .thenCompose(ignored -> operation.apply(handle()))
                    .thenApply(renewed -> {
                        synchronized (this) {
                            if (renewed != null) {
                                handle = renewed;
                                localDeadline = now + newInvisibleMillis;
                            }
                        }
                        return renewed;
                    });
            tail = next;
            return next;
        }
    }

    /**
     * Marks the message done (no operation may follow) and completes with its final handle once every earlier
     * operation finished: for acking several messages in one request.
     */
    CompletableFuture<ReceiptHandle> seal() {
        synchronized (this) {
            if (done) {
                return CompletableFuture.failedFuture(new IllegalStateException(
                        "message " + message.getMsgId() + " was already acked or released"));
            }
            done = true;
            return tail.handle((ignored, error) -> handle());
        }
    }

    @Override
    public String toString() {
        return "PoppedMessage[" + message.getMsgId() + " " + topic + " " + handle() + "]";
    }
}

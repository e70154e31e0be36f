package dev.apogee.client.consumer;

import dev.apogee.client.message.MessageExt;
import dev.apogee.remoting.protocol.body.SubscriptionData;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;

/**
 * The background pulls of a {@link PullConsumer}: one chain of LITE_PULL_MESSAGE calls per queue and epoch, each
 * completion buffering what it found and issuing the next pull at once from the completing thread (the remoting
 * event loop that read the answer: no hand-off to a callback thread, so nothing here may block); retried later on
 * the pull thread while the queue is paused or after an error (a pull that fails or cannot be issued never ends the
 * chain). A chain whose queue buffer is full parks until the application has taken half of it ({@link #resume}),
 * with a timer as a fallback: a fixed 50 ms wait instead measured as most of a transacted drain's time, the
 * application idle with an empty buffer while the broker held messages.
 */
final class LitePullLoop {
    private static final Logger LOG = LoggerFactory.getLogger(LitePullLoop.class);
    private static final long FULL_BUFFER_DELAY_MILLIS = 50;
    private static final long ERROR_DELAY_MILLIS = 1_000;

    /** Messages of one pull, tagged with the queue epoch they belong to. */
    record Batch(AssignedQueue queue, int epoch, List<MessageExt> messages, long nextBeginOffset) {
    }

    private final PullConsumerConfig config;
    private final PullService pulls;
    private final PullApi api;
    private final Function<String, SubscriptionData> subscriptions;
    private final BlockingQueue<Batch> ready;
    private final LongAdder resumes = new LongAdder();

    LitePullLoop(PullConsumerConfig config, PullService pulls, PullApi api,
            Function<String, SubscriptionData> subscriptions, BlockingQueue<Batch> ready) {
        this.config = config;
        this.pulls = pulls;
        this.api = api;
        this.subscriptions = subscriptions;
        this.ready = ready;
    }

    /** Starts the pull chain of {@code queue} for {@code epoch}. */
    void start(AssignedQueue queue, int epoch) {
        pulls.execute(() -> pull(queue, epoch));
    }

    private void pull(AssignedQueue queue, int epoch) {
        if (queue.dropped || queue.epoch != epoch) {
            return;
        }
        if (queue.paused) {
            pulls.executeLater(() -> pull(queue, epoch), FULL_BUFFER_DELAY_MILLIS);
            return;
        }
        if (queue.buffered.get() >= config.getMaxBufferedPerQueue()) {
            queue.parkedEpoch.set(epoch);
            // a take may have freed room before the park was visible to it: check again, continue if so
            if (!hasRoom(queue) || !queue.parkedEpoch.compareAndSet(epoch, AssignedQueue.NOT_PARKED)) {
                pulls.executeLater(() -> unpark(queue, epoch), FULL_BUFFER_DELAY_MILLIS);
                return;
            }
        }
        long offset = queue.nextPullOffset;
        PullArgs args = new PullArgs(config.getGroup(), queue.queue, offset, config.getPullBatchSize(), 0,
                subscriptions.apply(queue.queue.topic()), true, true, config.getSuspendMillis(),
                config.getPullTimeoutMillis());
        CompletableFuture<PullResult> pulled;
        try {
            pulled = api.pull(args, true); // completes on the event loop: the continuation below never blocks
        } catch (RuntimeException e) {
            LOG.warn("pull of {} at {} could not be issued: {}", queue.queue, offset, e.toString());
            pulls.executeLater(() -> pull(queue, epoch), ERROR_DELAY_MILLIS);
            return;
        }
        pulled.whenComplete((result, error) -> {
            if (queue.dropped || queue.epoch != epoch) {
                return;
            }
            if (error != null) {
                LOG.warn("pull of {} at {} failed: {}", queue.queue, offset, PullApi.cause(error).toString());
                pulls.executeLater(() -> pull(queue, epoch), ERROR_DELAY_MILLIS);
                return;
            }
            onResult(queue, epoch, result);
            next(queue, epoch);
        });
    }

    /**
     * Called after the application took messages of {@code queue}: a chain parked on the full buffer continues (on
     * the pull thread) once half the buffer is free.
     */
    void resume(AssignedQueue queue) {
        int parked = queue.parkedEpoch.get();
        if (parked != AssignedQueue.NOT_PARKED && hasRoom(queue)
                && queue.parkedEpoch.compareAndSet(parked, AssignedQueue.NOT_PARKED)) {
            resumes.increment();
            pulls.execute(() -> pull(queue, parked));
        }
    }

    /** How many parked chains a take continued (rather than the fallback timer). */
    long resumes() {
        return resumes.sum();
    }

    private void unpark(AssignedQueue queue, int epoch) {
        if (queue.parkedEpoch.compareAndSet(epoch, AssignedQueue.NOT_PARKED)) {
            pull(queue, epoch);
        }
    }

    private boolean hasRoom(AssignedQueue queue) {
        return queue.buffered.get() <= config.getMaxBufferedPerQueue() / 2;
    }

    /**
     * Issues the next pull right here on the completing thread: the pull is an asynchronous call, and a hop through
     * the pull thread would add a thread wake-up to the path of every long-polled message. Whatever goes wrong
     * (a call that throws instead of failing its future included) is retried on the pull thread: a chain never ends
     * silently, which would leave the queue unread although messages are stored.
     */
    private void next(AssignedQueue queue, int epoch) {
        try {
            pull(queue, epoch);
        } catch (Throwable t) {
            LOG.warn("the next pull of {} failed to start, retrying: {}", queue.queue, t.toString());
            pulls.executeLater(() -> pull(queue, epoch), ERROR_DELAY_MILLIS);
        }
    }

    private void onResult(AssignedQueue queue, int epoch, PullResult result) {
        if (result.status() == PullStatus.OFFSET_ILLEGAL) {
            LOG.warn("offset {} of {} is illegal, continuing at {}", queue.nextPullOffset, queue.queue,
                    result.nextBeginOffset());
        }
        if (!result.messages().isEmpty()) {
            queue.buffered.addAndGet(result.messages().size());
            ready.add(new Batch(queue, epoch, result.messages(), result.nextBeginOffset()));
        }
        synchronized (queue) {
            if (queue.epoch == epoch) {
                queue.nextPullOffset = result.nextBeginOffset();
                if (result.status() != PullStatus.OFFSET_ILLEGAL) {
                    queue.scannedOffset = result.nextBeginOffset();
                    if (result.messages().isEmpty() && queue.buffered.get() == 0) {
                        // everything before nextBeginOffset was delivered or filtered out: a commit may pass it
                        queue.consumedOffset = Math.max(queue.consumedOffset, result.nextBeginOffset());
                    }
                }
            }
        }
    }
}

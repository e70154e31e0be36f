package dev.apogee.jms.api;

import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import jakarta.jms.JMSException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayDeque;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.BiConsumer;

/**
 * One session's CompletionListener callbacks, run on one {@code apogee-jms-completion} thread in the order the sends
 * were made (§7.3: in send order within a session), whatever order the brokers' replies come in. The callbacks wait
 * in a queue, oldest first; a drain on that thread runs them from the head for as long as the head's send is done,
 * and is scheduled by whichever send completes the head. So a batch of answers (a coalesced batch request answers up
 * to 64 sends at once) costs one hand-off to the thread, not one per send, and a send costs one dependent stage, not
 * a chain of futures and an executor task each. Nothing here blocks the thread that completes a send future (a
 * remoting thread). While a callback runs, {@link #isCallbackThread()} is true on its thread, so the session, its
 * producers, its connection and its JMSContext refuse close/commit/rollback (§7.3.8).
 *
 * <p>Threads: the session's sending thread appends; send futures complete on remoting threads; callbacks run on the
 * completion thread. The queue, the counters and the drain flag are guarded by this object's monitor, held only to
 * add, look at or take the head, never while a callback runs.
 */
final class CompletionChain {
    private static final Logger LOG = LoggerFactory.getLogger(CompletionChain.class);
    private static final ThreadLocal<CompletionChain> RUNNING = new ThreadLocal<>();

    private record Pending(CompletableFuture<?> send, BiConsumer<Object, Throwable> callback) {
    }

    private final ArrayDeque<Pending> pending = new ArrayDeque<>();
    /** True while a drain is scheduled or running: it takes the head while the head's send is done. */
    private boolean draining;
    /** Callbacks appended and callbacks run (or dropped) so far, for {@link #shutdown}. */
    private long appended;
    private long finished;
    private ExecutorService thread;

    /** Runs {@code callback} with the outcome of {@code send} once it and every earlier callback are done. */
    @SuppressWarnings("unchecked")
    <T> void after(CompletableFuture<T> send, BiConsumer<T, Throwable> callback) {
        append(new Pending(send, (BiConsumer<Object, Throwable>) callback));
        send.whenComplete((value, error) -> drainIfHeadDone());
    }

    /** Runs {@code callback} after every earlier callback. */
    void then(Runnable callback) {
        append(new Pending(CompletableFuture.completedFuture(null), (value, error) -> callback.run()));
        drainIfHeadDone();
    }

    private synchronized void append(Pending callback) {
        pending.addLast(callback);
        appended++;
    }

    /** Schedules a drain unless one is scheduled or the oldest callback still waits for its send. */
    private void drainIfHeadDone() {
        ExecutorService executor;
        synchronized (this) {
            Pending head = pending.peekFirst();
            if (draining || head == null || !head.send().isDone()) {
                return;
            }
            draining = true;
            executor = executor();
        }
        try {
            executor.execute(this::drain);
        } catch (RejectedExecutionException shutDown) {
            dropAll(); // the session is closed: callbacks of sends that complete later are dropped
        }
    }

    private void drain() {
        while (true) {
            Pending next;
            synchronized (this) {
                next = pending.peekFirst();
                if (next == null || !next.send().isDone()) {
                    draining = false; // the send completing the head schedules the next drain
                    return;
                }
                pending.pollFirst();
            }
            runGuarded(next);
            synchronized (this) {
                finished++;
                notifyAll();
            }
        }
    }

    private void runGuarded(Pending callback) {
        Object value = null;
        Throwable error = null;
        try {
            value = callback.send().getNow(null);
        } catch (CompletionException e) {
            error = e.getCause() != null ? e.getCause() : e;
        } catch (CancellationException e) {
            error = e;
        }
        RUNNING.set(this);
        try {
            callback.callback().accept(value, error);
        } catch (RuntimeException e) {
            // an application CompletionListener threw: the next callbacks still run
            LOG.warn("APOGEE-JMS-SEND-1 a CompletionListener threw; ignored", e);
        } finally {
            RUNNING.remove();
        }
    }

    private synchronized void dropAll() {
        finished += pending.size();
        pending.clear();
        draining = false;
        notifyAll();
    }

    /** True on this chain's thread while one of its callbacks runs. */
    boolean isCallbackThread() {
        return RUNNING.get() == this;
    }

    /** §7.3.8: {@code what} must not be called from one of this session's CompletionListener callbacks. */
    void checkNotInCallback(String what) throws JMSException {
        if (isCallbackThread()) {
            throw JmsExceptions.create(ErrorCode.ILLEGAL_STATE, what
                    + " must not be called from a CompletionListener of this session");
        }
    }

    /**
     * Waits (bounded) until every send made so far had its callback run (§7.3: close waits for incomplete
     * sends), then stops the thread. Callbacks of sends that complete later are dropped.
     */
    void shutdown(long timeoutMillis) {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        synchronized (this) {
            long target = appended;
            try {
                long left;
                while (finished < target && (left = (deadline - System.nanoTime()) / 1_000_000L) > 0) {
                    wait(left);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (finished < target) {
                LOG.warn("APOGEE-JMS-SEND-2 session closed before all CompletionListener callbacks ran: {} of {} "
                        + "still waiting after {} ms", target - finished, target, timeoutMillis);
            }
            if (thread != null) {
                thread.shutdown();
            }
        }
    }

    /** Called under the monitor. */
    private ExecutorService executor() {
        if (thread == null) {
            thread = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "apogee-jms-completion");
                t.setDaemon(true);
                return t;
            });
        }
        return thread;
    }
}

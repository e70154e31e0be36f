package dev.apogee.jms.api;

import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import jakarta.jms.JMSException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiConsumer;

/**
 * One session's CompletionListener callbacks, run on one {@code apogee-jms-completion} thread in the order the sends
 * were made (§7.3: in send order within a session), whatever order the brokers' replies come in. Each callback is
 * chained after the previous one and after its own send's outcome; nothing here blocks the thread that completes a
 * send future (a Netty I/O thread). While a callback runs, {@link #isCallbackThread()} is true on its thread, so the
 * session, its producers, its connection and its JMSContext refuse close/commit/rollback (§7.3.8).
 */
final class CompletionChain {
    private static final Logger LOG = LoggerFactory.getLogger(CompletionChain.class);
    private static final ThreadLocal<CompletionChain> RUNNING = new ThreadLocal<>();

    private CompletableFuture<Void> tail = CompletableFuture.completedFuture(null);
    private ExecutorService thread;

    /** Runs {@code callback} with the outcome of {@code send} once it and every earlier callback are done. */
    <T> void after(CompletableFuture<T> send, BiConsumer<T, Throwable> callback) {
        CompletableFuture<Runnable> outcome = send.handle((value, error) -> () -> callback.accept(value, error));
        append(outcome);
    }

    /** Runs {@code callback} after every earlier callback. */
    void then(Runnable callback) {
        append(CompletableFuture.completedFuture(callback));
    }

    private synchronized void append(CompletableFuture<Runnable> ready) {
        ExecutorService executor = executor();
        // the previous tail never fails (callbacks are guarded), so this stage always runs
        tail = tail.thenCombine(ready, (ignored, callback) -> callback)
                .thenAcceptAsync(this::runGuarded, executor)
                .exceptionally(rejected -> null); // only a rejection after shutdown lands here
    }

    private void runGuarded(Runnable callback) {
        RUNNING.set(this);
        try {
            callback.run();
        } catch (RuntimeException e) {
            // an application CompletionListener threw: the next callbacks still run
            LOG.warn("APOGEE-JMS-SEND-1 a CompletionListener threw; ignored", e);
        } finally {
            RUNNING.remove();
        }
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
        CompletableFuture<Void> last;
        synchronized (this) {
            last = tail;
        }
        try {
            last.get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (TimeoutException | java.util.concurrent.ExecutionException e) {
            LOG.warn("APOGEE-JMS-SEND-2 session closed before all CompletionListener callbacks ran: {}", e.toString());
        }
        synchronized (this) {
            if (thread != null) {
                thread.shutdown();
            }
        }
    }

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

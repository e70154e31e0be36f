package dev.apogee.jms.api;

import dev.apogee.jms.exception.ErrorCode;
import dev.apogee.jms.exception.JmsExceptions;
import dev.apogee.jms.message.WireMessage;
import dev.apogee.jms.metrics.ClientMeters;
import dev.apogee.jms.provider.Provider;
import dev.apogee.jms.provider.ProviderTransaction;
import dev.apogee.jms.provider.SendMode;
import jakarta.jms.CompletionListener;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.Message;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A session's sends: PERSISTENT waits for the broker's store result, NON_PERSISTENT is oneway, a
 * {@code CompletionListener} makes it asynchronous (callbacks in send order on one thread, {@link CompletionChain}),
 * in a transacted session sends are buffered until commit (then sent as halves of the commit's branch), and an XA
 * session's sends inside a global transaction go at once as halves of its branch. The buffer is touched only under
 * the session's delivery lock. All sends of the session go to one queue of each destination ({@link #orderKey}).
 */
final class SessionSends {
    private record PendingSend(WireMessage wire, long deliveryTime, Message message, CompletionListener listener) {
    }

    private static final long IN_FLIGHT_WAIT_MILLIS = 60_000;

    private final Provider provider;
    private final ClientMeters meters;
    private final List<PendingSend> pending = new ArrayList<>();
    private final CompletionChain completions = new CompletionChain();
    /**
     * This session's queue choice: all its sends (sync, oneway, async, halves) go to one queue of a destination, so
     * they arrive in send order (§6.2.9); consecutive per connection, so its sessions spread over the queues.
     */
    private final int orderKey;
    /**
     * This session's asynchronous sends not yet answered, oldest first, at most the provider's
     * {@link Provider#asyncSendWindow() window}. Touched only by the session's sending thread (a session is used by
     * one thread at a time, §6.1); completed entries are dropped from the head lazily.
     */
    private final ArrayDeque<CompletableFuture<Void>> asyncInFlight = new ArrayDeque<>();

    SessionSends(Provider provider, int orderKey, ClientMeters meters) {
        this.provider = provider;
        this.meters = meters;
        this.orderKey = orderKey;
    }

    void sendNow(WireMessage wire, int deliveryMode, long deliveryTime, Message message, CompletionListener listener)
            throws JMSException {
        awaitAsyncInFlight(provider.asyncSendWindow());
        long started = System.nanoTime();
        if (listener != null) {
            CompletableFuture<Void> sent = provider.send(wire, SendMode.ASYNC, deliveryTime, orderKey);
            asyncInFlight.addLast(sent);
            completions.after(sent, (ok, error) -> {
                if (error == null) {
                    meters.sent(1);
                    meters.sendLatency(System.nanoTime() - started);
                    listener.onCompletion(message);
                } else {
                    listener.onException(message, JmsExceptions.translate(error));
                }
            });
            return;
        }
        SendMode sendMode = deliveryMode == DeliveryMode.NON_PERSISTENT ? SendMode.ONEWAY : SendMode.SYNC;
        Futures.await(provider.send(wire, sendMode, deliveryTime, orderKey));
        meters.sent(1);
        meters.sendLatency(System.nanoTime() - started);
    }

    /**
     * Keeps the session's sends in order (§6.2.9) and its asynchronous sends bounded: a send (of any kind) waits
     * while {@code window} or more of the session's asynchronous sends are unanswered. A broker that stores a
     * connection's pipelined sends to a queue in arrival order (Apogee) gives a window above 1: up to that many
     * asynchronous sends in flight, and sync and oneway sends go between them. Elsewhere (Apache RocketMQ runs a
     * connection's sends on several threads) the window is 1: every send waits until the previous asynchronous one
     * was answered. The wait is bounded; a send that failed reports to its own CompletionListener. Called on the
     * session's sending thread, never on a Netty thread.
     */
    private void awaitAsyncInFlight(int window) throws JMSException {
        CompletableFuture<Void> oldest;
        while ((oldest = asyncInFlight.peekFirst()) != null) {
            if (!oldest.isDone()) {
                if (asyncInFlight.size() < window) {
                    return;
                }
                awaitAnswer(oldest);
            }
            asyncInFlight.pollFirst();
        }
    }

    private static void awaitAnswer(CompletableFuture<Void> send) throws JMSException {
        try {
            send.get(IN_FLIGHT_WAIT_MILLIS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw JmsExceptions.create(ErrorCode.INTERNAL, "interrupted while waiting for a send window", e);
        } catch (ExecutionException e) {
            // reported to that send's CompletionListener; this send goes on
        } catch (TimeoutException e) {
            throw JmsExceptions.create(ErrorCode.BROKER_BUSY, "an asynchronous send of this session was not "
                    + "answered within " + IN_FLIGHT_WAIT_MILLIS + " ms; the send window stays full", e);
        }
    }

    /** Transacted: keep the send until commit. */
    void buffer(WireMessage wire, long deliveryTime, Message message, CompletionListener listener) {
        pending.add(new PendingSend(wire, deliveryTime, message, listener));
    }

    /**
     * Atomic commit: commits {@code branch} (one-phase) with everything buffered as its sends, in order; returns the
     * completion callbacks to run now that it is committed. The buffer is emptied.
     */
    List<Runnable> commitBuffered(ProviderTransaction branch) throws JMSException {
        List<PendingSend> sends = new ArrayList<>(pending);
        pending.clear();
        List<ProviderTransaction.Send> halves = new ArrayList<>(sends.size());
        List<Runnable> callbacks = new ArrayList<>();
        for (PendingSend s : sends) {
            halves.add(new ProviderTransaction.Send(s.wire(), s.deliveryTime()));
            if (s.listener() != null) {
                callbacks.add(() -> s.listener().onCompletion(s.message()));
            }
        }
        branch.commitWith(halves, orderKey);
        meters.sent(halves.size());
        return callbacks;
    }

    /** Sends one message as a half of an XA branch (synchronously, also for a CompletionListener). */
    void sendAsHalf(ProviderTransaction branch, WireMessage wire, long deliveryTime, Message message,
            CompletionListener listener) throws JMSException {
        branch.send(wire, deliveryTime, orderKey);
        meters.sent(1); // as a half of the XA branch: visible once the branch commits
        if (listener != null) {
            completions.then(() -> listener.onCompletion(message));
        }
    }

    /** Runs completion callbacks on the completion thread, in order. */
    void complete(List<Runnable> callbacks) {
        callbacks.forEach(completions::then);
    }

    /** Non-atomic commit (a broker without branches): sends everything buffered, in order, each waiting. */
    void sendBuffered() throws JMSException {
        List<PendingSend> sends = new ArrayList<>(pending);
        pending.clear();
        for (PendingSend s : sends) {
            Futures.await(provider.send(s.wire(), SendMode.SYNC, s.deliveryTime(), orderKey));
            meters.sent(1);
            if (s.listener() != null) {
                completions.then(() -> s.listener().onCompletion(s.message()));
            }
        }
    }

    /** Rollback / close: the buffered sends are dropped. */
    void discardBuffered() {
        pending.clear();
    }

    /** §7.3.8: {@code what} must not be called from one of this session's CompletionListener callbacks. */
    void checkNotInCompletion(String what) throws JMSException {
        completions.checkNotInCallback(what);
    }

    /** True while one of this session's CompletionListener callbacks runs on the calling thread. */
    boolean onCompletionThread() {
        return completions.isCallbackThread();
    }

    /** Lets the callbacks of the sends made so far run (bounded), then stops their thread. */
    void shutdown() {
        completions.shutdown(5_000);
    }
}

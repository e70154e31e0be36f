package dev.apogee.jms.api;

import dev.apogee.jms.exception.JmsExceptions;
import dev.apogee.jms.message.WireMessage;
import dev.apogee.jms.provider.Provider;
import dev.apogee.jms.provider.SendMode;
import jakarta.jms.CompletionListener;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.Message;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A session's sends: PERSISTENT waits for the broker's store result, NON_PERSISTENT is oneway, a
 * {@code CompletionListener} makes it asynchronous (callbacks on one {@code apogee-jms-completion} thread, in order),
 * and in a transacted session sends are buffered until commit. The buffer is touched only under the session's
 * delivery lock.
 */
final class SessionSends {
    private record PendingSend(WireMessage wire, long deliveryTime, Message message, CompletionListener listener) {
    }

    private final Provider provider;
    private final List<PendingSend> pending = new ArrayList<>();
    private ExecutorService completions;

    SessionSends(Provider provider) {
        this.provider = provider;
    }

    void sendNow(WireMessage wire, int deliveryMode, long deliveryTime, Message message, CompletionListener listener)
            throws JMSException {
        if (listener != null) {
            provider.send(wire, SendMode.ASYNC, deliveryTime).whenComplete((ok, error) ->
                    completionExecutor().execute(() -> {
                        if (error == null) {
                            listener.onCompletion(message);
                        } else {
                            listener.onException(message, JmsExceptions.translate(error));
                        }
                    }));
            return;
        }
        SendMode sendMode = deliveryMode == DeliveryMode.NON_PERSISTENT ? SendMode.ONEWAY : SendMode.SYNC;
        Futures.await(provider.send(wire, sendMode, deliveryTime));
    }

    /** Transacted: keep the send until commit. */
    void buffer(WireMessage wire, long deliveryTime, Message message, CompletionListener listener) {
        pending.add(new PendingSend(wire, deliveryTime, message, listener));
    }

    /** Commit: sends everything buffered, in order, each waiting for the broker. */
    void sendBuffered() throws JMSException {
        List<PendingSend> sends = new ArrayList<>(pending);
        pending.clear();
        for (PendingSend s : sends) {
            Futures.await(provider.send(s.wire(), SendMode.SYNC, s.deliveryTime()));
            if (s.listener() != null) {
                completionExecutor().execute(() -> s.listener().onCompletion(s.message()));
            }
        }
    }

    /** Rollback / close: the buffered sends are dropped. */
    void discardBuffered() {
        pending.clear();
    }

    /** Lets pending completion callbacks run (bounded), then stops their thread. */
    synchronized void shutdown() {
        if (completions != null) {
            completions.shutdown();
            try {
                completions.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private synchronized ExecutorService completionExecutor() {
        if (completions == null) {
            completions = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "apogee-jms-completion");
                t.setDaemon(true);
                return t;
            });
        }
        return completions;
    }
}

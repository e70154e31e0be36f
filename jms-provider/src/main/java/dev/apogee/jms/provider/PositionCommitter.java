package dev.apogee.jms.provider;

import dev.apogee.client.MQClientException;
import dev.apogee.remoting.protocol.body.MessageQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Commits one consumer's consumed positions (per queue, the offset after the last message handed out) to the
 * broker. Two ways in:
 * <ul>
 *   <li>{@link #request}: AUTO_ACKNOWLEDGE and DUPS_OK_ACKNOWLEDGE. The delivering thread does not wait for the
 *       broker (Artemis does not block on these acks either). At most one commit is in flight, and commits start at
 *       least {@link #MIN_INTERVAL_MILLIS} apart: positions requested meanwhile are merged and go out as one commit
 *       when the interval has passed (sent by the {@link CommitTimer} if the delivering thread has nothing more to
 *       say). Positions only grow and the broker applies the commits of a connection in arrival order, so each
 *       commit supersedes the previous one. A consumer handing out tens of thousands of messages a second thus
 *       costs the broker at most {@code 1000 / MIN_INTERVAL_MILLIS} commit requests a second instead of one per
 *       round trip (measured: a commit per ~10 messages, more requests than the pulls themselves), and a consumer
 *       handing out one message now and then still commits it at once.</li>
 *   <li>{@link #commitNow}: CLIENT_ACKNOWLEDGE's acknowledge() and the flush on close: cancels a commit waiting for
 *       its interval, waits for the one in flight (so nothing older arrives later), then commits what was requested
 *       and waits for the broker to store it.</li>
 * </ul>
 * Correctness: a consumer (or connection) close flushes, and so does rebalance before it hands one of the consumer's
 * queues to another member ({@link NativeConsumer#storeAcknowledged}), so a message acknowledged before either is not
 * delivered to the group again. A failed asynchronous commit is logged and its positions are sent again with the
 * next commit or the flush; if the process or the connection dies first, the messages after the last stored position
 * are delivered again: duplicates after a failure, which AUTO_ACKNOWLEDGE allows (Jakarta Messaging §6.2.10), never a
 * loss, since no position passes a message that was not handed out. The interval widens that window by at most
 * {@link #MIN_INTERVAL_MILLIS} (the official RocketMQ consumers store their offsets every 5 s).
 *
 * <p>Threads: {@link #request} and {@link #commitNow} from the session's delivering or closing thread (the caller
 * holds the consumer's lock in {@link NativeProvider}), {@link #commitNow} also from the rebalance thread,
 * completions on the client's callback threads, delayed sends on the timer thread. The maps and flags are guarded by this object's monitor; broker calls are made outside it.
 */
final class PositionCommitter {
    private static final Logger LOG = LoggerFactory.getLogger(PositionCommitter.class);

    /**
     * Minimum time between the starts of two asynchronous commits of one consumer. At 10 ms a request/reply pair of
     * consumers made 200 commit requests a second, each a request, an answer and a callback thread woken on the
     * client: at 100 ms the JMS benchmark's request/reply ran about 20 % faster on 15 % less client CPU.
     */
    static final long MIN_INTERVAL_MILLIS = 100;
    private static final long MIN_INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(MIN_INTERVAL_MILLIS);
    /** How long {@link #commitNow} waits for the commit in flight (the client's offset call timeout). */
    private static final long IN_FLIGHT_WAIT_MILLIS = 5_000;

    /** Where positions go: the consumer's commit calls (an interface so that tests can watch them). */
    interface Broker {
        CompletableFuture<Void> commitAsync(Map<MessageQueue, Long> positions);

        void commitSync(Map<MessageQueue, Long> positions) throws MQClientException, InterruptedException;
    }

    /** Runs a task after a delay (the {@link CommitTimer} in production). */
    interface Timer {
        void schedule(Runnable task, long delayNanos);
    }

    private final Broker broker;
    private final Timer timer;
    private final LongSupplier nanoClock;
    /** Positions requested and not sent yet. */
    private final Map<MessageQueue, Long> wanted = new HashMap<>();
    /** Positions sent (in flight or stored); a position not above it needs no commit. */
    private final Map<MessageQueue, Long> sent = new HashMap<>();
    /** A commit was sent and has not completed. */
    private boolean inFlight;
    /** A timer task will send what is wanted (never together with inFlight). */
    private boolean scheduled;
    private long lastSentNanos;
    private boolean warned;

    PositionCommitter(Broker broker, Timer timer, LongSupplier nanoClock) {
        this.broker = broker;
        this.timer = timer;
        this.nanoClock = nanoClock;
        this.lastSentNanos = nanoClock.getAsLong() - MIN_INTERVAL_NANOS;
    }

    /** Asks for {@code positions} to be committed soon, without waiting. */
    void request(Map<MessageQueue, Long> positions) {
        Map<MessageQueue, Long> next;
        synchronized (this) {
            merge(positions);
            if (inFlight || scheduled) {
                return; // the completion or the timer sends what was merged
            }
            next = startOrSchedule();
        }
        if (next != null) {
            send(next);
        }
    }

    /** Commits {@code positions} (and anything requested before) and waits until the broker stored them. */
    void commitNow(Map<MessageQueue, Long> positions) throws MQClientException, InterruptedException {
        Map<MessageQueue, Long> next;
        synchronized (this) {
            merge(positions);
            scheduled = false; // sent here instead; the timer task finds nothing to do
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(IN_FLIGHT_WAIT_MILLIS);
            while (inFlight) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    break; // a lost completion: the synchronous commit below still supersedes it
                }
                TimeUnit.NANOSECONDS.timedWait(this, left);
                scheduled = false; // a completion meanwhile may have scheduled the rest
            }
            next = takeChanged();
        }
        if (next != null) {
            try {
                broker.commitSync(next);
            } catch (MQClientException | RuntimeException e) {
                giveBack(next);
                throw e;
            }
        }
    }

    /**
     * With nothing in flight or scheduled: the changed positions to send now (marked in flight), or null, having
     * scheduled them for the end of the interval when the last commit started less than an interval ago.
     */
    private Map<MessageQueue, Long> startOrSchedule() {
        long now = nanoClock.getAsLong();
        long wait = lastSentNanos + MIN_INTERVAL_NANOS - now;
        if (wait > 0) {
            if (hasChanged()) {
                scheduled = true;
                timer.schedule(this::sendScheduled, wait);
            }
            return null;
        }
        Map<MessageQueue, Long> next = takeChanged();
        if (next != null) {
            inFlight = true;
            lastSentNanos = now;
        }
        return next;
    }

    private void sendScheduled() {
        Map<MessageQueue, Long> next;
        synchronized (this) {
            if (!scheduled) {
                return; // commitNow took over
            }
            scheduled = false;
            next = takeChanged();
            if (next == null) {
                return;
            }
            inFlight = true;
            lastSentNanos = nanoClock.getAsLong();
        }
        send(next);
    }

    private void send(Map<MessageQueue, Long> positions) {
        CompletableFuture<Void> commit;
        try {
            commit = broker.commitAsync(positions);
        } catch (RuntimeException e) {
            commit = CompletableFuture.failedFuture(e);
        }
        commit.whenComplete((ok, error) -> {
            Map<MessageQueue, Long> next;
            synchronized (this) {
                inFlight = false;
                if (error != null) {
                    if (!warned) { // once per consumer: a broken connection fails every commit until it is closed
                        warned = true;
                        LOG.warn("JMS-ACK-COMMIT-FAILED committing consumed positions failed, they are retried with "
                                + "the next acknowledgement or the close: {}", error.toString());
                    }
                    restore(positions);
                    notifyAll();
                    return; // not resent at once: the next request (or commitNow) tries again
                }
                next = scheduled ? null : startOrSchedule();
                notifyAll();
            }
            if (next != null) {
                send(next);
            }
        });
    }

    private void giveBack(Map<MessageQueue, Long> positions) {
        synchronized (this) {
            restore(positions);
        }
    }

    /** Positions whose commit failed become wanted again (unless something newer was requested). */
    private void restore(Map<MessageQueue, Long> positions) {
        positions.forEach((queue, offset) -> {
            sent.remove(queue);
            wanted.merge(queue, offset, Math::max);
        });
    }

    private void merge(Map<MessageQueue, Long> positions) {
        positions.forEach((queue, offset) -> wanted.merge(queue, offset, Math::max));
    }

    private boolean hasChanged() {
        for (Map.Entry<MessageQueue, Long> e : wanted.entrySet()) {
            Long done = sent.get(e.getKey());
            if (done == null || done < e.getValue()) {
                return true;
            }
        }
        return false;
    }

    /** The wanted positions beyond what was sent (null if none), now counted as sent. */
    private Map<MessageQueue, Long> takeChanged() {
        Map<MessageQueue, Long> out = null;
        for (Map.Entry<MessageQueue, Long> e : wanted.entrySet()) {
            Long done = sent.get(e.getKey());
            if (done == null || done < e.getValue()) {
                if (out == null) {
                    out = new HashMap<>();
                }
                out.put(e.getKey(), e.getValue());
            }
        }
        wanted.clear();
        if (out != null) {
            sent.putAll(out);
        }
        return out;
    }
}

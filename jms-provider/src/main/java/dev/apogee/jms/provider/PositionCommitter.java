package dev.apogee.jms.provider;

import dev.apogee.client.MQClientException;
import dev.apogee.client.consumer.PullConsumer;
import dev.apogee.remoting.protocol.body.MessageQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Commits one consumer's consumed positions (per queue, the offset after the last message handed out) to the
 * broker. Two ways in:
 * <ul>
 *   <li>{@link #request}: AUTO_ACKNOWLEDGE and DUPS_OK_ACKNOWLEDGE. The delivering thread does not wait for the
 *       broker (Artemis does not block on these acks either). At most one commit is in flight; positions requested
 *       meanwhile are merged and go out as one commit when it completes. Positions only grow and the broker applies
 *       the commits of a connection in arrival order, so each commit supersedes the previous one, and a consumer
 *       handing out N messages per broker round trip costs one commit per round trip instead of N synchronous ones.</li>
 *   <li>{@link #commitNow}: CLIENT_ACKNOWLEDGE's acknowledge() and the flush on close: waits for the in-flight commit
 *       (so nothing older arrives later), then commits what was requested and waits for the broker to store it.</li>
 * </ul>
 * Correctness: a consumer (or connection) close flushes, so a message acknowledged before the close is not delivered
 * to the group again. A failed asynchronous commit is logged and its positions are sent again with the next commit or
 * the flush; if the process or the connection dies first, the messages after the last stored position are delivered
 * again: duplicates after a failure, which AUTO_ACKNOWLEDGE allows (Jakarta Messaging §6.2.10), never a loss, since
 * no position passes a message that was not handed out.
 *
 * <p>Threads: {@link #request} and {@link #commitNow} from the session's delivering or closing thread (the caller
 * holds the consumer's lock in {@link NativeProvider}), completions on the client's callback threads. The maps are
 * guarded by this object's monitor; broker calls are made outside it.
 */
final class PositionCommitter {
    private static final Logger LOG = LoggerFactory.getLogger(PositionCommitter.class);

    /** How long {@link #commitNow} waits for the commit in flight (the client's offset call timeout). */
    private static final long IN_FLIGHT_WAIT_MILLIS = 5_000;

    private final PullConsumer consumer;
    /** Positions requested and not sent yet. */
    private final Map<MessageQueue, Long> wanted = new HashMap<>();
    /** Positions sent (in flight or stored); a position not above it needs no commit. */
    private final Map<MessageQueue, Long> sent = new HashMap<>();
    private boolean inFlight;
    private boolean warned;

    PositionCommitter(PullConsumer consumer) {
        this.consumer = consumer;
    }

    /** Asks for {@code positions} to be committed soon, without waiting. */
    void request(Map<MessageQueue, Long> positions) {
        Map<MessageQueue, Long> next;
        synchronized (this) {
            merge(positions);
            if (inFlight || (next = takeChanged()) == null) {
                return; // the completion of the commit in flight sends what was merged
            }
            inFlight = true;
        }
        send(next);
    }

    /** Commits {@code positions} (and anything requested before) and waits until the broker stored them. */
    void commitNow(Map<MessageQueue, Long> positions) throws MQClientException, InterruptedException {
        Map<MessageQueue, Long> next;
        synchronized (this) {
            merge(positions);
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(IN_FLIGHT_WAIT_MILLIS);
            while (inFlight) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    break; // a lost completion: the synchronous commit below still supersedes it
                }
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
            next = takeChanged();
        }
        if (next != null) {
            try {
                consumer.commitSync(next);
            } catch (MQClientException | RuntimeException e) {
                giveBack(next);
                throw e;
            }
        }
    }

    private void send(Map<MessageQueue, Long> positions) {
        consumer.commitAsync(positions).whenComplete((ok, error) -> {
            Map<MessageQueue, Long> next;
            synchronized (this) {
                if (error != null) {
                    if (!warned) { // once per consumer: a broken connection fails every commit until it is closed
                        warned = true;
                        LOG.warn("JMS-ACK-COMMIT-FAILED committing consumed positions failed, they are retried with "
                                + "the next acknowledgement or the close: {}", error.toString());
                    }
                    restore(positions);
                    inFlight = false;
                    notifyAll();
                    return; // not resent at once: the next request (or commitNow) tries again
                }
                next = takeChanged();
                inFlight = next != null;
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

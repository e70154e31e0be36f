package jmsbench;

import jakarta.jms.JMSException;
import jakarta.jms.MessageListener;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What the consumers of one {@link QueuePhase} received, matched message by message: how often each sequence number
 * was delivered, how many each consumer got, deliveries a consumer's selector should not have let through. Written by
 * the providers' listener threads (atomics only), read by the phase's thread.
 */
final class Deliveries {
    private final Bench b;
    private final int runId;
    private final boolean latency;
    private final AtomicIntegerArray timesDelivered;
    private final AtomicLongArray perConsumer;
    private final AtomicLong distinct = new AtomicLong();
    private final AtomicLong duplicates = new AtomicLong();
    private final AtomicLong strays = new AtomicLong();
    private final AtomicLong wrongConsumer = new AtomicLong();
    private final AtomicReference<String> listenerError = new AtomicReference<>();
    private final Lat lat = new Lat();
    private volatile long lastNanos;

    Deliveries(Bench b, int runId, long messages, int consumers, boolean latency) {
        this.b = b;
        this.runId = runId;
        this.latency = latency;
        this.timesDelivered = new AtomicIntegerArray((int) Math.min(messages, Integer.MAX_VALUE - 8));
        this.perConsumer = new AtomicLongArray(consumers);
    }

    /** A listener for consumer {@code index}; {@code colour} is what its selector selects (null: everything). */
    MessageListener listener(int index, String colour) {
        return m -> {
            try {
                long now = System.nanoTime();
                if (!m.propertyExists(QueuePhase.RUN) || m.getIntProperty(QueuePhase.RUN) != runId) {
                    strays.incrementAndGet(); // warm-up or an earlier phase's message delivered again
                    return;
                }
                if (colour != null && !colour.equals(m.getStringProperty(QueuePhase.COLOR))) {
                    wrongConsumer.incrementAndGet();
                }
                if (latency) {
                    lat.add(now - m.getLongProperty(Bench.TS));
                }
                b.consume(m);
                perConsumer.incrementAndGet(index);
                int seq = m.getIntProperty(QueuePhase.SEQ);
                if (timesDelivered.getAndIncrement(seq) == 0) {
                    distinct.incrementAndGet();
                } else {
                    duplicates.incrementAndGet();
                }
                lastNanos = System.nanoTime();
            } catch (JMSException | RuntimeException e) {
                listenerError.compareAndSet(null, e.toString());
            }
        };
    }

    /** Waits until every sent message was delivered, the deadline, or idleNanos without a new delivery. */
    void await(long sent, long deadline, long idleNanos) throws InterruptedException {
        long seen = -1;
        long progressAt = System.nanoTime();
        while (distinct.get() < sent && System.nanoTime() < deadline) {
            long now = distinct.get() + duplicates.get() + strays.get();
            if (now != seen) {
                seen = now;
                progressAt = System.nanoTime();
            } else if (System.nanoTime() - progressAt > idleNanos) {
                return;
            }
            Thread.sleep(5);
        }
    }

    long distinct() {
        return distinct.get();
    }

    long duplicates() {
        return duplicates.get();
    }

    long strays() {
        return strays.get();
    }

    long lastNanos() {
        return lastNanos;
    }

    Lat.Summary latency() {
        return lat.summary();
    }

    /** "12500 / 12500 / 0 / 0", or "color='red' 25000 / color='blue' 25000" when the consumers have selectors. */
    String split(List<String> selectors) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < perConsumer.length(); i++) {
            String sel = selectors.get(i);
            parts.add((sel == null ? "" : sel + " ") + perConsumer.get(i));
        }
        return String.join(" / ", parts);
    }

    /** Why this phase failed (lost, misrouted, or per colour not exactly what was sent), or null. */
    String failure(long sent, long[] perColour, String[] colours) {
        List<String> why = new ArrayList<>();
        long lost = 0;
        for (int i = 0; i < sent; i++) {
            if (timesDelivered.get(i) == 0) {
                lost++;
            }
        }
        if (lost > 0) {
            why.add("LOST " + lost + " of " + sent + " sent");
        }
        if (wrongConsumer.get() > 0) {
            why.add(wrongConsumer.get() + " delivered to a consumer whose selector does not select them");
        }
        if (colours != null) {
            for (int i = 0; i < colours.length; i++) {
                if (perConsumer.get(i) != perColour[i]) {
                    why.add("consumer " + colours[i] + " got " + perConsumer.get(i) + " of " + perColour[i] + " sent");
                }
            }
        }
        if (listenerError.get() != null) {
            why.add("listener error: " + listenerError.get());
        }
        return why.isEmpty() ? null : String.join("; ", why);
    }
}

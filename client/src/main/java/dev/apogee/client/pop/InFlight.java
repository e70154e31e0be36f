package dev.apogee.client.pop;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.function.LongSupplier;

/**
 * The messages a push consumer holds (popped, not yet acked or released), bounded by a semaphore of
 * {@code maxInFlight} permits that a pop takes before it is sent; and their invisible-time renewal: a held message
 * past half of its invisible time is made invisible for another full one by the consumer's {@link LeaseRenewal}
 * ({@link #renew()}, on the consumer's scheduler thread) until it is settled. The set is concurrent: consume threads
 * remove, callback threads add, the scheduler thread scans.
 */
final class InFlight {
    private static final Logger LOG = LoggerFactory.getLogger(InFlight.class);

    private final Semaphore permits;
    private final Set<PoppedMessage> held = ConcurrentHashMap.newKeySet();
    private final PopAcks acks;
    private final long invisibleMillis;
    private final LeaseRenewal renewal;

    InFlight(int maxInFlight, PopAcks acks, long invisibleMillis, LongSupplier clock) {
        this.permits = new Semaphore(maxInFlight);
        this.acks = acks;
        this.invisibleMillis = invisibleMillis;
        this.renewal = new LeaseRenewal(clock);
    }

    /** Takes up to {@code wanted} slots for a pop; 0 when the consumer is full. */
    int reserve(int wanted) {
        int got = 0;
        while (got < wanted && permits.tryAcquire()) {
            got++;
        }
        return got;
    }

    void unreserve(int slots) {
        if (slots > 0) {
            permits.release(slots);
        }
    }

    void hold(PoppedMessage message) {
        held.add(message);
        renewal.track(message, acks, invisibleMillis, () -> held.contains(message));
    }

    /** The message is settled (ack sent, nacked or released): frees its slot. */
    void settled(PoppedMessage message) {
        if (held.remove(message)) {
            permits.release();
        }
    }

    int size() {
        return held.size();
    }

    /** Extends the invisibility of held messages past half of their invisible time. */
    void renew() {
        renewal.renewDue();
    }

    /** Makes every held message visible again at once (shutdown); completes when the brokers answered. */
    CompletableFuture<Void> releaseAll() {
        List<CompletableFuture<Void>> released = new ArrayList<>();
        for (PoppedMessage message : held) {
            if (!message.isDone()) {
                released.add(acks.release(message).exceptionally(error -> {
                    LOG.warn("releasing {} failed, it comes back at its deadline: {}", message, error.toString());
                    return null;
                }));
            }
        }
        return CompletableFuture.allOf(released.toArray(CompletableFuture[]::new));
    }
}

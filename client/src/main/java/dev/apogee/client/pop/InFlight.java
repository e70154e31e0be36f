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
 * {@code maxInFlight} permits that a pop takes before it is sent; and their invisible-time renewal: a message whose
 * deadline is near while its listener still runs is made invisible for another full invisible time
 * ({@link #renew()}, on the consumer's scheduler thread). The set is concurrent: consume threads remove, callback
 * threads add, the scheduler thread scans.
 */
final class InFlight {
    private static final Logger LOG = LoggerFactory.getLogger(InFlight.class);

    private final Semaphore permits;
    private final Set<PoppedMessage> held = ConcurrentHashMap.newKeySet();
    private final Set<PoppedMessage> renewing = ConcurrentHashMap.newKeySet();
    private final PopAcks acks;
    private final long invisibleMillis;
    private final long renewAheadMillis;
    private final LongSupplier clock;

    InFlight(int maxInFlight, PopAcks acks, long invisibleMillis, LongSupplier clock) {
        this.permits = new Semaphore(maxInFlight);
        this.acks = acks;
        this.invisibleMillis = invisibleMillis;
        // renew with a third of the invisible time left (at most 10 s ahead): room for a slow round trip
        this.renewAheadMillis = Math.min(invisibleMillis / 3, 10_000);
        this.clock = clock;
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

    /** Extends the invisibility of held messages whose deadline is near. */
    void renew() {
        long now = clock.getAsLong();
        for (PoppedMessage message : held) {
            if (!message.isDone() && message.localDeadline() - now <= renewAheadMillis && renewing.add(message)) {
                acks.changeInvisibleTime(message, invisibleMillis).whenComplete((handle, error) -> {
                    renewing.remove(message);
                    if (error != null && !message.isDone()) {
                        LOG.warn("renewing the invisible time of {} failed: {}", message, error.toString());
                    }
                });
            }
        }
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

package dev.apogee.broker.pop;

import dev.apogee.store.DispatchListener;

import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Pops waiting for a message: held per topic, released when the store dispatches a message of the topic (the
 * store's dispatch thread, through {@link DispatchListener}), when messages of the topic become due again (the
 * expiry thread, {@link #wake}), or at their deadline ({@link #expire}, the expiry thread). Bounded: past
 * {@code maxHeld} a pop is answered POLLING_FULL at once. Lists are concurrent and a held pop is released once
 * ({@link HeldPop#claim()}), so holds, wake-ups and expiry may race.
 */
final class PopLongPolling implements DispatchListener {
    private final Map<String, Queue<HeldPop>> held = new ConcurrentHashMap<>();
    private final AtomicInteger count = new AtomicInteger();
    /**
     * Per popped topic, counts wake-up causes (dispatches, messages due again). A pop reads its topic's count before
     * looking and compares after it is held: a change means a message may have come in between, which no wake-up
     * would then reach. Topics nobody pops have no counter (a dispatch of theirs costs one map miss).
     */
    private final Map<String, AtomicLong> events = new ConcurrentHashMap<>();
    private final int maxHeld;
    private final LongSupplier clock;

    PopLongPolling(int maxHeld, LongSupplier clock) {
        this.maxHeld = maxHeld;
        this.clock = clock;
    }

    /** Holds {@code pop}; false when too many are held already. */
    boolean hold(HeldPop pop) {
        if (count.incrementAndGet() > maxHeld) {
            count.decrementAndGet();
            return false;
        }
        held.computeIfAbsent(pop.topic, t -> new ConcurrentLinkedQueue<>()).add(pop);
        return true;
    }

    long events(String topic) {
        return events.computeIfAbsent(topic, t -> new AtomicLong()).get();
    }

    int heldCount() {
        return count.get();
    }

    /** Requests of {@code group} held on {@code topic} (POLLING_INFO). */
    int heldCount(String topic, String group) {
        Queue<HeldPop> waiting = held.get(topic);
        if (waiting == null) {
            return 0;
        }
        int n = 0;
        for (HeldPop pop : waiting) {
            if (pop.group.equals(group)) {
                n++;
            }
        }
        return n;
    }

    @Override
    public void onDispatched(String topic, int queueId, long queueOffsetNext, long tagsCode, long storeTimestamp) {
        wake(topic);
    }

    /** Re-runs every pop held on {@code topic}. */
    void wake(String topic) {
        AtomicLong counter = events.get(topic);
        if (counter != null) {
            counter.incrementAndGet();
        }
        Queue<HeldPop> waiting = held.get(topic);
        if (waiting == null || waiting.isEmpty()) {
            return;
        }
        HeldPop pop;
        while ((pop = waiting.poll()) != null) {
            release(pop, false);
        }
    }

    /** Answers the held pops whose deadline passed or whose connection closed. */
    void expire() {
        long now = clock.getAsLong();
        for (Queue<HeldPop> waiting : held.values()) {
            waiting.removeIf(pop -> {
                if (now >= pop.deadline || !pop.channel.isActive()) {
                    release(pop, true);
                    return true;
                }
                return false;
            });
        }
    }

    /** Answers every held pop (shutdown). */
    void releaseAll() {
        for (Queue<HeldPop> waiting : held.values()) {
            HeldPop pop;
            while ((pop = waiting.poll()) != null) {
                release(pop, true);
            }
        }
    }

    private void release(HeldPop pop, boolean timedOut) {
        if (pop.claim()) {
            count.decrementAndGet();
            pop.resumer.accept(pop, timedOut);
        }
    }
}

package dev.apogee.broker.longpolling;

import dev.apogee.remoting.netty.NamedThreadFactory;
import dev.apogee.store.DispatchListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Iterator;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Holds pulls that found their queue empty until a message for that queue is dispatched by the store (woken on the
 * store's dispatch thread through {@link DispatchListener}, no polling) or their deadline passes (checked every
 * {@value #SCAN_MILLIS} ms on the {@code apogee-long-polling} thread). A released pull goes to the resumer, which
 * re-runs it on the pull executor without suspension. Per-queue lists are concurrent, and each held pull is released
 * once ({@link HeldPull#claim()}), so suspend, wake-up and expiry may race freely.
 */
public final class LongPollingHold implements DispatchListener {
    private static final Logger LOG = LoggerFactory.getLogger(LongPollingHold.class);
    private static final long SCAN_MILLIS = 50;

    private final Map<String, Map<Integer, Queue<HeldPull>>> held = new ConcurrentHashMap<>();
    private final Consumer<HeldPull> resumer;
    private final LongSupplier clock;
    private final AtomicInteger heldCount = new AtomicInteger();
    private final ScheduledExecutorService thread =
            Executors.newSingleThreadScheduledExecutor(new NamedThreadFactory("apogee-long-polling", true));

    public LongPollingHold(Consumer<HeldPull> resumer, LongSupplier clock) {
        this.resumer = resumer;
        this.clock = clock;
    }

    public void start() {
        thread.scheduleWithFixedDelay(this::expireSafely, SCAN_MILLIS, SCAN_MILLIS, TimeUnit.MILLISECONDS);
    }

    /** Releases every held pull (they are answered with whatever is there) and stops. */
    public void shutdown() {
        thread.shutdownNow();
        releaseAll();
    }

    /**
     * Holds {@code pull}. {@code maxOffsetNow} is read after the pull is registered, so that a message stored
     * between the empty read and the registration still wakes it.
     */
    public void suspend(HeldPull pull, LongSupplier maxOffsetNow) {
        Queue<HeldPull> waiting = queue(pull.topic(), pull.queueId());
        waiting.add(pull);
        heldCount.incrementAndGet();
        if (maxOffsetNow.getAsLong() > pull.offset()) {
            waiting.remove(pull);
            release(pull);
        }
    }

    public int heldCount() {
        return heldCount.get();
    }

    @Override
    public void onDispatched(String topic, int queueId, long queueOffsetNext, long tagsCode, long storeTimestamp) {
        Map<Integer, Queue<HeldPull>> queues = held.get(topic);
        if (queues == null) {
            return;
        }
        Queue<HeldPull> waiting = queues.get(queueId);
        if (waiting == null || waiting.isEmpty()) {
            return;
        }
        for (Iterator<HeldPull> it = waiting.iterator(); it.hasNext(); ) {
            HeldPull pull = it.next();
            if (queueOffsetNext > pull.offset() && pull.filter().matchesTagsCode(tagsCode)) {
                it.remove();
                release(pull);
            }
        }
    }

    private void expireSafely() {
        try {
            long now = clock.getAsLong();
            for (Map<Integer, Queue<HeldPull>> queues : held.values()) {
                for (Queue<HeldPull> waiting : queues.values()) {
                    waiting.removeIf(pull -> {
                        if (now >= pull.deadlineMillis() || !pull.channel().isActive()) {
                            release(pull);
                            return true;
                        }
                        return false;
                    });
                }
            }
        } catch (Throwable t) {
            LOG.error("long-polling expiry scan failed", t);
        }
    }

    private void releaseAll() {
        for (Map<Integer, Queue<HeldPull>> queues : held.values()) {
            for (Queue<HeldPull> waiting : queues.values()) {
                HeldPull pull;
                while ((pull = waiting.poll()) != null) {
                    release(pull);
                }
            }
        }
    }

    private void release(HeldPull pull) {
        if (!pull.claim()) {
            return;
        }
        heldCount.decrementAndGet();
        try {
            resumer.accept(pull);
        } catch (RuntimeException e) {
            LOG.warn("resuming a held pull of {}:{} failed: {}", pull.topic(), pull.queueId(), e.toString());
        }
    }

    private Queue<HeldPull> queue(String topic, int queueId) {
        return held.computeIfAbsent(topic, t -> new ConcurrentHashMap<>())
                .computeIfAbsent(queueId, q -> new ConcurrentLinkedQueue<>());
    }
}

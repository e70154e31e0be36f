package dev.apogee.client.consumer;

import dev.apogee.client.message.MessageExt;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The in-flight messages of one owned queue, by queue offset: put by pull completions, removed when consumed.
 * The offset that may be committed is the lowest offset still in flight (or one past the highest pulled when none
 * is), so offsets only advance past messages whose processing finished.
 *
 * <p>For orderly consumption, {@link #take(int)} moves messages to a consuming map and {@link #commit()} /
 * {@link #rollback()} finish or undo them. A dropped queue (handed over, offset moved) is never pulled again.
 */
public final class ProcessQueue {
    private final ReentrantLock lock = new ReentrantLock();
    private final TreeMap<Long, MessageExt> inFlight = new TreeMap<>();
    private final TreeMap<Long, MessageExt> consuming = new TreeMap<>();
    private final AtomicLong cachedCount = new AtomicLong();
    private final AtomicLong cachedBytes = new AtomicLong();
    /** Serializes orderly consumption of this queue. */
    private final ReentrantLock consumeLock = new ReentrantLock();
    private long maxOffset = -1;
    private volatile boolean dropped;
    private volatile boolean locked;
    private volatile long lastLockMillis;
    private volatile long lastPullMillis;
    private boolean consumingOrderly;

    /**
     * Adds pulled messages.
     *
     * @return for orderly consumption: true when a consume task should be started (none is running)
     */
    public boolean put(List<MessageExt> messages) {
        lock.lock();
        try {
            for (MessageExt message : messages) {
                if (inFlight.put(message.getQueueOffset(), message) == null) {
                    cachedCount.incrementAndGet();
                    cachedBytes.addAndGet(message.getBody() == null ? 0 : message.getBody().length);
                }
                maxOffset = Math.max(maxOffset, message.getQueueOffset());
            }
            boolean start = !inFlight.isEmpty() && !consumingOrderly;
            if (start) {
                consumingOrderly = true;
            }
            return start;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Removes consumed messages.
     *
     * @return the offset that may now be committed, or -1 when nothing was in flight
     */
    public long remove(List<MessageExt> messages) {
        lock.lock();
        try {
            if (inFlight.isEmpty()) {
                return -1;
            }
            for (MessageExt message : messages) {
                MessageExt removed = inFlight.remove(message.getQueueOffset());
                if (removed != null) {
                    cachedCount.decrementAndGet();
                    cachedBytes.addAndGet(removed.getBody() == null ? 0 : -removed.getBody().length);
                }
            }
            return inFlight.isEmpty() ? maxOffset + 1 : inFlight.firstKey();
        } finally {
            lock.unlock();
        }
    }

    /** The committable offset without removing anything; -1 when nothing was ever pulled. */
    public long committableOffset() {
        lock.lock();
        try {
            if (!consuming.isEmpty()) {
                return consuming.firstKey();
            }
            if (!inFlight.isEmpty()) {
                return inFlight.firstKey();
            }
            return maxOffset < 0 ? -1 : maxOffset + 1;
        } finally {
            lock.unlock();
        }
    }

    /** Orderly: moves up to {@code max} of the lowest messages to the consuming map; empty ends the task. */
    public List<MessageExt> take(int max) {
        lock.lock();
        try {
            List<MessageExt> taken = new ArrayList<>(max);
            while (taken.size() < max && !inFlight.isEmpty()) {
                var entry = inFlight.pollFirstEntry();
                consuming.put(entry.getKey(), entry.getValue());
                taken.add(entry.getValue());
            }
            if (taken.isEmpty()) {
                consumingOrderly = false;
            }
            return taken;
        } finally {
            lock.unlock();
        }
    }

    /** Orderly: the taken messages are done; returns the offset to commit (-1 when nothing was taken). */
    public long commit() {
        lock.lock();
        try {
            if (consuming.isEmpty()) {
                return -1;
            }
            long next = consuming.lastKey() + 1;
            for (MessageExt message : consuming.values()) {
                cachedCount.decrementAndGet();
                cachedBytes.addAndGet(message.getBody() == null ? 0 : -message.getBody().length);
            }
            consuming.clear();
            return next;
        } finally {
            lock.unlock();
        }
    }

    /** Orderly: puts the taken messages back to be consumed again. */
    public void rollback() {
        lock.lock();
        try {
            inFlight.putAll(consuming);
            consuming.clear();
        } finally {
            lock.unlock();
        }
    }

    public long cachedCount() {
        return cachedCount.get();
    }

    public long cachedBytes() {
        return cachedBytes.get();
    }

    /** The span of in-flight offsets, for flow control on out-of-order progress. */
    public long offsetSpan() {
        lock.lock();
        try {
            return inFlight.isEmpty() ? 0 : inFlight.lastKey() - inFlight.firstKey();
        } finally {
            lock.unlock();
        }
    }

    public ReentrantLock consumeLock() {
        return consumeLock;
    }

    public boolean isDropped() {
        return dropped;
    }

    public void drop() {
        dropped = true;
    }

    public boolean isLocked() {
        return locked;
    }

    public void setLocked(boolean locked, long nowMillis) {
        this.locked = locked;
        if (locked) {
            this.lastLockMillis = nowMillis;
        }
    }

    public boolean isLockExpired(long nowMillis, long expiryMillis) {
        return nowMillis - lastLockMillis > expiryMillis;
    }

    public long lastPullMillis() {
        return lastPullMillis;
    }

    public void markPulled(long nowMillis) {
        this.lastPullMillis = nowMillis;
    }
}

package dev.apogee.broker.lock;

import dev.apogee.remoting.protocol.body.MessageQueue;
import io.netty.channel.Channel;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Who may consume a queue orderly: (group, queue) → client id, granted when the queue is free, expired or already the
 * client's, renewed by every lock request, expiring {@link #LOCK_MAX_LIVE_MILLIS} after the last one (the official
 * {@code rocketmq.broker.rebalance.lockMaxLiveTime}). Each group's map is changed under that map's monitor, so a
 * batch is granted atomically with respect to other batches of the group.
 */
public final class QueueLockTable {
    public static final long LOCK_MAX_LIVE_MILLIS = 60_000;

    private record Lock(String clientId, Channel channel, long lastUpdateMillis) {
    }

    private final Map<String, Map<MessageQueue, Lock>> groups = new ConcurrentHashMap<>();
    private final LongSupplier clock;
    private final long maxLiveMillis;

    public QueueLockTable(LongSupplier clock) {
        this(clock, LOCK_MAX_LIVE_MILLIS);
    }

    public QueueLockTable(LongSupplier clock, long maxLiveMillis) {
        this.clock = clock;
        this.maxLiveMillis = maxLiveMillis;
    }

    /** Locks or renews what it can of {@code queues} for {@code clientId}; returns the queues it now holds. */
    public Set<MessageQueue> tryLock(String group, Set<MessageQueue> queues, String clientId, Channel channel) {
        Map<MessageQueue, Lock> locks = groups.computeIfAbsent(group, g -> new ConcurrentHashMap<>());
        Set<MessageQueue> granted = new LinkedHashSet<>();
        long now = clock.getAsLong();
        synchronized (locks) {
            for (MessageQueue queue : queues) {
                Lock current = locks.get(queue);
                if (current == null || current.clientId().equals(clientId) || expired(current, now)) {
                    locks.put(queue, new Lock(clientId, channel, now));
                    granted.add(queue);
                }
            }
        }
        return granted;
    }

    /** Releases the queues {@code clientId} holds among {@code queues}; other clients' locks are left alone. */
    public void unlock(String group, Set<MessageQueue> queues, String clientId) {
        Map<MessageQueue, Lock> locks = groups.get(group);
        if (locks == null) {
            return;
        }
        synchronized (locks) {
            for (MessageQueue queue : queues) {
                Lock current = locks.get(queue);
                if (current != null && current.clientId().equals(clientId)) {
                    locks.remove(queue);
                }
            }
        }
    }

    /** Whether {@code clientId} holds an unexpired lock on the queue. */
    public boolean isLockedBy(String group, MessageQueue queue, String clientId) {
        Map<MessageQueue, Lock> locks = groups.get(group);
        Lock lock = locks == null ? null : locks.get(queue);
        return lock != null && lock.clientId().equals(clientId) && !expired(lock, clock.getAsLong());
    }

    /** Whether any client of the group holds an unexpired lock (the retry-to-DLQ rule). */
    public boolean groupHoldsLocks(String group) {
        Map<MessageQueue, Lock> locks = groups.get(group);
        if (locks == null) {
            return false;
        }
        long now = clock.getAsLong();
        for (Lock lock : locks.values()) {
            if (!expired(lock, now)) {
                return true;
            }
        }
        return false;
    }

    /** Drops every lock taken over {@code channel} (its client disconnected or expired). */
    public void releaseChannel(Channel channel) {
        for (Map<MessageQueue, Lock> locks : groups.values()) {
            synchronized (locks) {
                locks.values().removeIf(lock -> lock.channel() == channel);
            }
        }
    }

    private boolean expired(Lock lock, long now) {
        return now - lock.lastUpdateMillis() > maxLiveMillis;
    }
}

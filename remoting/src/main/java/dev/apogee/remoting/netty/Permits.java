package dev.apogee.remoting.netty;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A bound on an endpoint's requests in flight (oneway writes not yet written, asynchronous calls not yet answered):
 * a counting semaphore whose common paths are one atomic add each.
 *
 * <p>Why not {@link java.util.concurrent.Semaphore}: its acquire and release are compare-and-set loops, and a sender
 * acquiring while the event loop releases makes one of them go round again. The JIT compiles a send path while that
 * has not happened yet, leaves the retry out, and discards the whole compiled path the first time it does (measured:
 * {@code Producer.sendOnewayCoalesced}, {@code CoalescedSends$Lane.send} and {@code RemotingEndpoint.reserveOneway},
 * each recompiled after its first contended acquire or release, in the middle of a JMS benchmark phase). Here
 * acquiring is {@code getAndIncrement} and releasing {@code decrementAndGet}, whatever the other threads do; only
 * going over the limit (overload) takes the slow way: undo the increment, then wait on the monitor until a release
 * makes room.
 *
 * <p>Threads: any. Waiters wait on this object's monitor; a release (or a failed attempt's undo, which may free
 * room another attempt was refused for) notifies them when there are any.
 */
final class Permits {
    private final int limit;
    private final AtomicInteger taken = new AtomicInteger();
    private final AtomicInteger waiting = new AtomicInteger();

    Permits(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("permits must be at least 1, not " + limit);
        }
        this.limit = limit;
    }

    /** Takes a permit if one is free now. */
    boolean tryAcquire() {
        if (taken.getAndIncrement() < limit) {
            return true;
        }
        release(); // undo
        return false;
    }

    /** Takes a permit, waiting up to {@code timeout} for one to be released. */
    boolean tryAcquire(long timeout, TimeUnit unit) throws InterruptedException {
        if (taken.getAndIncrement() < limit) {
            return true;
        }
        release(); // undo
        return acquireWaiting(unit.toNanos(timeout));
    }

    private boolean acquireWaiting(long timeoutNanos) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutNanos;
        waiting.incrementAndGet();
        try {
            synchronized (this) {
                while (true) {
                    // under the monitor: a release after this check notifies only once this thread waits
                    if (taken.getAndIncrement() < limit) {
                        return true;
                    }
                    taken.decrementAndGet(); // no room was made: this thread only undoes its own increment
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        return false;
                    }
                    TimeUnit.NANOSECONDS.timedWait(this, left);
                }
            }
        } finally {
            waiting.decrementAndGet();
        }
    }

    /** Gives a permit back. */
    void release() {
        taken.decrementAndGet();
        if (waiting.get() > 0) {
            synchronized (this) {
                notifyAll();
            }
        }
    }

    /** Permits free now (for messages: it changes as it is read). */
    int available() {
        return Math.max(0, limit - taken.get());
    }
}

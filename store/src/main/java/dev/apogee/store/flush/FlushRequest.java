package dev.apogee.store.flush;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

import dev.apogee.store.PutResult;

/**
 * One SYNC_FLUSH put waiting to be durable. It is the caller's future and its own link in the lists it passes
 * through, so a submit allocates one object and takes no lock.
 */
final class FlushRequest extends CompletableFuture<PutResult> {
    final PutResult result;
    final long nextOffset;
    final long deadlineNanos;
    /**
     * Link in the list that currently owns the request: set by the submitter before the push publishes it, then
     * read and rewritten only by the group-commit thread, which took the list.
     */
    FlushRequest next;
    /** The service's count of requests not completed yet: this one leaves it when it completes (first wins). */
    private final AtomicInteger waiting;

    FlushRequest(PutResult result, long deadlineNanos, AtomicInteger waiting) {
        this.result = result;
        this.nextOffset = result.nextOffset();
        this.deadlineNanos = deadlineNanos;
        this.waiting = waiting;
        waiting.incrementAndGet();
    }

    @Override
    public boolean complete(PutResult value) {
        boolean first = super.complete(value);
        if (first) {
            waiting.decrementAndGet();
        }
        return first;
    }
}

/**
 * Consume queues: per topic and queue id, fixed 20-byte entries pointing into the commit log, in fixed-size files
 * under {@code consumequeue/<topic>/<queueId>/}. Entry n is queue offset n.
 *
 * <p>Threads: entries are written only by the dispatch thread ({@code apogee-store-reput}) or, before the store
 * starts, by recovery; flushed by {@code apogee-store-flush-cq}; files at the head deleted by
 * {@code apogee-store-clean-cq}. Pulling threads read entries below the published write position without locks.
 *
 * <p>Recovery: consume queues are rebuildable from the commit log. At open, each queue is scanned up to its first
 * empty entry, entries pointing past the recovered end of the commit log are cut, and the dispatcher re-dispatches
 * from the checkpoint's safe point; entries already present are recognised by offset and skipped.
 */
package dev.apogee.store.consumequeue;

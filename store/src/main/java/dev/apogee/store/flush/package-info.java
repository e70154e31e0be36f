/**
 * Making bytes durable. Each service owns one thread:
 * <ul>
 *   <li>{@link dev.apogee.store.flush.AsyncFlushService} ({@code apogee-store-flush}, ASYNC_FLUSH): flushes the
 *       commit log every interval when enough pages are dirty, and thoroughly at a longer interval.</li>
 *   <li>{@link dev.apogee.store.flush.GroupCommitService} ({@code apogee-store-group-commit}, SYNC_FLUSH): collects
 *       flush requests from putting threads, covers all of them with one {@code FileChannel.force(false)}, and
 *       completes every request whose end offset is durable.</li>
 *   <li>{@link dev.apogee.store.flush.CommitService} ({@code apogee-store-commit}, transient store pool only): copies
 *       appended bytes from the off-heap write buffers to the file channel.</li>
 *   <li>{@link dev.apogee.store.flush.FlushConsumeQueueService} ({@code apogee-store-flush-cq}): flushes consume
 *       queues and indexes, then writes the checkpoint.</li>
 * </ul>
 * The commit log's {@code flushedWhere} is written only by the one flush service running.
 */
package dev.apogee.store.flush;

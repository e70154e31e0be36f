/**
 * Consumer offsets: the {@link dev.apogee.client.offset.OffsetStore} contract (in-memory offsets that only
 * advance, persisted remotely for clustering by {@link dev.apogee.client.offset.RemoteOffsetStore} or to a local
 * file for broadcasting by {@link dev.apogee.client.offset.LocalOffsetStore}), the broker offset calls
 * ({@link dev.apogee.client.offset.OffsetApi}), the start-offset rules for queues without a committed offset
 * ({@link dev.apogee.client.offset.StartOffset}) and the {@link dev.apogee.client.offset.OffsetPersistService} thread.
 *
 * <p>Threads: stores are written by consume threads (offset advances), the rebalance thread (queues added and
 * removed) and the persist thread; their tables are concurrent maps of atomics.
 */
package dev.apogee.client.offset;

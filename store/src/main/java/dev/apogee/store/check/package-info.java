/**
 * {@code store-check} ({@code bin/apogee-admin store-check}): reads a stopped broker's store directory and checks every
 * commit-log record (structure, body CRC, whole-record CRC) with the store's own {@link
 * dev.apogee.store.record.RecordValidator}, then every consume-queue entry against the record it points at (position,
 * size, topic, queue, queue offset, tags code as the dispatcher computes it). Files are mapped read-only; nothing is
 * written. The store's lock file is held for the whole check, so a broker cannot open the store meanwhile, and a
 * store a running broker holds is refused ({@link dev.apogee.store.check.StoreCheck.StoreInUseException}).
 *
 * <p>Threads: everything runs on the calling thread; a {@link dev.apogee.store.check.StoreCheckReport} is filled by
 * that thread and read after {@link dev.apogee.store.check.StoreCheck#run} returns.
 */
package dev.apogee.store.check;

/**
 * Checkpoint, clean-shutdown marker and recovery at open.
 *
 * <p>Threads: recovery runs once on the thread calling {@code MessageStore.open}, before any service thread exists.
 * The {@link dev.apogee.store.recovery.StoreCheckpoint} is written by {@code apogee-store-flush-cq} and, at
 * shutdown, by the shutting-down thread; its writes are synchronized and atomic (temp file, force, rename).
 *
 * <p>Recovery: the abort marker ({@code abort}) is created at open and removed by a clean shutdown; if present at
 * open, the last run crashed. The commit log is scanned from the checkpoint's flushed offset (everything below it
 * was forced before the checkpoint was written; after a clean stop it is the end of the log, so nothing is read),
 * which bounds recovery by what was written since the last checkpoint (about a second) rather than by the size of
 * the store; without a usable checkpoint, from the last three files after a clean stop, from the first file after a
 * crash ({@link dev.apogee.store.recovery.RecoveryReport} says which). Every record read is checked for magic, size
 * bounds, position, body CRC and, when the record carries one, the whole-record CRC ({@code __CRC32#}, written by
 * default), which also covers topic, queue id, queue offset and properties; the log ends before the first bad
 * record, or before the header of an atomic group ({@code MessageStore.putAtomicGroup}) that the first bad record
 * cuts short, so a group is kept whole or not at all; after a crash the rest of that file is zeroed (after a clean
 * stop it holds only zeroes) and later files deleted. Files before the scan are not read: their last store time
 * (retention) is the file's modification time. Consume queues and indexes are cut to that end and re-dispatched from
 * the checkpoint's dispatched offset. To rebuild consume queues and indexes from scratch, stop the store and delete
 * {@code consumequeue/}, {@code index/} and {@code checkpoint}: without a checkpoint the dispatcher starts at the
 * commit log's first offset.
 */
package dev.apogee.store.recovery;

/**
 * Orderly consumption locks: LOCK_BATCH_MQ / UNLOCK_BATCH_MQ over a table (group, queue) → client that expires
 * after 60 s without renewal and forgets a client whose connection went away, and the send rule that routes a
 * {@code %RETRY%} message of a group still holding locks to its DLQ. The table is thread-safe: lock processors run
 * on the client-manage executor, channel clean-up on the housekeeping or event thread, the retry rule on send threads.
 */
package dev.apogee.broker.lock;

/**
 * Retention and disk-space guard.
 * <ul>
 *   <li>{@link dev.apogee.store.retention.CleanCommitLogService} (thread {@code apogee-store-clean-commitlog}):
 *       probes disk usage (sets or clears the commit log's DISK_FULL flag), and deletes commit-log files older
 *       than the reserved time at the configured hour, or the oldest files at once when usage passes the ratio.
 *       Never deletes the last file, nor a file not yet flushed and dispatched.</li>
 *   <li>{@link dev.apogee.store.retention.CleanConsumeQueueService} (thread {@code apogee-store-clean-cq}): makes
 *       consume queues and indexes follow the commit log's new min offset.</li>
 *   <li>{@link dev.apogee.store.retention.Retention}: both services, and the rounds an operator requests (mqadmin
 *       deleteExpiredCommitLog, cleanExpiredCQ), run on the requesting thread.</li>
 * </ul>
 */
package dev.apogee.store.retention;

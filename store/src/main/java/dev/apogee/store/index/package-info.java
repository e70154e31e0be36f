/**
 * The on-disk hash index from message keys ({@code KEYS} tokens and {@code UNIQ_KEY}, each prefixed with
 * {@code topic#}) to commit-log offsets, in {@link dev.apogee.store.index.IndexFile}s named by the commit-log offset
 * of their first indexed message.
 *
 * <p>Threads: entries are written only by the dispatch thread ({@code apogee-store-reput}) or recovery; flushed by
 * {@code apogee-store-flush-cq}; head files deleted by {@code apogee-store-clean-cq}; queried from any thread, which
 * only follows entries below the published entry count and re-checks every hit against the commit log.
 *
 * <p>Recovery: index files are rebuildable. After a crash, files whose last indexed offset lies at or past the
 * recovered end of the commit log are deleted and the dispatcher re-indexes from the start of the oldest deleted
 * file; messages at or below an index's last indexed offset are not indexed twice.
 */
package dev.apogee.store.index;

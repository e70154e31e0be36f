/**
 * The name server's KV configuration ({@link dev.apogee.namesrv.kv.KvConfigStore}): namespace → key → value, used
 * chiefly for the {@code ORDER_TOPIC_CONFIG} namespace (ordered topics' queue layout). Persisted to one JSON file,
 * rewritten atomically on every change.
 *
 * <p>Threads: request-processor threads; the store serializes changes and their persistence with its own lock.
 */
package dev.apogee.namesrv.kv;

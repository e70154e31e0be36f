package dev.apogee.broker.transaction;

/**
 * Transaction check settings: half messages older than {@code timeoutMillis} are checked every
 * {@code checkIntervalMillis}, at most {@code maxChecks} times (official defaults 6 s, 30 s, 15).
 */
public record TransactionConfig(long timeoutMillis, long checkIntervalMillis, int maxChecks) {
}

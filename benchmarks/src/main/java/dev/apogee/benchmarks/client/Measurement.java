package dev.apogee.benchmarks.client;

/**
 * One producer's result for one row. Only sends that completed OK inside the measured window count.
 *
 * @param p50Micros  median send latency (sync rows), -1 when not measured (async rows)
 * @param p99Micros  99th percentile, -1 when not measured
 * @param firstError the first failure seen, or null
 * @param stored     messages the broker stored during the run (read before and after it), -1 until known; at least
 *                   {@code okSends}, plus the sends still in flight when the window closed
 */
record Measurement(String producer, long okSends, long failedSends, int seconds, long p50Micros, long p99Micros,
                   String firstError, long stored) {
    Measurement withStored(long storedDuringRun) {
        return new Measurement(producer, okSends, failedSends, seconds, p50Micros, p99Micros, firstError,
                storedDuringRun);
    }

    double msgsPerSecond() {
        return okSends / (double) seconds;
    }

    boolean hasLatency() {
        return p50Micros >= 0;
    }
}

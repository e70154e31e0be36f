package dev.apogee.benchmarks.client;

/** Both producers' results for one row; {@code firstRan} says which went first (alternated row by row). */
record RowResult(RowShape shape, Measurement ours, Measurement official, String firstRan) {
    /** Throughput ours / official: above 1.0 we are faster. */
    double ratio() {
        return official.msgsPerSecond() == 0 ? Double.NaN : ours.msgsPerSecond() / official.msgsPerSecond();
    }
}

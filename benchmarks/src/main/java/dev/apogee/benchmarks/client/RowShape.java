package dev.apogee.benchmarks.client;

/**
 * How a row loads the broker: {@code threads} callers of the blocking send, or one caller keeping up to
 * {@code asyncInFlight} async sends outstanding.
 */
record RowShape(String title, int threads, int asyncInFlight) {
    static RowShape sync(int threads) {
        return new RowShape("sync send, " + threads + (threads == 1 ? " thread" : " threads"), threads, 0);
    }

    static RowShape async(int inFlight) {
        return new RowShape("async send, " + inFlight + " in flight", 1, inFlight);
    }

    boolean isAsync() {
        return asyncInFlight > 0;
    }
}

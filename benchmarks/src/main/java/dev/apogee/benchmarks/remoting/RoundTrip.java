package dev.apogee.benchmarks.remoting;

/** One synchronous small request/response round trip through some client to some server; throws on any failure. */
@FunctionalInterface
interface RoundTrip {
    void call() throws Exception;
}

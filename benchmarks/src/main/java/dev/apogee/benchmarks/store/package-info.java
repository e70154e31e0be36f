/**
 * Store benchmarks: {@link dev.apogee.benchmarks.store.StoreBench} measures the store against raw-disk anchors taken
 * in the same run (run with {@code benchmarks/run-store-bench.sh}). Single-threaded driver plus writer threads it
 * creates; nothing here is used by production code.
 */
package dev.apogee.benchmarks.store;

/**
 * Store benchmarks: {@link dev.apogee.benchmarks.store.StoreBench} measures the store against raw-disk anchors taken
 * in the same run (run with {@code benchmarks/run-store-bench.sh}). The driver thread plus the writer threads (or, for
 * callback rows, the small put pool of {@link dev.apogee.benchmarks.store.CallbackWriters}) it creates; nothing here
 * is used by production code.
 */
package dev.apogee.benchmarks.store;

/**
 * XA load tool ({@link dev.apogee.benchmarks.xa.XaBench}): transactions per second of "receive one + send one" under
 * a real transaction manager (Narayana, two-phase: the JMS session plus a no-op second resource) or as a local
 * transacted session, against any Jakarta Messaging provider named by factory class and URL — ours and Artemis's in
 * the same run ({@code benchmarks/run-xa-bench.sh}). One driver JVM per target; the worker threads are the only
 * threads doing work.
 */
package dev.apogee.benchmarks.xa;

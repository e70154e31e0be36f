package dev.apogee.benchmarks.remoting;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Small synchronous request/response round trips per second over loopback, with 1 and 64 concurrent callers (one
 * thread each), for the four client→server pairs of our transport and the official 5.3.3 one, measured in the same
 * JVM run. Each (pair, callers) cell is measured in several slices, and the pair order alternates between slices,
 * so drift (JIT, GC, CPU frequency, noisy neighbours) spreads evenly over all pairs.
 *
 * <pre>
 * usage: RemotingBench [warmupSeconds=3] [secondsPerRow=10] [slices=5] [--nio] [--only=N]
 *   --nio     run our endpoints on NIO instead of native epoll (the official ones default to NIO)
 *   --only=N  measure only pair N (0 = ours -> ours, 1 = official -> official, ...), e.g. under a profiler
 * </pre>
 */
public final class RemotingBench {
    private static final int[] CALLERS = {1, 64};

    private RemotingBench() {
    }

    /** What one (pair, callers) cell accumulated over its slices. */
    private static final class Cell {
        final LatencyHistogram latencies = new LatencyHistogram();
        long nanos;
        long cpuNanos;
    }

    /** CPU time of the whole process: robust where wall-clock throughput is not, on a machine shared with others. */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    public static void main(String[] args) throws Exception {
        List<String> positional = new ArrayList<>();
        boolean nio = false;
        List<String> pairs = List.of(BenchEndpoints.PAIRS);
        for (String arg : args) {
            if (arg.equals("--nio")) {
                nio = true;
            } else if (arg.startsWith("--only=")) {
                pairs = List.of(BenchEndpoints.PAIRS[Integer.parseInt(arg.substring("--only=".length()))]);
            } else {
                positional.add(arg);
            }
        }
        double warmup = positional.size() > 0 ? Double.parseDouble(positional.get(0)) : 3;
        double perRow = positional.size() > 1 ? Double.parseDouble(positional.get(1)) : 10;
        int slices = positional.size() > 2 ? Integer.parseInt(positional.get(2)) : 5;
        System.out.printf(Locale.ROOT, "RemotingBench: warm-up %.1f s per cell, %.1f s measured per row in %d "
                + "slices, our transport on %s, %d CPUs, %s%n", warmup, perRow, slices, nio ? "NIO" : "epoll",
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.version"));

        Map<String, Cell> cells = new LinkedHashMap<>();
        try (BenchEndpoints endpoints = new BenchEndpoints(!nio)) {
            for (int callers : CALLERS) {
                for (String pair : pairs) {
                    run(endpoints.roundTrip(pair), callers, (long) (warmup * 1e9), null);
                }
            }
            long sliceNanos = (long) (perRow * 1e9 / slices);
            for (int slice = 0; slice < slices; slice++) {
                for (int callers : CALLERS) {
                    for (int i = 0; i < pairs.size(); i++) {
                        String pair = pairs.get(slice % 2 == 0 ? i : pairs.size() - 1 - i);
                        Cell cell = cells.computeIfAbsent(pair + "|" + callers, k -> new Cell());
                        long cpuBefore = processCpuNanos();
                        cell.nanos += run(endpoints.roundTrip(pair), callers, sliceNanos, cell.latencies);
                        cell.cpuNanos += processCpuNanos() - cpuBefore;
                    }
                }
            }
        }
        print(cells);
    }

    /** Runs {@code callers} threads calling for {@code nanos}; returns the elapsed time. */
    private static long run(RoundTrip roundTrip, int callers, long nanos, LatencyHistogram into)
            throws InterruptedException {
        LatencyHistogram[] perThread = new LatencyHistogram[callers];
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch ready = new CountDownLatch(callers);
        CountDownLatch go = new CountDownLatch(1);
        long[] deadline = new long[1];
        Thread[] threads = new Thread[callers];
        for (int t = 0; t < callers; t++) {
            LatencyHistogram histogram = perThread[t] = new LatencyHistogram();
            threads[t] = new Thread(() -> {
                ready.countDown();
                try {
                    go.await();
                    long end = deadline[0];
                    long now = System.nanoTime();
                    while (now < end) {
                        roundTrip.call();
                        long done = System.nanoTime();
                        histogram.record(done - now);
                        now = done;
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }, "bench-caller-" + t);
            threads[t].start();
        }
        ready.await();
        long start = System.nanoTime();
        deadline[0] = start + nanos;
        go.countDown();
        for (Thread thread : threads) {
            thread.join();
        }
        long elapsed = System.nanoTime() - start;
        if (failure.get() != null) {
            throw new IllegalStateException("a round trip failed", failure.get());
        }
        if (into != null) {
            for (LatencyHistogram histogram : perThread) {
                into.add(histogram);
            }
        }
        return elapsed;
    }

    private static void print(Map<String, Cell> cells) {
        System.out.println();
        System.out.printf(Locale.ROOT, "%-22s %8s %12s %9s %9s %12s%n", "client -> server", "callers", "ops/s",
                "p50 µs", "p99 µs", "CPU µs/op");
        Map<String, Double> opsPerSecond = new LinkedHashMap<>();
        Map<String, Double> cpuPerOp = new LinkedHashMap<>();
        for (int callers : CALLERS) {
            for (String pair : BenchEndpoints.PAIRS) {
                Cell cell = cells.get(pair + "|" + callers);
                if (cell == null) {
                    continue;
                }
                double ops = cell.latencies.count() / (cell.nanos / 1e9);
                opsPerSecond.put(pair + "|" + callers, ops);
                System.out.printf(Locale.ROOT, "%-22s %8d %12.0f %9d %9d %12.1f%n", pair, callers, ops,
                        cell.latencies.percentileMicros(0.50), cell.latencies.percentileMicros(0.99),
                        cell.cpuNanos / 1e3 / cell.latencies.count());
                cpuPerOp.put(pair + "|" + callers, (double) cell.cpuNanos / cell.latencies.count());
            }
        }
        System.out.println();
        for (int callers : CALLERS) {
            if (!opsPerSecond.containsKey("ours -> ours|" + callers)
                    || !opsPerSecond.containsKey("official -> official|" + callers)) {
                continue;
            }
            double ratio = opsPerSecond.get("ours -> ours|" + callers)
                    / opsPerSecond.get("official -> official|" + callers);
            double cpuRatio = cpuPerOp.get("official -> official|" + callers)
                    / cpuPerOp.get("ours -> ours|" + callers);
            System.out.printf(Locale.ROOT, "ratio ours/official, %2d caller%s: %.2fx ops/s, %.2fx less CPU per op%n",
                    callers, callers == 1 ? " " : "s", ratio, cpuRatio);
        }
    }
}

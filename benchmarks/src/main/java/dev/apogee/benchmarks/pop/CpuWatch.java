package dev.apogee.benchmarks.pop;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * CPU of the watched server processes, of this JVM and of the whole machine between {@link #start} and
 * {@link #stop}, from /proc (same host), reported under the keys the shared load tool uses
 * ({@code broker_cpu_pct}, {@code machine_busy_cpu_pct}, {@code others_cpu_pct}: % of one core), so the broker
 * report reads both tools' rows alike.
 */
final class CpuWatch {
    private static final double CLK_TCK = 100.0; // USER_HZ on Linux x86_64
    private final Map<String, Long> pids = new LinkedHashMap<>();
    private final Map<String, Long> startTicks = new LinkedHashMap<>();
    private long startSelf;
    private long[] startMachine;
    private long startNanos;

    /** {@code broker:1234,namesrv:5678}; an empty spec watches only this JVM and the machine. */
    CpuWatch(String spec) {
        for (String part : spec.split(",")) {
            int colon = part.indexOf(':');
            if (colon > 0) {
                pids.put(part.substring(0, colon), Long.parseLong(part.substring(colon + 1).trim()));
            }
        }
    }

    void start() {
        startNanos = System.nanoTime();
        startSelf = ticks(ProcessHandle.current().pid());
        startMachine = machine();
        pids.forEach((name, pid) -> startTicks.put(name, ticks(pid)));
    }

    /** Percentages (of one core) over the watched interval, added to {@code out}. */
    void stop(Map<String, Object> out) {
        double secs = Math.max(1e-3, (System.nanoTime() - startNanos) / 1e9);
        double self = pct(ticks(ProcessHandle.current().pid()) - startSelf, secs);
        double servers = 0;
        out.put("client_cpu_pct", f1(self));
        for (Map.Entry<String, Long> e : pids.entrySet()) {
            double p = pct(ticks(e.getValue()) - startTicks.get(e.getKey()), secs);
            servers += p;
            out.put(e.getKey() + "_cpu_pct", f1(p));
            out.put(e.getKey() + "_rss_end_MiB", f1(rssKb(e.getValue()) / 1024.0));
        }
        long[] m = machine();
        long total = m[1] - startMachine[1];
        double busyPct = total <= 0 ? 0 : 100.0 * Runtime.getRuntime().availableProcessors()
                * (m[0] - startMachine[0]) / total;
        out.put("machine_busy_cpu_pct", f1(busyPct) + " of " + 100 * Runtime.getRuntime().availableProcessors());
        out.put("others_cpu_pct", f1(Math.max(0, busyPct - servers - self)));
    }

    private static double pct(long ticks, double secs) {
        return 100.0 * ticks / CLK_TCK / secs;
    }

    static String f1(double d) {
        return String.format(Locale.ROOT, "%.1f", d);
    }

    /** utime + stime of a process in clock ticks, 0 if it is gone. */
    private static long ticks(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            // fields after the command name, which may hold spaces: state is field 3, utime 14, stime 15
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[11]) + Long.parseLong(f[12]);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    private static long rssKb(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | RuntimeException e) {
            return 0;
        }
        return 0;
    }

    /** {busy, total} jiffies of all CPUs from the first line of /proc/stat. */
    private static long[] machine() {
        try {
            String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
            long total = 0;
            for (int i = 1; i < f.length; i++) {
                total += Long.parseLong(f[i]);
            }
            long idle = Long.parseLong(f[4]) + (f.length > 5 ? Long.parseLong(f[5]) : 0);
            return new long[] {total - idle, total};
        } catch (IOException | RuntimeException e) {
            return new long[] {0, 0};
        }
    }
}

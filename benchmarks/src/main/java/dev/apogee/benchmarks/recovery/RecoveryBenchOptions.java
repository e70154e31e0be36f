package dev.apogee.benchmarks.recovery;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Command line of {@link RecoveryBench} (and of {@code benchmarks/run-recovery-bench.sh}, which passes it on):
 * {@code --sizes=1,10,30 --dir=PATH --runs=N --load-seconds=S --flush=SYNC_FLUSH|ASYNC_FLUSH --message-bytes=N
 * --out=DIR --drop-caches --keep}. Every problem is one {@link IllegalArgumentException} line.
 */
record RecoveryBenchOptions(List<Integer> sizesGib, Path dir, int runs, int loadSeconds, String flush,
                            int messageBytes, Path out, boolean dropCaches, boolean keep, List<String> jvmOptions) {

    /** {@code bin/mqbroker}'s default JVM options. */
    static final String DEFAULT_JVM = "-Xms1g -Xmx1g -XX:+UseG1GC -XX:MaxDirectMemorySize=2g";

    static final String HELP = String.join("\n",
            "usage: run-recovery-bench.sh [options]",
            "Starts a broker on an empty store, then builds a store to each size (ascending, growing the same",
            "store) and measures recovery: the store's",
            "open time (the broker's STORE-OPEN line) and process-start-to-port of a real broker (BrokerStartup), after",
            "a clean shutdown and after a kill -9 of a process writing to the store at full speed.",
            "  --sizes=1,10,30           commit-log sizes in GiB, ascending (default 1,10,30)",
            "  --dir=PATH                data directory, deleted at the end unless --keep (default",
            "                            /tmp/apogee-recovery-bench)",
            "  --runs=N                  measurements of each case at each size (default 1)",
            "  --load-seconds=S          seconds the writer appends before its kill -9 (default 3)",
            "  --flush=MODE              SYNC_FLUSH or ASYNC_FLUSH, for the broker and the killed writer (default",
            "                            SYNC_FLUSH)",
            "  --message-bytes=N         message body size, 16..1048576 (default 4096)",
            "  --out=DIR                 where the results file goes (default benchmarks/results)",
            "  --drop-caches             drop the page cache before each start (root; cold-cache figures)",
            "  --keep                    keep the data directory",
            "  --java-opts='OPTS'        the broker's JVM options (default bin/mqbroker's: " + "-Xms1g -Xmx1g",
            "                            -XX:+UseG1GC -XX:MaxDirectMemorySize=2g; add -XX:+AlwaysPreTouch for",
            "                            APOGEE_PRETOUCH=true)",
            "  -h, --help                this text");

    static RecoveryBenchOptions parse(String[] args) {
        List<Integer> sizes = List.of(1, 10, 30);
        Path dir = Path.of("/tmp/apogee-recovery-bench");
        int runs = 1;
        int loadSeconds = 3;
        String flush = "SYNC_FLUSH";
        int messageBytes = 4096;
        Path out = Path.of("benchmarks/results");
        boolean drop = false;
        boolean keep = false;
        String jvm = DEFAULT_JVM;
        for (String a : args) {
            int eq = a.indexOf('=');
            String k = eq < 0 ? a : a.substring(0, eq);
            String v = eq < 0 ? null : a.substring(eq + 1);
            switch (k) {
                case "--sizes" -> sizes = sizes(value(k, v));
                case "--dir" -> dir = Path.of(value(k, v));
                case "--runs" -> runs = number(k, value(k, v), 1, 100);
                case "--load-seconds" -> loadSeconds = number(k, value(k, v), 1, 600);
                case "--flush" -> {
                    flush = value(k, v);
                    if (!flush.equals("SYNC_FLUSH") && !flush.equals("ASYNC_FLUSH")) {
                        throw new IllegalArgumentException("--flush must be SYNC_FLUSH or ASYNC_FLUSH, got " + flush);
                    }
                }
                case "--message-bytes" -> messageBytes = number(k, value(k, v), 16, 1 << 20);
                case "--out" -> out = Path.of(value(k, v));
                case "--drop-caches" -> drop = flag(k, v);
                case "--keep" -> keep = flag(k, v);
                case "--java-opts" -> jvm = value(k, v);
                default -> throw new IllegalArgumentException("unknown option " + a + " (see --help)");
            }
        }
        return new RecoveryBenchOptions(sizes, dir, runs, loadSeconds, flush, messageBytes, out, drop, keep,
                List.of(jvm.trim().split("\\s+")));
    }

    private static String value(String k, String v) {
        if (v == null || v.isEmpty()) {
            throw new IllegalArgumentException(k + " needs a value: " + k + "=...");
        }
        return v;
    }

    private static boolean flag(String k, String v) {
        if (v != null) {
            throw new IllegalArgumentException(k + " takes no value");
        }
        return true;
    }

    private static int number(String k, String v, int min, int max) {
        int n;
        try {
            n = Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(k + " must be a whole number, got " + v);
        }
        if (n < min || n > max) {
            throw new IllegalArgumentException(k + " must be in " + min + ".." + max + ", got " + n);
        }
        return n;
    }

    private static List<Integer> sizes(String v) {
        List<Integer> out = new ArrayList<>();
        for (String s : v.split(",")) {
            int n = number("--sizes", s.trim(), 1, 1024);
            if (!out.isEmpty() && n <= out.get(out.size() - 1)) {
                throw new IllegalArgumentException("--sizes must be ascending, got " + v);
            }
            out.add(n);
        }
        return List.copyOf(out);
    }
}

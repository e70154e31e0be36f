package dev.apogee.benchmarks.recovery;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Recovery time against store size (see {@link RecoveryBenchOptions#HELP}). First a broker start on an empty store
 * (its first commit-log file is taken at start). Then for each size: grows the store with a
 * {@link StoreWriter} child to that many GiB of commit log (clean shutdown), then per run measures a broker start
 * after that clean shutdown, and a broker start after a {@link StoreWriter} child that appended for
 * {@code --load-seconds} was killed with SIGKILL. Prints a table and writes it to {@code --out}.
 */
public final class RecoveryBench {
    private static final long GIB = 1L << 30;
    /**
     * Disk-usage percentage above which the store deletes its oldest files, for the writer and the broker: the
     * default 75 deleted most of a 30 GiB store on the bench disk (used ratio = 1 - usable/total, 0.75 here with
     * 62 of 252 GB free).
     */
    static final int NO_RETENTION_RATIO = 99;

    private RecoveryBench() {
    }

    public static void main(String[] args) throws Exception {
        if (List.of(args).contains("-h") || List.of(args).contains("--help")) {
            System.out.println(RecoveryBenchOptions.HELP);
            return;
        }
        RecoveryBenchOptions o;
        try {
            o = RecoveryBenchOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("run-recovery-bench: " + e.getMessage());
            System.exit(2);
            return;
        }
        Path store = o.dir().resolve("store");
        Path runDir = o.dir().resolve("run");
        deleteTree(o.dir());
        Files.createDirectories(runDir);
        List<String> rows = new ArrayList<>();
        try {
            dropCaches(o);
            rows.add(row(store, 0, 1, "first start (empty store)", BrokerProcess.startMeasureStop(store, runDir, o.flush(),
                    o.jvmOptions(), "broker-empty")));
            for (int gib : o.sizesGib()) {
                long t0 = System.nanoTime();
                String end = runWriter(store, runDir, List.of("build", Long.toString(gib * GIB),
                        Integer.toString(o.messageBytes())), 0);
                System.err.printf("built %d GiB (%s) in %d s%n", gib, end, (System.nanoTime() - t0) / 1_000_000_000);
                for (int run = 1; run <= o.runs(); run++) {
                    dropCaches(o);
                    rows.add(row(store, gib, run, "clean shutdown", BrokerProcess.startMeasureStop(store, runDir, o.flush(),
                            o.jvmOptions(), "broker-" + gib + "g-" + run + "-clean")));
                    runWriter(store, runDir, List.of("load", "-", Integer.toString(o.messageBytes()), o.flush()),
                            o.loadSeconds());
                    dropCaches(o);
                    rows.add(row(store, gib, run, "kill -9 under load", BrokerProcess.startMeasureStop(store, runDir,
                            o.flush(), o.jvmOptions(), "broker-" + gib + "g-" + run + "-kill9")));
                }
            }
        } finally {
            if (!o.keep()) {
                deleteTree(o.dir());
            }
        }
        String report = report(o, rows);
        System.out.println(report);
        Files.createDirectories(o.out());
        Path file = o.out().resolve("recovery-" + ZonedDateTime.now(ZoneOffset.UTC)
                .format(DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")) + ".md");
        Files.writeString(file, report);
        System.err.println("results: " + file);
    }

    private static String row(Path store, int gib, int run, String after, BrokerProcess.Start s)
            throws IOException {
        String line = String.format("| %d | %.2f | %d | %s | %s | %d | %,d | %d | %d |", gib, commitLogGib(store),
                run, after,
                s.crashed() ? "abnormal" : "normal", s.storeOpenMillis(), s.bytesScanned(), s.startToPortMillis(),
                s.jvmBaselineMillis());
        System.err.println(line);
        return line;
    }

    /** Commit-log bytes on disk now (file sizes; after the start, so what recovery kept), in GiB. */
    private static double commitLogGib(Path store) throws IOException {
        Path dir = store.resolve("commitlog");
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (Stream<Path> s = Files.list(dir)) {
            long bytes = 0;
            for (Path p : s.filter(p -> p.getFileName().toString().matches("\\d{20}")).toList()) {
                bytes += Files.size(p);
            }
            return bytes / (double) GIB;
        }
    }

    private static String report(RecoveryBenchOptions o, List<String> rows) {
        StringBuilder b = new StringBuilder();
        b.append("# Recovery time against store size\n\n");
        b.append("`benchmarks/run-recovery-bench.sh ").append(String.join(" ", describe(o))).append("` on ")
                .append(Runtime.getRuntime().availableProcessors()).append(" cores, ")
                .append(ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ISO_INSTANT)).append("\n\n");
        b.append("Commit-log files: the 1 GiB files present after the start (the last one is the pre-allocated or ")
                .append("partly written file). ");
        b.append("Store open: the broker's STORE-OPEN time (recovery: commit-log scan from the checkpoint, consume ")
                .append("queue and index cuts, re-dispatch). Start to port: from launching the broker JVM to the first ")
                .append("accepted connection, with JVM options `").append(String.join(" ", o.jvmOptions()))
                .append("`; JVM alone: `java` with the same options and `-version`, timed right before (with ")
                .append("-XX:+AlwaysPreTouch mostly the heap pre-touch). Kill -9: a writer appending at full speed (")
                .append(o.flush())
                .append(") for ").append(o.loadSeconds()).append(" s was killed with SIGKILL.\n\n");
        b.append("| target GiB | commit-log files GiB | run | after | recovery | store open ms | ")
                .append("commit-log bytes scanned | start to port ms | JVM alone ms |\n")
                .append("|---:|---:|---:|---|---|---:|---:|---:|---:|\n");
        rows.forEach(r -> b.append(r).append('\n'));
        return b.toString();
    }

    private static List<String> describe(RecoveryBenchOptions o) {
        List<String> d = new ArrayList<>();
        d.add("--sizes=" + String.join(",", o.sizesGib().stream().map(String::valueOf).toList()));
        d.add("--runs=" + o.runs());
        d.add("--load-seconds=" + o.loadSeconds());
        d.add("--flush=" + o.flush());
        d.add("--message-bytes=" + o.messageBytes());
        if (!o.jvmOptions().equals(List.of(RecoveryBenchOptions.DEFAULT_JVM.split(" ")))) {
            d.add("--java-opts='" + String.join(" ", o.jvmOptions()) + "'");
        }
        if (o.dropCaches()) {
            d.add("--drop-caches");
        }
        return d;
    }

    /**
     * Runs a {@link StoreWriter}: to its end ({@code killAfterSeconds} 0), or SIGKILLed that many seconds after it
     * started writing. Returns its last line.
     */
    private static String runWriter(Path store, Path runDir, List<String> args, int killAfterSeconds)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                Paths.get(System.getProperty("java.home"), "bin", "java").toString(), "-Xms1g", "-Xmx1g",
                "-XX:MaxDirectMemorySize=2g", "-Dapogee.log.dir=" + runDir.resolve("logs"),
                "-cp", System.getProperty("java.class.path"), StoreWriter.class.getName(), store.toString()));
        command.addAll(args);
        Process p = new ProcessBuilder(command).redirectError(runDir.resolve("writer.err").toFile()).start();
        String last = "";
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                last = line;
                if (killAfterSeconds > 0 && line.equals("WRITING")) {
                    Thread.sleep(killAfterSeconds * 1000L);
                    p.destroyForcibly(); // SIGKILL
                    break;
                }
            }
        }
        if (!p.waitFor(30, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new IOException("the store writer did not finish, see " + runDir.resolve("writer.err"));
        }
        if (killAfterSeconds == 0 && p.exitValue() != 0) {
            throw new IOException("the store writer failed (" + p.exitValue() + "), see " + runDir.resolve("writer.err"));
        }
        return last;
    }

    private static void dropCaches(RecoveryBenchOptions o) throws IOException, InterruptedException {
        if (!o.dropCaches()) {
            return;
        }
        Process sync = new ProcessBuilder("sync").inheritIO().start();
        sync.waitFor(5, TimeUnit.MINUTES);
        Files.writeString(Path.of("/proc/sys/vm/drop_caches"), "3\n");
    }

    private static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) {
            return;
        }
        try (Stream<Path> s = Files.walk(p)) {
            for (Path x : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(x);
            }
        }
    }
}

package dev.apogee.benchmarks.client;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Producer benchmark (issue 5): our producer against the official {@code DefaultMQProducer} on the same broker in the
 * same run, sync send with 1 and 16 threads and async send with a bounded window, 1 KiB bodies, one topic of 8
 * queues. Prints a markdown table per target and appends it to {@code benchmarks/results/producer-<utc>.md}
 * (directory overridable with {@code -Dapogee.bench.results=DIR}). Run from the repository root (the Apache anchor
 * finds its jars under {@code anchor-rocketmq/target/lib}); see {@code benchmarks/run-producer-bench.sh}.
 *
 * <pre>ProducerBench [apache|apogee|both] [secondsPerRow=10] [--warmup=3] [--in-flight=512] [--size=1024]</pre>
 */
public final class ProducerBench {
    private ProducerBench() {
    }

    public static void main(String[] args) throws Exception {
        BenchOptions options;
        try {
            options = BenchOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        ZonedDateTime now = ZonedDateTime.now(ZoneOffset.UTC);
        Path report = Paths.get(System.getProperty("apogee.bench.results", "benchmarks/results"))
                .resolve("producer-" + now.format(DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")) + ".md");
        for (String target : options.targets()) {
            String table = runTarget(target, options, now);
            System.out.println(table);
            Files.createDirectories(report.getParent());
            Files.writeString(report, table + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        }
        System.err.println("report: " + report.toAbsolutePath());
        // the official client leaves non-daemon threads behind after shutdown
        System.exit(0);
    }

    private static String runTarget(String target, BenchOptions options, ZonedDateTime started) throws Exception {
        Path runDir = Files.createTempDirectory("producer-bench-" + target + "-");
        List<RowResult> rows;
        String description;
        try (BrokerUnderTest broker = target.equals("apache") ? ApacheBroker.start(runDir)
                : ApogeeBroker.start(runDir)) {
            description = broker.description();
            rows = new TargetRun(options).run(broker);
        } catch (Exception e) {
            System.err.println("run against " + target + " failed; server logs kept in " + runDir);
            throw e;
        }
        deleteTree(runDir);
        return ResultTable.render(header(target, description, options, started), rows);
    }

    private static String header(String target, String description, BenchOptions options, ZonedDateTime started)
            throws IOException {
        String load = Files.readString(Paths.get("/proc/loadavg"), StandardCharsets.UTF_8).trim();
        return String.format("## Producer benchmark against %s (run of %s UTC)%n%n"
                        + "Broker: %s. Topic `%s`, %d queues, created before measuring. Body %d B. Both producers in "
                        + "one load JVM (%s, %d cpus, load average at the end %s), client defaults. Each producer warmed "
                        + "up %d s per row shape, then %d s measured per row and producer; `first` = which one ran "
                        + "first in the row. Only sends completed OK inside the window count. Ratio > 1.0 = ours "
                        + "faster.",
                target, started.format(DateTimeFormatter.ISO_LOCAL_DATE_TIME).substring(0, 19), description,
                TargetRun.TOPIC, TargetRun.QUEUES, options.bodyBytes(), Runtime.version(),
                Runtime.getRuntime().availableProcessors(), load, options.warmupSeconds(), options.secondsPerRow());
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}

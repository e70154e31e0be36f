package dev.apogee.benchmarks.client;

import java.util.List;
import java.util.Locale;

/** The markdown report of one target: a header saying what ran where, the table, and any send failures. */
final class ResultTable {
    private ResultTable() {
    }

    static String render(String header, List<RowResult> rows) {
        StringBuilder out = new StringBuilder(header).append("\n\n");
        out.append("| row | official msg/s | ours msg/s | ratio ours/official | official p50 / p99 ms"
                + " | ours p50 / p99 ms | first |\n");
        out.append("|---|---:|---:|---:|---:|---:|---|\n");
        for (RowResult row : rows) {
            out.append(String.format(Locale.ROOT, "| %s | %,.0f | %,.0f | **%.2f** | %s | %s | %s |%n",
                    row.shape().title(), row.official().msgsPerSecond(), row.ours().msgsPerSecond(), row.ratio(),
                    latency(row.official()), latency(row.ours()), row.firstRan()));
        }
        out.append('\n').append(storedCheck(rows));
        for (RowResult row : rows) {
            for (Measurement m : List.of(row.official(), row.ours())) {
                if (m.failedSends() > 0) {
                    out.append(String.format(Locale.ROOT, "%n- %s, %s: %,d failed sends (not counted), first: %s",
                            row.shape().title(), m.producer(), m.failedSends(), m.firstError()));
                }
            }
        }
        return out.append('\n').toString();
    }

    /** Broker-side cross-check: the broker must have stored at least what the tool counted as sent OK. */
    private static String storedCheck(List<RowResult> rows) {
        StringBuilder check = new StringBuilder("Broker-side check (messages stored during each measurement vs sends"
                + " counted OK):");
        boolean allCovered = true;
        for (RowResult row : rows) {
            for (Measurement m : List.of(row.official(), row.ours())) {
                check.append(String.format(Locale.ROOT, " %s/%s %,d vs %,d;", row.shape().title(), m.producer(),
                        m.stored(), m.okSends()));
                allCovered &= m.stored() >= m.okSends();
            }
        }
        return check.append(allCovered ? " all covered.\n" : " **MISMATCH: a count exceeds what was stored.**\n")
                .toString();
    }

    private static String latency(Measurement m) {
        if (!m.hasLatency()) {
            return "–";
        }
        return String.format(Locale.ROOT, "%.2f / %.2f", m.p50Micros() / 1000.0, m.p99Micros() / 1000.0);
    }
}

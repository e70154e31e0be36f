package dev.apogee.standalone.admin;

import dev.apogee.store.check.DefectKind;
import dev.apogee.store.check.StoreCheck;
import dev.apogee.store.check.StoreCheckReport;
import dev.apogee.store.check.StoreDefect;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;

/**
 * {@code store-check -d DIR}: runs {@link StoreCheck} with a progress display and prints its summary: what was
 * checked, the defects by kind, then each defect with its file and position. Exit code 0 when the store is clean,
 * 1 when defects were found or the store cannot be checked (held by a running broker, not a store).
 */
final class StoreCheckCommand {
    private final PrintStream out;
    private final boolean terminal;

    StoreCheckCommand(PrintStream out, boolean terminal) {
        this.out = out;
        this.terminal = terminal;
    }

    int run(Path storeDir) throws IOException {
        out.println("store-check " + storeDir.toAbsolutePath());
        ProgressDisplay progress = new ProgressDisplay(out, terminal);
        StoreCheckReport report;
        try {
            report = StoreCheck.run(storeDir, progress);
        } finally {
            progress.finishLine();
        }
        printSummary(report);
        return report.clean() ? 0 : 1;
    }

    private void printSummary(StoreCheckReport r) {
        if (r.uncleanShutdown()) {
            out.println("note: the broker that last had this store did not shut down cleanly (abort marker);"
                    + " its next start recovers the end of the log");
        }
        out.printf("commit log: %d files, %d records (%d bytes), log offsets %d to %d%n", r.commitLogFiles(),
                r.records(), r.recordBytes(), r.commitLogMinOffset(), r.commitLogEndOffset());
        out.printf("consume queues: %d queues, %d entries checked (%d holes, %d below the commit log's first file)%n",
                r.consumeQueues(), r.consumeQueueEntries(), r.holes(), r.expiredEntries());
        if (r.skippedBytes() > 0) {
            out.printf("unreadable: %d bytes passed over to find the next record%n", r.skippedBytes());
        }
        if (r.clean()) {
            out.println("result: OK, no errors");
            return;
        }
        out.println("errors by kind:");
        for (Map.Entry<DefectKind, Long> e : r.defectsByKind().entrySet()) {
            out.printf("  %-26s %d%n", e.getKey(), e.getValue());
        }
        out.println("errors" + (r.defects() > r.listedDefects().size() ? " (the first "
                + r.listedDefects().size() + ")" : "") + ":");
        for (StoreDefect d : r.listedDefects()) {
            out.println("  " + d);
        }
        out.println("result: " + r.defects() + " error(s)");
    }
}

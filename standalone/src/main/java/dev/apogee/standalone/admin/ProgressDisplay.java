package dev.apogee.standalone.admin;

import dev.apogee.store.check.StoreCheckProgress;

import java.io.PrintStream;

/**
 * store-check's progress: on a terminal one bar per phase redrawn in place ({@code \r}); otherwise (a pipe, a log
 * file) a plain line at every tenth of a phase, so logs stay readable. Called on the checking thread only.
 */
final class ProgressDisplay implements StoreCheckProgress {
    private static final int BAR_WIDTH = 30;
    private static final double MIB = 1024.0 * 1024.0;

    private final PrintStream out;
    private final boolean terminal;
    private String phase;
    private int lastShown = -1;

    ProgressDisplay(PrintStream out, boolean terminal) {
        this.out = out;
        this.terminal = terminal;
    }

    @Override
    public void progress(String newPhase, long done, long total) {
        if (!newPhase.equals(phase)) {
            finishLine();
            phase = newPhase;
            lastShown = -1;
        }
        int percent = total <= 0 ? 100 : (int) Math.min(100, done * 100 / total);
        if (terminal) {
            if (percent != lastShown) {
                int filled = percent * BAR_WIDTH / 100;
                out.printf("\r%-12s [%s%s] %3d%%  %.1f/%.1f MiB", phase, "#".repeat(filled),
                        "-".repeat(BAR_WIDTH - filled), percent, done / MIB, total / MIB);
                out.flush();
            }
        } else if (percent / 10 != lastShown / 10 || lastShown < 0) {
            out.printf("%s: %d%% (%.1f of %.1f MiB)%n", phase, percent, done / MIB, total / MIB);
        }
        lastShown = percent;
    }

    /** Ends the bar's line before other output follows. */
    void finishLine() {
        if (terminal && phase != null) {
            out.println();
        }
        phase = null;
    }
}

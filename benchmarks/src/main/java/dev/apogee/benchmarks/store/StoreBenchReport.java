package dev.apogee.benchmarks.store;

import java.util.List;
import java.util.Locale;

import dev.apogee.benchmarks.store.StoreBench.Model;
import dev.apogee.benchmarks.store.StoreBench.Row;

/** Prints StoreBench's table and the acceptance ratios (issue #3), every ratio taken within one run. */
final class StoreBenchReport {
    private StoreBenchReport() {
    }

    static void print(List<Row> rows, double rawMBps, double channelSync, double mappedSync, double group16,
                      double group64) {
        System.out.println();
        System.out.println("Writer model: \"threads\" = one platform thread per writer blocked on its future (join); "
                + "\"callbacks\" = logical writers with one put outstanding each, the next put issued from the "
                + "completion callback on a " + CallbackWriters.POOL_THREADS + "-thread pool (how the broker drives "
                + "the store).");
        System.out.println();
        System.out.println("| run | writer model | writers | msgs/s | MB/s (records) | MB/s incl. final flush | fsyncs "
                + "| msgs per fsync | process CPU us/msg | not PUT_OK |");
        System.out.println("|---|---|---|---|---|---|---|---|---|---|");
        for (Row r : rows) {
            System.out.printf(Locale.ROOT, "| %s | %s | %d | %,.0f | %.1f | %.1f | %s | %s | %.1f | %s |%n",
                    r.spec().name(), r.spec().model().label, r.spec().writers(), r.msgsPerSec(), r.mbPerSec(),
                    r.durableMbPerSec(), r.forces() > 0 ? Long.toString(r.forces()) : "-",
                    r.forces() > 0 ? String.format(Locale.ROOT, "%.1f", (double) r.messages() / r.forces()) : "-",
                    r.cpuMicrosPerMsg(), r.failureCount() == 0 ? "0" : r.failures().toString());
        }
        Row async1 = find(rows, "ASYNC_FLUSH", Model.THREADS, 1);
        Row async4 = find(rows, "ASYNC_FLUSH", Model.THREADS, 4);
        System.out.println();
        System.out.printf(Locale.ROOT, "anchors: raw seq write %.1f MB/s; raw FileChannel.write+force(false) %.0f/s "
                + "(higher of before/after); raw mapped put+MappedByteBuffer.force %.0f/s%n",
                rawMBps, channelSync, mappedSync);
        System.out.printf(Locale.ROOT, "ASYNC 1 writer MB/s / raw MB/s   = %.2f (target >= 0.70)%n",
                async1.mbPerSec() / rawMBps);
        System.out.printf(Locale.ROOT, "ASYNC 4 writers MB/s / raw MB/s  = %.2f%n", async4.mbPerSec() / rawMBps);
        System.out.printf(Locale.ROOT, "ASYNC 1 / 4 writers incl. final flush / raw MB/s = %.2f / %.2f "
                + "(counts the flush of what the window left dirty)%n",
                async1.durableMbPerSec() / rawMBps, async4.durableMbPerSec() / rawMBps);
        System.out.printf(Locale.ROOT, "group ceiling: raw N x 1136 B write + force(false) = %.0f records/s (N=16, "
                + "%.1fx the raw force rate), %.0f records/s (N=64, %.1fx)%n", group16, group16 / channelSync,
                group64, group64 / channelSync);
        for (int writers : new int[] {16, 64}) {
            Row r = find(rows, "SYNC_FLUSH", Model.CALLBACKS, writers);
            if (r != null) {
                System.out.printf(Locale.ROOT, "SYNC_FLUSH %d writers (%s) / group ceiling N=%d = %.2f%n", writers,
                        r.spec().model().label, writers, r.msgsPerSec() / (writers == 16 ? group16 : group64));
            }
        }
        for (String name : List.of("SYNC_FLUSH", "SYNC_FLUSH+unstaged", "SYNC_FLUSH+mapped", "SYNC_FLUSH+pool")) {
            Row one = find(rows, name, Model.THREADS, 1);
            for (Model model : Model.values()) {
                Row r = find(rows, name, model, 64);
                if (r == null) {
                    continue;
                }
                System.out.printf(Locale.ROOT, "%s 64 writers (%s) / raw force(false) rate = %.1fx (target >= 20x); "
                        + "/ raw mapped force rate = %.1fx; / %s 1 thread = %.1fx%n", name, model.label,
                        r.msgsPerSec() / channelSync, r.msgsPerSec() / mappedSync, name,
                        r.msgsPerSec() / one.msgsPerSec());
            }
            System.out.printf(Locale.ROOT, "%s 1 writer / raw force(false) rate = %.2f%n", name,
                    one.msgsPerSec() / channelSync);
        }
        Row asyncNoCrc = find(rows, "ASYNC_FLUSH-recordcrc", Model.THREADS, 1);
        Row syncNoCrc = find(rows, "SYNC_FLUSH-recordcrc", Model.CALLBACKS, 64);
        Row sync64 = find(rows, "SYNC_FLUSH", Model.CALLBACKS, 64);
        if (async1 != null && asyncNoCrc != null && sync64 != null && syncNoCrc != null) {
            System.out.printf(Locale.ROOT, "record CRC (with / without, rows of one pass, not interleaved: order "
                    + "effects dominate, see results/store-20261130T2335Z.md): ASYNC 1 writer msgs/s %.2f, CPU us/msg "
                    + "%.2f; SYNC 64 callbacks msgs/s %.2f, CPU us/msg %.2f%n",
                    async1.msgsPerSec() / asyncNoCrc.msgsPerSec(), async1.cpuMicrosPerMsg() / asyncNoCrc.cpuMicrosPerMsg(),
                    sync64.msgsPerSec() / syncNoCrc.msgsPerSec(), sync64.cpuMicrosPerMsg() / syncNoCrc.cpuMicrosPerMsg());
        }
    }

    private static Row find(List<Row> rows, String name, Model model, int writers) {
        for (Row r : rows) {
            if (r.spec().name().equals(name) && r.spec().model() == model && r.spec().writers() == writers) {
                return r;
            }
        }
        return null;
    }
}

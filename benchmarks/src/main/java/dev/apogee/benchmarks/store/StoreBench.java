package dev.apogee.benchmarks.store;

import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

import dev.apogee.store.FlushMode;
import dev.apogee.store.MessageStore;
import dev.apogee.store.MessageToStore;
import dev.apogee.store.PutResult;
import dev.apogee.store.PutStatus;
import dev.apogee.store.StoreConfig;

/**
 * In-process store load tool. In one run: raw sequential write bandwidth and synchronous-append rates of the disk
 * under the data directory, then appends/s of 1 KiB messages with ASYNC_FLUSH (1 and 4 writers) and SYNC_FLUSH
 * (1, 16 and 64 writers); prints a table and the ratios against the raw anchors.
 *
 * <p>Usage: {@code StoreBench <dataDir> [secondsPerRow=5] [rawWriteMiB=1024] [commitLogFileMiB=256]}.
 */
public final class StoreBench {
    private static final int BODY_SIZE = 1024;

    private StoreBench() {
    }

    /** One store row. */
    private record Row(String name, int writers, double msgsPerSec, double mbPerSec, double durableMbPerSec,
                       long forces, long messages, Map<PutStatus, Long> failures) {
        long failureCount() {
            return failures.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    public static void main(String[] args) throws Exception {
        Path dataDir = Path.of(args.length > 0 ? args[0] : "/tmp/apogee-store-bench");
        double seconds = args.length > 1 ? Double.parseDouble(args[1]) : 5;
        long rawBytes = (args.length > 2 ? Long.parseLong(args[2]) : 1024) << 20;
        int fileSize = (int) ((args.length > 3 ? Long.parseLong(args[3]) : 256) << 20);
        Files.createDirectories(dataDir);

        System.out.printf(Locale.ROOT, "# StoreBench dir=%s seconds/row=%.1f raw=%d MiB commitLogFile=%d MiB cores=%d%n",
                dataDir, seconds, rawBytes >> 20, fileSize >> 20, Runtime.getRuntime().availableProcessors());
        double channelSyncBefore = RawDiskBench.syncRate(dataDir, RawDiskBench.SyncMode.CHANNEL_WRITE_CHANNEL_FORCE,
                BODY_SIZE, seconds);
        double mappedSync = RawDiskBench.syncRate(dataDir, RawDiskBench.SyncMode.MAPPED_WRITE_MAPPED_FORCE,
                BODY_SIZE, seconds);
        double mappedChannelSync = RawDiskBench.syncRate(dataDir, RawDiskBench.SyncMode.MAPPED_WRITE_CHANNEL_FORCE,
                BODY_SIZE, seconds);
        System.out.printf(Locale.ROOT, "raw sync 1 KiB: FileChannel.write+force(false) %.0f/s, "
                + "mapped put+MappedByteBuffer.force %.0f/s, mapped put+FileChannel.force(false) %.0f/s%n",
                channelSyncBefore, mappedSync, mappedChannelSync);
        double rawMBps = RawDiskBench.sequentialWriteMBps(dataDir, rawBytes);
        System.out.printf(Locale.ROOT, "raw sequential write (1 MiB FileChannel writes + force): %.1f MB/s%n", rawMBps);

        List<Row> rows = new ArrayList<>();
        rows.add(run(dataDir, FlushMode.ASYNC_FLUSH, 1, seconds, fileSize));
        rows.add(run(dataDir, FlushMode.ASYNC_FLUSH, 4, seconds, fileSize));
        rows.add(run(dataDir, FlushMode.SYNC_FLUSH, 1, seconds, fileSize));
        rows.add(run(dataDir, FlushMode.SYNC_FLUSH, 16, seconds, fileSize));
        rows.add(run(dataDir, FlushMode.SYNC_FLUSH, 64, seconds, fileSize));
        // SYNC_FLUSH with the transient store pool: appends go to off-heap buffers and reach the file by
        // FileChannel.write right before each group-commit force (the cheaper fsync of the two raw anchors).
        rows.add(run(dataDir, FlushMode.SYNC_FLUSH, 1, seconds, fileSize, true));
        rows.add(run(dataDir, FlushMode.SYNC_FLUSH, 16, seconds, fileSize, true));
        rows.add(run(dataDir, FlushMode.SYNC_FLUSH, 64, seconds, fileSize, true));
        double channelSyncAfter = RawDiskBench.syncRate(dataDir, RawDiskBench.SyncMode.CHANNEL_WRITE_CHANNEL_FORCE,
                BODY_SIZE, seconds);
        System.out.printf(Locale.ROOT, "raw sync 1 KiB again after the store rows: FileChannel.write+force(false) %.0f/s%n",
                channelSyncAfter);
        // the higher of the two anchor readings: the ratio is then the conservative one
        double channelSync = Math.max(channelSyncBefore, channelSyncAfter);
        report(rows, rawMBps, channelSync, mappedSync);
        Runtime.getRuntime().halt(0);
    }

    private static void report(List<Row> rows, double rawMBps, double channelSync, double mappedSync) {
        System.out.println();
        System.out.println("| run | writers | msgs/s | MB/s (records) | MB/s incl. final flush | fsyncs | msgs per fsync "
                + "| not PUT_OK |");
        System.out.println("|---|---|---|---|---|---|---|---|");
        for (Row r : rows) {
            System.out.printf(Locale.ROOT, "| %s | %d | %,.0f | %.1f | %.1f | %s | %s | %s |%n", r.name(), r.writers(),
                    r.msgsPerSec(), r.mbPerSec(), r.durableMbPerSec(),
                    r.forces() > 0 ? Long.toString(r.forces()) : "-",
                    r.forces() > 0 ? String.format(Locale.ROOT, "%.1f", (double) r.messages() / r.forces()) : "-",
                    r.failureCount() == 0 ? "0" : r.failures().toString());
        }
        Row async1 = rows.get(0);
        Row async4 = rows.get(1);
        Row sync1 = rows.get(2);
        Row sync64 = rows.get(4);
        double bestAsync = Math.max(async1.mbPerSec(), async4.mbPerSec());
        System.out.println();
        System.out.printf(Locale.ROOT, "ASYNC 1 writer MB/s / raw MB/s   = %.2f (target >= 0.70)%n", async1.mbPerSec() / rawMBps);
        System.out.printf(Locale.ROOT, "ASYNC 4 writers MB/s / raw MB/s  = %.2f%n", async4.mbPerSec() / rawMBps);
        System.out.printf(Locale.ROOT, "best ASYNC MB/s / raw MB/s       = %.2f%n", bestAsync / rawMBps);
        System.out.printf(Locale.ROOT, "ASYNC 1 / 4 writers incl. final flush / raw MB/s = %.2f / %.2f "
                + "(counts the flush of what the window left dirty)%n",
                async1.durableMbPerSec() / rawMBps, async4.durableMbPerSec() / rawMBps);
        System.out.printf(Locale.ROOT, "SYNC 64 writers / raw force(false) rate = %.1fx (target >= 20x)%n",
                sync64.msgsPerSec() / channelSync);
        System.out.printf(Locale.ROOT, "SYNC 64 writers / raw mapped force rate = %.1fx%n", sync64.msgsPerSec() / mappedSync);
        System.out.printf(Locale.ROOT, "SYNC 1 writer / raw force(false) rate   = %.2f%n", sync1.msgsPerSec() / channelSync);
        System.out.printf(Locale.ROOT, "SYNC 64 writers / SYNC 1 writer         = %.1fx%n", sync64.msgsPerSec() / sync1.msgsPerSec());
        Row pooled1 = rows.get(5);
        Row pooled64 = rows.get(7);
        System.out.printf(Locale.ROOT, "SYNC+pool 64 writers / raw force(false) rate = %.1fx (target >= 20x)%n",
                pooled64.msgsPerSec() / channelSync);
        System.out.printf(Locale.ROOT, "SYNC+pool 64 writers / SYNC+pool 1 writer    = %.1fx%n",
                pooled64.msgsPerSec() / pooled1.msgsPerSec());
        System.out.printf(Locale.ROOT, "SYNC+pool 1 writer / raw force(false) rate   = %.2f%n",
                pooled1.msgsPerSec() / channelSync);
    }

    private static Row run(Path dataDir, FlushMode mode, int writers, double seconds, int fileSize) throws Exception {
        return run(dataDir, mode, writers, seconds, fileSize, false);
    }

    private static Row run(Path dataDir, FlushMode mode, int writers, double seconds, int fileSize, boolean pooled)
            throws Exception {
        Path dir = dataDir.resolve("store-" + mode + "-" + writers + (pooled ? "-pool" : ""));
        deleteTree(dir);
        StoreConfig config = StoreConfig.builder(dir)
                .commitLogFileSize(fileSize)
                .flushMode(mode)
                .warmMappedFiles(mode == FlushMode.SYNC_FLUSH)
                .transientStorePoolEnable(pooled)
                .transientStorePoolSize(2)
                .build();
        LongAdder messages = new LongAdder();
        LongAdder bytes = new LongAdder();
        Map<PutStatus, LongAdder> failures = new ConcurrentHashMap<>();
        long forces;
        double elapsed;
        long closeStart;
        try (MessageStore store = MessageStore.open(config)) {
            store.start();
            awaitFile(dir, 0, fileSize);
            warmUp(store);
            awaitFile(dir, fileSize, fileSize);
            long warmForces = store.stats().groupCommitForces();
            CountDownLatch go = new CountDownLatch(1);
            long[] window = new long[2];
            List<Thread> threads = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                Thread t = new Thread(() -> writeLoop(store, go, seconds, messages, bytes, failures),
                        "bench-writer-" + w);
                threads.add(t);
                t.start();
            }
            window[0] = System.nanoTime();
            go.countDown();
            for (Thread t : threads) {
                t.join();
            }
            window[1] = System.nanoTime();
            elapsed = (window[1] - window[0]) / 1e9;
            forces = store.stats().groupCommitForces() - warmForces;
            closeStart = System.nanoTime();
        }
        // shutdown flushed whatever was still dirty: bytes / (window + that flush) is the rate actually made durable
        double closeSecs = (System.nanoTime() - closeStart) / 1e9;
        deleteTree(dir);
        String name = (mode == FlushMode.ASYNC_FLUSH ? "ASYNC_FLUSH" : "SYNC_FLUSH") + (pooled ? "+pool" : "");
        Map<PutStatus, Long> failed = new TreeMap<>();
        failures.forEach((k, v) -> failed.put(k, v.sum()));
        Row r = new Row(name, writers, messages.sum() / elapsed, bytes.sum() / elapsed / 1e6,
                bytes.sum() / (elapsed + closeSecs) / 1e6, forces, messages.sum(), failed);
        System.out.printf(Locale.ROOT, "%s writers=%d: %,.0f msgs/s %.1f MB/s%n", name, writers, r.msgsPerSec(),
                r.mbPerSec());
        return r;
    }

    /**
     * Waits (bounded) until the background allocator has prepared the commit-log file at {@code offset}, so that
     * pre-allocation of the next file does not overlap the measured window.
     */
    private static void awaitFile(Path storeDir, long offset, int fileSize) throws Exception {
        String name = String.format(Locale.ROOT, "%020d", offset);
        Path file = storeDir.resolve("commitlog").resolve(name);
        Path tmp = storeDir.resolve("commitlog").resolve(name + ".tmp");
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (System.nanoTime() < deadline
                && !(Files.exists(file) && !Files.exists(tmp) && Files.size(file) == fileSize)) {
            Thread.sleep(20);
        }
    }

    private static void warmUp(MessageStore store) {
        MessageToStore m = message(0);
        long deadline = System.nanoTime() + 1_500_000_000L;
        for (int i = 0; i < 20_000 && System.nanoTime() < deadline; i++) {
            store.putMessage(m).join();
        }
    }

    private static MessageToStore message(int queueId) {
        byte[] body = new byte[BODY_SIZE];
        for (int i = 0; i < body.length; i++) {
            body[i] = (byte) ('a' + i % 26);
        }
        return new MessageToStore("BenchTopic", queueId, body)
                .properties("TAGS\u0001bench\u0002")
                .bornTimestamp(System.currentTimeMillis())
                .bornHost(new InetSocketAddress("127.0.0.1", 50000))
                .storeHost(new InetSocketAddress("127.0.0.1", 10911));
    }

    private static void writeLoop(MessageStore store, CountDownLatch go, double seconds,
                                  LongAdder messages, LongAdder bytes, Map<PutStatus, LongAdder> failures) {
        MessageToStore m = message((int) (Thread.currentThread().getId() % 8));
        try {
            go.await();
        } catch (InterruptedException e) {
            return;
        }
        long deadline = System.nanoTime() + (long) (seconds * 1e9);
        while (System.nanoTime() < deadline) {
            PutResult r = store.putMessage(m).join();
            if (r.status() == PutStatus.PUT_OK) {
                messages.increment();
                bytes.add(r.wroteBytes());
            } else {
                failures.computeIfAbsent(r.status(), k -> new LongAdder()).increment();
                // like a client answered "system busy": back off instead of spinning against the stalled append
                LockSupport.parkNanos(1_000_000L);
            }
        }
    }

    private static void deleteTree(Path p) throws Exception {
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

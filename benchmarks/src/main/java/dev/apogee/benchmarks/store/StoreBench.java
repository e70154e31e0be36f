package dev.apogee.benchmarks.store;

import java.lang.management.ManagementFactory;
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
import java.util.regex.Pattern;
import java.util.stream.Stream;

import dev.apogee.store.FlushMode;
import dev.apogee.store.MessageStore;
import dev.apogee.store.MessageToStore;
import dev.apogee.store.PutResult;
import dev.apogee.store.PutStatus;
import dev.apogee.store.StoreConfig;

/**
 * In-process store load tool. In one run: raw sequential write bandwidth and synchronous-append rates of the disk
 * under the data directory (one record per fsync, and the group ceiling: 16 or 64 records per write + fsync), then appends/s of 1 KiB messages with ASYNC_FLUSH (1 and 4 writers) and SYNC_FLUSH
 * (1, 16 and 64 writers), with and without the transient store pool, each SYNC_FLUSH 64 row both with blocked
 * writer threads and with callback-driven logical writers ({@link Model}); prints a table, process CPU per message,
 * and the ratios against the raw anchors.
 *
 * <p>Usage: see {@link #main}.
 */
public final class StoreBench {
    private static final int BODY_SIZE = 1024;
    /**
     * Stored size of the benchmark's 1 KiB-body record (header, topic, properties and the 20-byte record CRC, on by
     * default): the group anchor's block.
     */
    private static final int RECORD_SIZE = 1156;

    private StoreBench() {
    }

    /** How the writers drive the store; printed with every row so the two are never mistaken for each other. */
    enum Model {
        /** One platform thread per writer, each blocked on its put's future ({@code join}). */
        THREADS("threads"),
        /** Logical writers, one put outstanding each, driven by completion callbacks on a small pool. */
        CALLBACKS("callbacks/" + CallbackWriters.POOL_THREADS + "-thread pool");

        final String label;

        Model(String label) {
            this.label = label;
        }
    }

    /** How appended bytes reach the commit-log file. */
    enum Writes {
        /** The store's default for the flush mode: through the mapping (ASYNC), the staging ring + channel writes (SYNC). */
        DEFAULT(""),
        /**
         * SYNC_FLUSH write-through without the staging ring ({@code commitLogStagingBytes(0)}): each append writes
         * its own bytes with a positional write under the put lock (the default before the ring).
         */
        UNSTAGED("+unstaged"),
        /** Through the mapping whatever the flush mode (the SYNC_FLUSH default before write-through). */
        MAPPED("+mapped"),
        /** Transient store pool: off-heap buffers, committed to the file by channel writes. */
        POOL("+pool"),
        /** The default write path without the whole-record CRC ({@code recordCrc(false)}): what the CRC costs. */
        NO_RECORD_CRC("-recordcrc");

        final String suffix;

        Writes(String suffix) {
            this.suffix = suffix;
        }
    }

    /** One store row to run. */
    record Spec(FlushMode mode, Writes writes, Model model, int writers) {
        String name() {
            return (mode == FlushMode.ASYNC_FLUSH ? "ASYNC_FLUSH" : "SYNC_FLUSH") + writes.suffix;
        }
    }

    /** One store row's outcome. */
    record Row(Spec spec, double msgsPerSec, double mbPerSec, double durableMbPerSec,
                       long forces, long messages, double cpuMicrosPerMsg, Map<PutStatus, Long> failures) {
        long failureCount() {
            return failures.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    private static final List<Spec> SPECS = List.of(
            new Spec(FlushMode.ASYNC_FLUSH, Writes.DEFAULT, Model.THREADS, 1),
            new Spec(FlushMode.ASYNC_FLUSH, Writes.DEFAULT, Model.THREADS, 4),
            new Spec(FlushMode.ASYNC_FLUSH, Writes.NO_RECORD_CRC, Model.THREADS, 1),
            // SYNC_FLUSH as shipped: appends are staged in a 4 MiB ring under the put lock and the group-commit
            // thread writes them with one positional FileChannel.write per round before its force (the cheaper
            // fsync of the two raw anchors)
            new Spec(FlushMode.SYNC_FLUSH, Writes.DEFAULT, Model.THREADS, 1),
            new Spec(FlushMode.SYNC_FLUSH, Writes.DEFAULT, Model.THREADS, 16),
            new Spec(FlushMode.SYNC_FLUSH, Writes.DEFAULT, Model.THREADS, 64),
            new Spec(FlushMode.SYNC_FLUSH, Writes.DEFAULT, Model.CALLBACKS, 16),
            new Spec(FlushMode.SYNC_FLUSH, Writes.DEFAULT, Model.CALLBACKS, 64),
            new Spec(FlushMode.SYNC_FLUSH, Writes.NO_RECORD_CRC, Model.CALLBACKS, 64),
            // without the staging ring (the default): every put writes its own bytes under the lock
            new Spec(FlushMode.SYNC_FLUSH, Writes.UNSTAGED, Model.THREADS, 1),
            new Spec(FlushMode.SYNC_FLUSH, Writes.UNSTAGED, Model.CALLBACKS, 64),
            // for comparison: appends through the mapping (RocketMQ's way), forced with fdatasync
            new Spec(FlushMode.SYNC_FLUSH, Writes.MAPPED, Model.THREADS, 1),
            new Spec(FlushMode.SYNC_FLUSH, Writes.MAPPED, Model.CALLBACKS, 64),
            // SYNC_FLUSH with the transient store pool: appends go to off-heap buffers and reach the file by
            // FileChannel.write right before each group-commit force
            new Spec(FlushMode.SYNC_FLUSH, Writes.POOL, Model.THREADS, 1),
            new Spec(FlushMode.SYNC_FLUSH, Writes.POOL, Model.THREADS, 16),
            new Spec(FlushMode.SYNC_FLUSH, Writes.POOL, Model.THREADS, 64),
            new Spec(FlushMode.SYNC_FLUSH, Writes.POOL, Model.CALLBACKS, 16),
            new Spec(FlushMode.SYNC_FLUSH, Writes.POOL, Model.CALLBACKS, 64));

    /**
     * Usage: {@code StoreBench <dataDir> [secondsPerRow] [rawWriteMiB] [commitLogFileMiB] [rowFilter]}; a row filter
     * (a regex over "NAME MODEL WRITERS", e.g. {@code "\\+pool callbacks.* 64"}) runs only matching rows and skips
     * the ratios, for profiling.
     */
    public static void main(String[] args) throws Exception {
        Path dataDir = Path.of(args.length > 0 ? args[0] : "/tmp/apogee-store-bench");
        double seconds = args.length > 1 ? Double.parseDouble(args[1]) : 5;
        long rawBytes = (args.length > 2 ? Long.parseLong(args[2]) : 1024) << 20;
        int fileSize = (int) ((args.length > 3 ? Long.parseLong(args[3]) : 256) << 20);
        Pattern filter = args.length > 4 && !args[4].isEmpty() ? Pattern.compile(args[4]) : null;
        Files.createDirectories(dataDir);

        System.out.printf(Locale.ROOT, "# StoreBench dir=%s seconds/row=%.1f raw=%d MiB commitLogFile=%d MiB cores=%d%n",
                dataDir, seconds, rawBytes >> 20, fileSize >> 20, Runtime.getRuntime().availableProcessors());
        if (filter != null) {
            for (Spec spec : SPECS) {
                if (filter.matcher(spec.name() + " " + spec.model().label + " " + spec.writers()).find()) {
                    run(dataDir, spec, seconds, fileSize);
                }
            }
            // exit, not halt: shutdown hooks dump a flight recording when one was requested
            System.exit(0);
        }
        double channelSyncBefore = RawDiskBench.syncRate(dataDir, RawDiskBench.SyncMode.CHANNEL_WRITE_CHANNEL_FORCE,
                BODY_SIZE, seconds);
        double mappedSync = RawDiskBench.syncRate(dataDir, RawDiskBench.SyncMode.MAPPED_WRITE_MAPPED_FORCE,
                BODY_SIZE, seconds);
        double mappedChannelSync = RawDiskBench.syncRate(dataDir, RawDiskBench.SyncMode.MAPPED_WRITE_CHANNEL_FORCE,
                BODY_SIZE, seconds);
        System.out.printf(Locale.ROOT, "raw sync 1 KiB: FileChannel.write+force(false) %.0f/s, "
                + "mapped put+MappedByteBuffer.force %.0f/s, mapped put+FileChannel.force(false) %.0f/s%n",
                channelSyncBefore, mappedSync, mappedChannelSync);
        double group16 = RawDiskBench.groupSyncRate(dataDir, 16, RECORD_SIZE, seconds);
        double group64 = RawDiskBench.groupSyncRate(dataDir, 64, RECORD_SIZE, seconds);
        System.out.printf(Locale.ROOT, "raw group sync (one write of N x %d B + force(false) per round): "
                + "N=16 %.0f records/s, N=64 %.0f records/s%n", RECORD_SIZE, group16, group64);
        double rawMBps = RawDiskBench.sequentialWriteMBps(dataDir, rawBytes);
        System.out.printf(Locale.ROOT, "raw sequential write (1 MiB FileChannel writes + force): %.1f MB/s%n", rawMBps);

        List<Row> rows = new ArrayList<>();
        for (Spec spec : SPECS) {
            rows.add(run(dataDir, spec, seconds, fileSize));
        }
        double channelSyncAfter = RawDiskBench.syncRate(dataDir, RawDiskBench.SyncMode.CHANNEL_WRITE_CHANNEL_FORCE,
                BODY_SIZE, seconds);
        System.out.printf(Locale.ROOT, "raw sync 1 KiB again after the store rows: FileChannel.write+force(false) %.0f/s%n",
                channelSyncAfter);
        // the higher of the two anchor readings: the ratio is then the conservative one
        double channelSync = Math.max(channelSyncBefore, channelSyncAfter);
        StoreBenchReport.print(rows, rawMBps, channelSync, mappedSync, group16, group64);
        Runtime.getRuntime().halt(0);
    }

    private static Row run(Path dataDir, Spec spec, double seconds, int fileSize) throws Exception {
        FlushMode mode = spec.mode();
        boolean pooled = spec.writes() == Writes.POOL;
        int writers = spec.writers();
        Path dir = dataDir.resolve("store-" + mode + "-" + writers + spec.writes() + "-" + spec.model());
        deleteTree(dir);
        StoreConfig.Builder builder = StoreConfig.builder(dir)
                .commitLogFileSize(fileSize)
                .flushMode(mode)
                .warmMappedFiles(mode == FlushMode.SYNC_FLUSH)
                .transientStorePoolEnable(pooled)
                .transientStorePoolSize(2);
        if (spec.writes() == Writes.MAPPED) {
            builder.commitLogWriteThrough(false);
        } else if (spec.writes() == Writes.UNSTAGED) {
            builder.commitLogStagingBytes(0);
        } else if (spec.writes() == Writes.NO_RECORD_CRC) {
            builder.recordCrc(false);
        }
        StoreConfig config = builder.build();
        LongAdder messages = new LongAdder();
        LongAdder bytes = new LongAdder();
        Map<PutStatus, LongAdder> failures = new ConcurrentHashMap<>();
        long forces;
        long cpuNanos;
        double elapsed;
        long closeStart;
        try (MessageStore store = MessageStore.open(config)) {
            store.start();
            awaitFile(dir, 0, fileSize);
            warmUp(store);
            awaitFile(dir, fileSize, fileSize);
            long warmForces = store.stats().groupCommitForces();
            long cpuStart = processCpuNanos();
            long start = System.nanoTime();
            if (spec.model() == Model.CALLBACKS) {
                CallbackWriters.run(store, writers, start + (long) (seconds * 1e9), messages, bytes, failures);
            } else {
                runThreads(store, writers, seconds, messages, bytes, failures);
            }
            elapsed = (System.nanoTime() - start) / 1e9;
            cpuNanos = processCpuNanos() - cpuStart;
            forces = store.stats().groupCommitForces() - warmForces;
            closeStart = System.nanoTime();
        }
        // shutdown flushed whatever was still dirty: bytes / (window + that flush) is the rate actually made durable
        double closeSecs = (System.nanoTime() - closeStart) / 1e9;
        deleteTree(dir);
        Map<PutStatus, Long> failed = new TreeMap<>();
        failures.forEach((k, v) -> failed.put(k, v.sum()));
        Row r = new Row(spec, messages.sum() / elapsed, bytes.sum() / elapsed / 1e6,
                bytes.sum() / (elapsed + closeSecs) / 1e6, forces, messages.sum(),
                cpuNanos / 1e3 / Math.max(1, messages.sum()), failed);
        System.out.printf(Locale.ROOT, "%s %s writers=%d: %,.0f msgs/s %.1f MB/s, %d fsyncs, %.1f CPU us/msg%n",
                spec.name(), spec.model().label, writers, r.msgsPerSec(), r.mbPerSec(), forces, r.cpuMicrosPerMsg());
        return r;
    }

    /**
     * CPU time of this whole process (every thread, user + system): per message it is the cost of a put that the
     * machine's other load does not distort the way it distorts throughput.
     */
    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static void runThreads(MessageStore store, int writers, double seconds, LongAdder messages,
                                   LongAdder bytes, Map<PutStatus, LongAdder> failures) throws InterruptedException {
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            Thread t = new Thread(() -> writeLoop(store, go, seconds, messages, bytes, failures),
                    "bench-writer-" + w);
            threads.add(t);
            t.start();
        }
        go.countDown();
        for (Thread t : threads) {
            t.join();
        }
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

    static MessageToStore message(int queueId) {
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

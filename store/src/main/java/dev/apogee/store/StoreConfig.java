package dev.apogee.store;

import java.nio.file.Path;
import java.time.Clock;
import java.util.Objects;

/**
 * Immutable store configuration; build with {@link #builder(Path)}. Defaults follow RocketMQ 5.3.3's broker defaults
 * except where noted; tests shrink file sizes and intervals.
 */
public final class StoreConfig {
    private final Path storePath;
    private final int commitLogFileSize;
    private final int consumeQueueEntriesPerFile;
    private final FlushMode flushMode;
    private final long flushIntervalMs;
    private final int flushMinDirtyPages;
    private final long flushThoroughIntervalMs;
    private final long syncFlushTimeoutMs;
    private final int maxMessageSize;
    private final boolean transientStorePoolEnable;
    private final int transientStorePoolSize;
    private final boolean commitLogWriteThrough;
    /** As set on the builder (null = by flush mode), kept so that {@link #toBuilder()} decides again. */
    private final Boolean commitLogWriteThroughChoice;
    private final int commitLogStagingBytes;
    private final long commitIntervalMs;
    private final int commitMinDirtyPages;
    private final int fileReservedHours;
    private final int deleteWhenHour;
    private final double diskMaxUsedRatio;
    private final double diskFullRatio;
    private final long cleanIntervalMs;
    private final int deleteFilesBatchMax;
    private final long flushConsumeQueueIntervalMs;
    private final boolean messageIndexEnable;
    private final int maxHashSlotNum;
    private final int maxIndexNum;
    private final long osPageCacheBusyTimeoutMs;
    private final boolean warmMappedFiles;
    private final boolean recordCrc;
    private final Clock clock;
    private final DiskUsageProbe diskUsageProbe;

    private StoreConfig(Builder b) {
        this.storePath = Objects.requireNonNull(b.storePath, "storePath");
        this.commitLogFileSize = b.commitLogFileSize;
        this.consumeQueueEntriesPerFile = b.consumeQueueEntriesPerFile;
        this.flushMode = Objects.requireNonNull(b.flushMode);
        this.flushIntervalMs = b.flushIntervalMs;
        this.flushMinDirtyPages = b.flushMinDirtyPages;
        this.flushThoroughIntervalMs = b.flushThoroughIntervalMs;
        this.syncFlushTimeoutMs = b.syncFlushTimeoutMs;
        this.maxMessageSize = b.maxMessageSize;
        this.recordCrc = b.recordCrc;
        this.transientStorePoolEnable = b.transientStorePoolEnable;
        this.transientStorePoolSize = b.transientStorePoolSize;
        this.commitLogWriteThrough = b.commitLogWriteThrough != null ? b.commitLogWriteThrough
                : b.flushMode == FlushMode.SYNC_FLUSH && !b.transientStorePoolEnable;
        this.commitLogWriteThroughChoice = b.commitLogWriteThrough;
        if (commitLogWriteThrough && transientStorePoolEnable) {
            throw new IllegalArgumentException("commitLogWriteThrough and transientStorePoolEnable exclude each other");
        }
        this.commitLogStagingBytes = b.commitLogStagingBytes;
        if (commitLogStagingBytes < 0) {
            throw new IllegalArgumentException("commitLogStagingBytes must be >= 0: " + commitLogStagingBytes);
        }
        this.commitIntervalMs = b.commitIntervalMs;
        this.commitMinDirtyPages = b.commitMinDirtyPages;
        this.fileReservedHours = b.fileReservedHours;
        this.deleteWhenHour = b.deleteWhenHour;
        this.diskMaxUsedRatio = b.diskMaxUsedRatio;
        this.diskFullRatio = b.diskFullRatio;
        this.cleanIntervalMs = b.cleanIntervalMs;
        this.deleteFilesBatchMax = b.deleteFilesBatchMax;
        this.flushConsumeQueueIntervalMs = b.flushConsumeQueueIntervalMs;
        this.messageIndexEnable = b.messageIndexEnable;
        this.maxHashSlotNum = b.maxHashSlotNum;
        this.maxIndexNum = b.maxIndexNum;
        this.osPageCacheBusyTimeoutMs = b.osPageCacheBusyTimeoutMs;
        this.warmMappedFiles = b.warmMappedFiles;
        this.clock = Objects.requireNonNull(b.clock);
        this.diskUsageProbe = Objects.requireNonNull(b.diskUsageProbe);
        if (!(diskFullRatio > 0 && diskFullRatio <= 1) || !(diskMaxUsedRatio > 0 && diskMaxUsedRatio <= 1)) {
            throw new IllegalArgumentException("disk ratios must be in (0, 1]: diskFullRatio " + diskFullRatio
                    + ", diskMaxUsedRatio " + diskMaxUsedRatio);
        }
        if (cleanIntervalMs < 1) {
            throw new IllegalArgumentException("cleanIntervalMs must be positive: " + cleanIntervalMs);
        }
        if (commitLogFileSize < 4096 || consumeQueueEntriesPerFile < 1 || maxMessageSize < 1024) {
            throw new IllegalArgumentException("file sizes too small");
        }
    }

    public static Builder builder(Path storePath) {
        return new Builder(storePath);
    }

    /** A builder pre-filled with this configuration. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    public Path storePath() { return storePath; }
    public Path commitLogPath() { return storePath.resolve("commitlog"); }
    public Path consumeQueuePath() { return storePath.resolve("consumequeue"); }
    public Path indexPath() { return storePath.resolve("index"); }
    public Path checkpointPath() { return storePath.resolve("checkpoint"); }
    public Path abortMarkerPath() { return storePath.resolve("abort"); }
    public Path lockPath() { return storePath.resolve("lock"); }
    /** Size of each commit-log file; default 1 GiB. */
    public int commitLogFileSize() { return commitLogFileSize; }
    /** Entries per consume-queue file (20 bytes each); default 300,000. */
    public int consumeQueueEntriesPerFile() { return consumeQueueEntriesPerFile; }
    public FlushMode flushMode() { return flushMode; }
    /** ASYNC_FLUSH: period of the flush service; default 500 ms. */
    public long flushIntervalMs() { return flushIntervalMs; }
    /** ASYNC_FLUSH: flush only when at least this many 4 KiB pages are dirty; default 4. */
    public int flushMinDirtyPages() { return flushMinDirtyPages; }
    /** ASYNC_FLUSH: flush regardless of dirty pages at least this often; default 10 s. */
    public long flushThoroughIntervalMs() { return flushThoroughIntervalMs; }
    /** SYNC_FLUSH: a put not durable within this time completes with FLUSH_DISK_TIMEOUT; default 5 s. */
    public long syncFlushTimeoutMs() { return syncFlushTimeoutMs; }
    /** Largest stored record; default 4 MiB. */
    public int maxMessageSize() { return maxMessageSize; }
    /**
     * Append to off-heap buffers and write them to the file channel: in the background with ASYNC_FLUSH, by the
     * group-commit thread right before each force with SYNC_FLUSH (cheaper fsyncs than through the mapping).
     */
    public boolean transientStorePoolEnable() { return transientStorePoolEnable; }
    public int transientStorePoolSize() { return transientStorePoolSize; }
    /**
     * Appends are written to the commit-log file with a positional {@code FileChannel.write} instead of through its
     * mapping (reads still use the mapping: one page cache). An fsync after such writes measured 2-2.5× as fast here
     * as after writes through the mapping, whose flushed pages must be write-protected again and fault on the next
     * append; that is what a SYNC_FLUSH put waits for. Costs system calls (one per append without the staging
     * ring, one per force round with it, see {@link #commitLogStagingBytes()}), so by default only with SYNC_FLUSH and
     * without the transient pool (which writes through the channel already). Never with the pool.
     */
    public boolean commitLogWriteThrough() { return commitLogWriteThrough; }
    /**
     * Write-through with SYNC_FLUSH: appends are encoded into a staging ring of this many bytes (off-heap) under the
     * put lock, and the group-commit thread writes what was staged with one positional write right before each
     * force, so a put costs a memory copy instead of a system call under the lock, and the disk gets one write per
     * force. Staged bytes become readable once written. An append larger than the ring, or one that finds it full
     * for the {@link #osPageCacheBusyTimeoutMs() busy timeout}, is handled as described in {@code StagingRing}.
     * 0 = every append writes its own bytes (no ring). Unused without write-through or with ASYNC_FLUSH (no
     * group-commit thread to drain the ring). Default 4 MiB: in StoreBench on a quiet machine, three alternating
     * rounds, the ring gave 64 callback writers +45-60% msgs/s at 35% less process CPU per message and one writer
     * +4-13% (benchmarks/results/store-20261130T2335Z.md); runs on a loaded machine had shown no gain in msgs/s
     * (store-20261130T2004Z.md), never a loss in CPU.
     */
    public int commitLogStagingBytes() { return commitLogStagingBytes; }
    /** Whether appends go through the staging ring (write-through, SYNC_FLUSH, non-zero ring). */
    public boolean commitLogStaged() {
        return commitLogWriteThrough && flushMode == FlushMode.SYNC_FLUSH && commitLogStagingBytes > 0;
    }
    public long commitIntervalMs() { return commitIntervalMs; }
    public int commitMinDirtyPages() { return commitMinDirtyPages; }
    /** Commit-log files whose last write is older than this are deleted at {@link #deleteWhenHour()}; default 72. */
    public int fileReservedHours() { return fileReservedHours; }
    /** Hour of day (clock's zone) when expired files are deleted; default 4. */
    public int deleteWhenHour() { return deleteWhenHour; }
    /** Above this used ratio, expired or not, the oldest files are deleted; default 0.75. */
    public double diskMaxUsedRatio() { return diskMaxUsedRatio; }
    /**
     * Above this used ratio, puts are refused with DISK_FULL until the disk check finds usage below it again;
     * default 0.95. The first line of defence: an ENOSPC met by a write (another process filled the disk) refuses
     * puts the same way, and the next disk check below the ratio resumes them.
     */
    public double diskFullRatio() { return diskFullRatio; }
    /** Period of the disk check and retention; while the disk is full, how soon puts resume. Default 10 s. */
    public long cleanIntervalMs() { return cleanIntervalMs; }
    public int deleteFilesBatchMax() { return deleteFilesBatchMax; }
    public long flushConsumeQueueIntervalMs() { return flushConsumeQueueIntervalMs; }
    public boolean messageIndexEnable() { return messageIndexEnable; }
    public int maxHashSlotNum() { return maxHashSlotNum; }
    public int maxIndexNum() { return maxIndexNum; }
    public long osPageCacheBusyTimeoutMs() { return osPageCacheBusyTimeoutMs; }
    /**
     * Zero-fill and force each next commit-log file in the background (the next file is always created, mapped and
     * pre-touched ahead of need). Makes later fdatasyncs cheaper (no block allocation) at the price of writing every
     * file twice; recommended for SYNC_FLUSH. Default false, like RocketMQ's {@code warmMapedFileEnable}. Without it
     * files are sparse and their blocks are allocated by the appender a megabyte ahead of its writes (see
     * {@code SpaceReservation}), so a disk that fills up answers DISK_FULL rather than a SIGBUS on a mapped page.
     */
    public boolean warmMappedFiles() { return warmMappedFiles; }
    /**
     * Whether every record ends with a CRC of the whole record (RocketMQ's {@code __CRC32#} property, 20 bytes), so
     * that recovery also detects a torn or corrupted header, not only a corrupted body. On by default.
     */
    public boolean recordCrc() { return recordCrc; }
    /** Source of store timestamps and of the retention hour. */
    public Clock clock() { return clock; }
    public DiskUsageProbe diskUsageProbe() { return diskUsageProbe; }

    /** Mutable builder; every setter returns this. */
    public static final class Builder {
        private Path storePath;
        private int commitLogFileSize = 1 << 30;
        private int consumeQueueEntriesPerFile = 300_000;
        private FlushMode flushMode = FlushMode.ASYNC_FLUSH;
        private long flushIntervalMs = 500;
        private int flushMinDirtyPages = 4;
        private long flushThoroughIntervalMs = 10_000;
        private long syncFlushTimeoutMs = 5_000;
        private int maxMessageSize = 4 * 1024 * 1024;
        private boolean transientStorePoolEnable;
        private int transientStorePoolSize = 5;
        /** null: decided by the flush mode, see {@link StoreConfig#commitLogWriteThrough()}. */
        private Boolean commitLogWriteThrough;
        private int commitLogStagingBytes = 4 << 20;
        private long commitIntervalMs = 200;
        private int commitMinDirtyPages = 4;
        private int fileReservedHours = 72;
        private int deleteWhenHour = 4;
        private double diskMaxUsedRatio = 0.75;
        private double diskFullRatio = 0.95;
        private long cleanIntervalMs = 10_000;
        private int deleteFilesBatchMax = 10;
        private long flushConsumeQueueIntervalMs = 1_000;
        private boolean messageIndexEnable = true;
        private int maxHashSlotNum = 5_000_000;
        private int maxIndexNum = 20_000_000;
        private long osPageCacheBusyTimeoutMs = 1_000;
        private boolean warmMappedFiles;
        private boolean recordCrc = true;
        private Clock clock = Clock.systemDefaultZone();
        private DiskUsageProbe diskUsageProbe = DiskUsageProbe.FILE_SYSTEM;

        private Builder(Path storePath) {
            this.storePath = storePath;
        }

        private Builder(StoreConfig c) {
            storePath = c.storePath; commitLogFileSize = c.commitLogFileSize;
            consumeQueueEntriesPerFile = c.consumeQueueEntriesPerFile; flushMode = c.flushMode;
            flushIntervalMs = c.flushIntervalMs; flushMinDirtyPages = c.flushMinDirtyPages;
            flushThoroughIntervalMs = c.flushThoroughIntervalMs; syncFlushTimeoutMs = c.syncFlushTimeoutMs;
            maxMessageSize = c.maxMessageSize; transientStorePoolEnable = c.transientStorePoolEnable;
            transientStorePoolSize = c.transientStorePoolSize; commitIntervalMs = c.commitIntervalMs;
            commitLogWriteThrough = c.commitLogWriteThroughChoice; commitLogStagingBytes = c.commitLogStagingBytes;
            commitMinDirtyPages = c.commitMinDirtyPages; fileReservedHours = c.fileReservedHours;
            deleteWhenHour = c.deleteWhenHour; diskMaxUsedRatio = c.diskMaxUsedRatio; diskFullRatio = c.diskFullRatio;
            cleanIntervalMs = c.cleanIntervalMs; deleteFilesBatchMax = c.deleteFilesBatchMax;
            flushConsumeQueueIntervalMs = c.flushConsumeQueueIntervalMs; messageIndexEnable = c.messageIndexEnable;
            maxHashSlotNum = c.maxHashSlotNum; maxIndexNum = c.maxIndexNum;
            osPageCacheBusyTimeoutMs = c.osPageCacheBusyTimeoutMs; warmMappedFiles = c.warmMappedFiles;
            recordCrc = c.recordCrc;
            clock = c.clock; diskUsageProbe = c.diskUsageProbe;
        }

        public Builder storePath(Path v) { storePath = v; return this; }
        public Builder commitLogFileSize(int v) { commitLogFileSize = v; return this; }
        public Builder consumeQueueEntriesPerFile(int v) { consumeQueueEntriesPerFile = v; return this; }
        public Builder flushMode(FlushMode v) { flushMode = v; return this; }
        public Builder flushIntervalMs(long v) { flushIntervalMs = v; return this; }
        public Builder flushMinDirtyPages(int v) { flushMinDirtyPages = v; return this; }
        public Builder flushThoroughIntervalMs(long v) { flushThoroughIntervalMs = v; return this; }
        public Builder syncFlushTimeoutMs(long v) { syncFlushTimeoutMs = v; return this; }
        public Builder maxMessageSize(int v) { maxMessageSize = v; return this; }
        public Builder transientStorePoolEnable(boolean v) { transientStorePoolEnable = v; return this; }
        public Builder transientStorePoolSize(int v) { transientStorePoolSize = v; return this; }
        public Builder commitLogWriteThrough(boolean v) { commitLogWriteThrough = v; return this; }
        public Builder commitLogStagingBytes(int v) { commitLogStagingBytes = v; return this; }
        public Builder commitIntervalMs(long v) { commitIntervalMs = v; return this; }
        public Builder commitMinDirtyPages(int v) { commitMinDirtyPages = v; return this; }
        public Builder fileReservedHours(int v) { fileReservedHours = v; return this; }
        public Builder deleteWhenHour(int v) { deleteWhenHour = v; return this; }
        public Builder diskMaxUsedRatio(double v) { diskMaxUsedRatio = v; return this; }
        public Builder diskFullRatio(double v) { diskFullRatio = v; return this; }
        public Builder cleanIntervalMs(long v) { cleanIntervalMs = v; return this; }
        public Builder deleteFilesBatchMax(int v) { deleteFilesBatchMax = v; return this; }
        public Builder flushConsumeQueueIntervalMs(long v) { flushConsumeQueueIntervalMs = v; return this; }
        public Builder messageIndexEnable(boolean v) { messageIndexEnable = v; return this; }
        public Builder maxHashSlotNum(int v) { maxHashSlotNum = v; return this; }
        public Builder maxIndexNum(int v) { maxIndexNum = v; return this; }
        public Builder osPageCacheBusyTimeoutMs(long v) { osPageCacheBusyTimeoutMs = v; return this; }
        public Builder warmMappedFiles(boolean v) { warmMappedFiles = v; return this; }
        public Builder recordCrc(boolean v) { recordCrc = v; return this; }
        public Builder clock(Clock v) { clock = v; return this; }
        public Builder diskUsageProbe(DiskUsageProbe v) { diskUsageProbe = v; return this; }

        public StoreConfig build() {
            return new StoreConfig(this);
        }
    }
}

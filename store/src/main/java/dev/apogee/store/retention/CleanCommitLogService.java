package dev.apogee.store.retention;

import java.io.IOException;
import java.nio.file.Files;
import java.time.Clock;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

import dev.apogee.store.DiskUsageProbe;
import dev.apogee.store.StoreConfig;
import dev.apogee.store.commitlog.CommitLog;
import dev.apogee.store.file.MappedFile;
import dev.apogee.store.file.MappedFileQueue;
import dev.apogee.store.service.ServiceThread;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Commit-log retention and the disk-full flag (see package doc; thread {@code apogee-store-clean-commitlog}). */
public final class CleanCommitLogService extends ServiceThread {
    private static final Logger LOG = LoggerFactory.getLogger(CleanCommitLogService.class);

    private final StoreConfig config;
    private final CommitLog commitLog;
    private final LongSupplier dispatchedOffset;
    private final Runnable afterDelete;

    public CleanCommitLogService(StoreConfig config, CommitLog commitLog, LongSupplier dispatchedOffset,
                                 Runnable afterDelete) {
        this.config = config;
        this.commitLog = commitLog;
        this.dispatchedOffset = dispatchedOffset;
        this.afterDelete = afterDelete;
    }

    @Override
    public String name() {
        return "apogee-store-clean-commitlog";
    }

    @Override
    protected long intervalMs() {
        return config.cleanIntervalMs();
    }

    @Override
    protected void onWakeup() {
        runOnce(false);
    }

    /**
     * One round: disk probe, then deletion if due — the deletion hour has come, the disk is over its ratio, or
     * {@code requested} (an operator asked for it now). Returns the number of files deleted.
     */
    synchronized int runOnce(boolean requested) {
        DiskUsageProbe probe = config.diskUsageProbe();
        double ratio = probe.usedRatio(config.storePath());
        if (ratio >= 0) {
            commitLog.setDiskFull(ratio > config.diskFullRatio());
        }
        boolean overRatio = ratio > config.diskMaxUsedRatio();
        Clock clock = config.clock();
        boolean hourDue = requested || ZonedDateTime.now(clock).getHour() == config.deleteWhenHour();
        if (!overRatio && !hourDue) {
            return 0;
        }
        long expireBefore = clock.millis() - config.fileReservedHours() * 3_600_000L;
        List<MappedFile> victims = pickVictims(overRatio, expireBefore);
        if (victims.isEmpty()) {
            return 0;
        }
        long young = victims.stream().filter(f -> lastWriteTime(f) >= expireBefore).count();
        commitLog.fileQueue().deleteFiles(victims);
        if (young > 0) {
            // RocketMQ's trade: the broker keeps taking writes, and consumers behind jump to the new min offset
            LOG.warn("STORE-RETENTION-FORCED deleted {} commit-log files, {} of them within their {} h retention, "
                    + "because the disk is {}% used (diskMaxUsedSpaceRatio {}%): messages in them are gone, "
                    + "consumed or not; min offset now {}", victims.size(), young, config.fileReservedHours(),
                    Math.round(ratio * 100), Math.round(config.diskMaxUsedRatio() * 100), commitLog.minOffset());
        } else {
            LOG.info("STORE-RETENTION deleted {} commit-log files (disk used {}, forced {}), min offset now {}",
                    victims.size(), ratio, overRatio, commitLog.minOffset());
        }
        afterDelete.run();
        return victims.size();
    }

    private List<MappedFile> pickVictims(boolean force, long expireBefore) {
        MappedFileQueue queue = commitLog.fileQueue();
        long safeEnd = Math.min(queue.flushedWhere(), dispatchedOffset.getAsLong());
        List<MappedFile> files = queue.files();
        List<MappedFile> victims = new ArrayList<>();
        for (int i = 0; i < files.size() - 1 && victims.size() < config.deleteFilesBatchMax(); i++) {
            MappedFile f = files.get(i);
            if (f.fileFromOffset() + f.fileSize() > safeEnd) {
                break;
            }
            if (!force && lastWriteTime(f) >= expireBefore) {
                break;
            }
            victims.add(f);
        }
        return victims;
    }

    private static long lastWriteTime(MappedFile f) {
        long ts = f.lastStoreTimestamp();
        if (ts > 0) {
            return ts;
        }
        try {
            return Files.getLastModifiedTime(f.path()).toMillis();
        } catch (IOException e) {
            return Long.MAX_VALUE;
        }
    }
}

package dev.apogee.broker.admin;

import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.remoting.netty.RequestProcessor;
import dev.apogee.remoting.protocol.RemotingCommand;
import dev.apogee.remoting.protocol.RemotingVersion;
import dev.apogee.remoting.protocol.ResponseCode;
import dev.apogee.remoting.protocol.body.KVTable;
import dev.apogee.store.MessageStore;
import dev.apogee.store.StoreStats;
import dev.apogee.store.file.FsyncFailedException;
import dev.apogee.store.record.MessageRecordFlyweight;
import io.netty.channel.Channel;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongSupplier;

/**
 * GET_BROKER_RUNTIME_INFO (28): the KVTable mqadmin clusterList / brokerStatus print, from the store's counters.
 * Day boundaries are not tracked: "today morning" / "yesterday morning" totals are 0, so "today" counts everything
 * since boot; TPS values are the rate since the previous call (see {@link TpsSampler}).
 */
public final class GetBrokerRuntimeInfoProcessor implements RequestProcessor {
    private final BrokerConfig config;
    private final MessageStore store;
    private final LongSupplier clock;
    private final long bootTimestamp;
    private final TpsSampler putTps;
    private final TpsSampler getTps;

    public GetBrokerRuntimeInfoProcessor(BrokerConfig config, MessageStore store, LongSupplier clock) {
        this.config = config;
        this.store = store;
        this.clock = clock;
        this.bootTimestamp = clock.getAsLong();
        this.putTps = new TpsSampler(clock, bootTimestamp);
        this.getTps = new TpsSampler(clock, bootTimestamp);
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        KVTable body = new KVTable();
        body.setTable(table());
        return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null).body(body.encode());
    }

    private Map<String, String> table() {
        StoreStats.Snapshot stats = store.stats();
        Map<String, String> t = new TreeMap<>();
        t.put("brokerVersionDesc", "V5_3_3");
        t.put("brokerVersion", String.valueOf(RemotingVersion.V5_3_3));
        t.put("brokerActive", "true");
        // fail-stop after a failed fsync: operators see it here (mqadmin brokerStatus) as well as in the ERROR log
        FsyncFailedException fsyncFailure = store.fsyncFailure();
        t.put("storeWritable", String.valueOf(fsyncFailure == null && !store.isReadOnly()));
        t.put("storeFsyncFailure", fsyncFailure == null ? "" : fsyncFailure.getMessage());
        t.put("msgPutTotalTodayNow", String.valueOf(stats.putMessages()));
        t.put("msgGetTotalTodayNow", String.valueOf(stats.getMessages()));
        t.put("msgPutTotalTodayMorning", "0");
        t.put("msgGetTotalTodayMorning", "0");
        t.put("msgPutTotalYesterdayMorning", "0");
        t.put("msgGetTotalYesterdayMorning", "0");
        String put = TpsSampler.windows(putTps.sample(stats.putMessages()));
        String get = TpsSampler.windows(getTps.sample(stats.getMessages()));
        t.put("putTps", put);
        t.put("getTransferredTps", get);
        t.put("getTransferedTps", get);
        t.put("getFoundTps", get);
        t.put("getMissTps", TpsSampler.windows(0));
        t.put("getTotalTps", get);
        t.put("bootTimestamp", String.valueOf(bootTimestamp));
        t.put("runtime", runtime(clock.getAsLong() - bootTimestamp));
        t.put("startAcceptSendRequestTimeStamp", "0");
        t.put("earliestMessageTimeStamp", String.valueOf(earliestMessageTime()));
        t.put("commitLogMinOffset", String.valueOf(store.getMinPhyOffset()));
        t.put("commitLogMaxOffset", String.valueOf(store.getMaxPhyOffset()));
        t.put("dispatchBehindBytes", String.valueOf(store.getMaxPhyOffset() - store.getDispatchedPhyOffset()));
        t.put("pageCacheLockTimeMills", "0");
        t.put("sendThreadPoolQueueCapacity", String.valueOf(config.getSendThreadPoolQueueCapacity()));
        t.put("pullThreadPoolQueueCapacity", String.valueOf(config.getPullThreadPoolQueueCapacity()));
        t.put("brokerName", config.getBrokerName());
        putDisk(t);
        return t;
    }

    private long earliestMessageTime() {
        long min = store.getMinPhyOffset();
        return store.getMaxPhyOffset() > min ? store.lookMessageByOffset(min)
                .map(r -> new MessageRecordFlyweight().wrap(r, r.position()).storeTimestamp())
                .orElse(0L) : 0L;
    }

    private void putDisk(Map<String, String> t) {
        try {
            FileStore disk = Files.getFileStore(config.storeRoot());
            long total = disk.getTotalSpace();
            long free = disk.getUsableSpace();
            double ratio = total == 0 ? 0 : (double) (total - free) / total;
            t.put("commitLogDiskRatio", String.format(Locale.ROOT, "%.2f", ratio));
            t.put("consumeQueueDiskRatio", String.format(Locale.ROOT, "%.2f", ratio));
            t.put("commitLogDirCapacity", String.format(Locale.ROOT, "Total : %.2f GiB, Free : %.2f GiB",
                    total / 1073741824.0, free / 1073741824.0));
        } catch (IOException e) {
            t.put("commitLogDiskRatio", "0");
        }
    }

    private static String runtime(long millis) {
        long s = millis / 1000;
        return String.format(Locale.ROOT, "[ %d days, %d hours, %d minutes, %d seconds ]", s / 86400,
                (s / 3600) % 24, (s / 60) % 60, s % 60);
    }
}

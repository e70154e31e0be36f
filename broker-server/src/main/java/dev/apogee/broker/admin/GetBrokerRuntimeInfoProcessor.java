package dev.apogee.broker.admin;

import dev.apogee.broker.config.BrokerConfig;
import dev.apogee.broker.stats.BrokerStats;
import dev.apogee.remoting.netty.ExecutorLoad;
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
import java.util.function.Supplier;

/**
 * GET_BROKER_RUNTIME_INFO (28): the KVTable mqadmin clusterList / brokerStatus print, from the store's counters, the
 * {@link BrokerStats} windows (TPS over the last 10 s, 1 min and 10 min; totals at this morning's and yesterday's
 * midnight, 0 before the broker's first midnight) and the processor executors' queues ({@link ThreadPoolLoads}).
 */
public final class GetBrokerRuntimeInfoProcessor implements RequestProcessor {
    private static final int QUERY_QUEUE_CAPACITY = 10_000;
    private static final int END_TRANSACTION_QUEUE_CAPACITY = 100_000;

    private final BrokerConfig config;
    private final MessageStore store;
    private final LongSupplier clock;
    private final long bootTimestamp;
    private final BrokerStats stats;
    private final Supplier<ThreadPoolLoads> loads;

    public GetBrokerRuntimeInfoProcessor(BrokerConfig config, MessageStore store, LongSupplier clock,
            BrokerStats stats, Supplier<ThreadPoolLoads> loads) {
        this.config = config;
        this.store = store;
        this.clock = clock;
        this.bootTimestamp = clock.getAsLong();
        this.stats = stats;
        this.loads = loads;
    }

    @Override
    public RemotingCommand processRequest(Channel channel, RemotingCommand request) {
        KVTable body = new KVTable();
        body.setTable(table());
        return RemotingCommand.createResponse(request, ResponseCode.SUCCESS, null).body(body.encode());
    }

    private Map<String, String> table() {
        StoreStats.Snapshot storeStats = store.stats();
        Map<String, String> t = new TreeMap<>();
        t.put("brokerVersionDesc", "V5_3_3");
        t.put("brokerVersion", String.valueOf(RemotingVersion.V5_3_3));
        t.put("brokerActive", "true");
        // fail-stop after a failed fsync: operators see it here (mqadmin brokerStatus) as well as in the ERROR log
        FsyncFailedException fsyncFailure = store.fsyncFailure();
        t.put("storeWritable", String.valueOf(fsyncFailure == null && !store.isReadOnly()));
        t.put("storeFsyncFailure", fsyncFailure == null ? "" : fsyncFailure.getMessage());
        putTotals(t, storeStats);
        String get = stats.getTps();
        t.put("putTps", stats.putTps());
        t.put("getTransferredTps", get);
        t.put("getTransferedTps", get);
        t.put("getFoundTps", get);
        t.put("getTotalTps", get);
        t.put("bootTimestamp", String.valueOf(bootTimestamp));
        t.put("runtime", runtime(clock.getAsLong() - bootTimestamp));
        t.put("startAcceptSendRequestTimeStamp", "0");
        t.put("earliestMessageTimeStamp", String.valueOf(earliestMessageTime()));
        t.put("commitLogMinOffset", String.valueOf(store.getMinPhyOffset()));
        t.put("commitLogMaxOffset", String.valueOf(store.getMaxPhyOffset()));
        t.put("dispatchBehindBytes", String.valueOf(store.getMaxPhyOffset() - store.getDispatchedPhyOffset()));
        t.put("pageCacheLockTimeMills", "0");
        putQueues(t, loads.get());
        t.put("brokerName", config.getBrokerName());
        putDisk(t);
        return t;
    }

    private void putTotals(Map<String, String> t, StoreStats.Snapshot storeStats) {
        BrokerStats.DayMarks marks = stats.dayMarks();
        t.put("msgPutTotalTodayNow", String.valueOf(storeStats.putMessages()));
        t.put("msgGetTotalTodayNow", String.valueOf(storeStats.getMessages()));
        t.put("msgPutTotalTodayMorning", String.valueOf(marks.putTodayMorning()));
        t.put("msgGetTotalTodayMorning", String.valueOf(marks.getTodayMorning()));
        t.put("msgPutTotalYesterdayMorning", String.valueOf(marks.putYesterdayMorning()));
        t.put("msgGetTotalYesterdayMorning", String.valueOf(marks.getYesterdayMorning()));
    }

    /** The official keys; lite pulls share the pull executor (both report it), acks run on the pop executor. */
    private void putQueues(Map<String, String> t, ThreadPoolLoads l) {
        putQueue(t, "send", l.send(), config.getSendThreadPoolQueueCapacity());
        putQueue(t, "pull", l.pull(), config.getPullThreadPoolQueueCapacity());
        putQueue(t, "litePull", l.pull(), config.getPullThreadPoolQueueCapacity());
        putQueue(t, "ack", l.ack(), config.getPullThreadPoolQueueCapacity());
        putQueue(t, "query", l.query(), QUERY_QUEUE_CAPACITY);
        t.put("EndTransactionQueueSize", String.valueOf(l.endTransaction().queueSize()));
        t.put("EndTransactionThreadPoolQueueCapacity", String.valueOf(END_TRANSACTION_QUEUE_CAPACITY));
    }

    private static void putQueue(Map<String, String> t, String pool, ExecutorLoad load, int capacity) {
        t.put(pool + "ThreadPoolQueueSize", String.valueOf(load.queueSize()));
        t.put(pool + "ThreadPoolQueueCapacity", String.valueOf(capacity));
        t.put(pool + "ThreadPoolQueueHeadWaitTimeMills", String.valueOf(load.headWaitMillis()));
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

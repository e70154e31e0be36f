package dev.apogee.benchmarks.filter;

import dev.apogee.broker.filter.SqlFilterFactory;
import dev.apogee.remoting.protocol.body.ExpressionType;
import dev.apogee.remoting.protocol.body.SubscriptionData;
import dev.apogee.store.FlushMode;
import dev.apogee.store.GetResult;
import dev.apogee.store.MessageFilter;
import dev.apogee.store.MessageStore;
import dev.apogee.store.MessageToStore;
import dev.apogee.store.StoreConfig;

import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Broker-side SQL92 filtering cost (issue 6): fills one queue with N 1 KiB messages whose property {@code a} cycles
 * 0..9, then drains the queue the way the pull path does (32 messages per read) three ways, each timed: unfiltered;
 * with the SQL92 selector {@code a = 3} (matches 10%); and with a TAG subscription matching 10% on the consume-queue
 * hash alone. Reports messages examined per second and messages delivered per second for each, and the ratios.
 *
 * <pre>java -cp benchmarks/target/classes:benchmarks/target/lib/* dev.apogee.benchmarks.filter.SqlFilterBench [N]</pre>
 */
public final class SqlFilterBench {
    private static final String TOPIC = "SqlBenchTopic";

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 500_000;
        Path dir = Files.createTempDirectory("sql-bench");
        MessageStore store = MessageStore.open(StoreConfig.builder(dir).flushMode(FlushMode.ASYNC_FLUSH)
                .commitLogFileSize(1024 * 1024 * 1024).build());
        store.start();
        try {
            fill(store, n);
            while (store.getMaxOffsetInQueue(TOPIC, 0) < n) {
                Thread.sleep(20);
            }
            SqlFilterFactory factory = new SqlFilterFactory();
            SubscriptionData sql = SubscriptionData.buildSubscriptionData(TOPIC, "a = 3", ExpressionType.SQL92, 1);
            MessageFilter sqlFilter = factory.create(sql);
            SubscriptionData tag = SubscriptionData.buildSubscriptionData(TOPIC, "T3", ExpressionType.TAG, 1);
            MessageFilter tagFilter = tagsCode -> tag.getCodeSet().contains((int) tagsCode);
            for (int round = 0; round < 2; round++) {
                boolean report = round == 1;
                double all = drain(store, n, MessageFilter.ALL, "unfiltered", report);
                double bySql = drain(store, n, sqlFilter, "SQL92 a = 3 (10%)", report);
                double byTag = drain(store, n, tagFilter, "TAG T3 (10%)", report);
                if (report) {
                    System.out.printf("ratio examined/s: SQL92 / unfiltered = %.2f, TAG / unfiltered = %.2f%n",
                            bySql / all, byTag / all);
                }
            }
        } finally {
            store.shutdown();
        }
    }

    private static void fill(MessageStore store, int n) {
        InetSocketAddress host = new InetSocketAddress("127.0.0.1", 10911);
        byte[] body = new byte[1024];
        List<CompletableFuture<?>> pending = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String properties = "a\u0001" + (i % 10) + "\u0002TAGS\u0001T" + (i % 10) + "\u0002UNIQ_KEY\u0001U" + i
                    + "\u0002";
            pending.add(store.putMessage(new MessageToStore(TOPIC, 0, body).properties(properties)
                    .bornHost(host).storeHost(host).bornTimestamp(System.currentTimeMillis())));
            if (pending.size() == 4096) {
                pending.forEach(CompletableFuture::join);
                pending.clear();
            }
        }
        pending.forEach(CompletableFuture::join);
    }

    /** @return messages examined per second */
    private static double drain(MessageStore store, int n, MessageFilter filter, String name, boolean report) {
        long start = System.nanoTime();
        long offset = 0;
        long delivered = 0;
        while (offset < n) {
            GetResult result = store.getMessages(TOPIC, 0, offset, 32, 256 * 1024, filter);
            delivered += result.messageCount();
            if (result.nextBeginOffset() <= offset) {
                break;
            }
            offset = result.nextBeginOffset();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        if (report) {
            System.out.printf("%-20s examined %,d in %.2f s = %,.0f msg/s; delivered %,d = %,.0f msg/s%n", name,
                    offset, seconds, offset / seconds, delivered, delivered / seconds);
        }
        return offset / seconds;
    }
}

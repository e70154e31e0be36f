package dev.apogee.benchmarks.timer;

import dev.apogee.broker.persist.ConfigFile;
import dev.apogee.broker.timer.TimerRouting;
import dev.apogee.broker.timer.TimerService;
import dev.apogee.store.FlushMode;
import dev.apogee.store.GetResult;
import dev.apogee.store.MessageFilter;
import dev.apogee.store.MessageStore;
import dev.apogee.store.MessageToStore;
import dev.apogee.store.StoreConfig;
import dev.apogee.store.record.MessageRecordFlyweight;
import dev.apogee.store.record.PropertiesCodec;

import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Timer subsystem load tool (issue 6): schedules N timer messages (default 1,000,000) through the real send-path
 * routing into a real store, measures the scheduling rate, the heap the pending timers take once the timer service
 * has ingested them all, then lets them fall due (spread over a window) and reports delivery rate and lateness
 * (store time of the delivered copy − due time) p50/p99/max.
 *
 * <pre>java -cp benchmarks/target/classes:benchmarks/target/lib/* dev.apogee.benchmarks.timer.TimerBench [N] [dir]</pre>
 */
public final class TimerBench {
    private static final String TOPIC = "TimerBenchTopic";

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        Path dir = args.length > 1 ? Path.of(args[1]) : Files.createTempDirectory("timer-bench");
        int writers = 4;
        long windowMillis = 20_000;
        InetSocketAddress host = new InetSocketAddress("127.0.0.1", 10911);
        MessageStore store = MessageStore.open(StoreConfig.builder(dir.resolve("store"))
                .flushMode(FlushMode.ASYNC_FLUSH).commitLogFileSize(512 * 1024 * 1024).build());
        store.start();
        long heapBefore = usedHeapAfterGc();
        TimerService timers = new TimerService(store, new ConfigFile(dir.resolve("timerProgress.json")), host,
                System::currentTimeMillis);
        timers.start();
        TimerRouting routing = new TimerRouting(System::currentTimeMillis, 3L * 24 * 3600 * 1000);

        long scheduleStart = System.nanoTime();
        long firstDue = System.currentTimeMillis() + 5_000 + n / 50;
        schedule(store, routing, host, n, writers, firstDue, windowMillis);
        double scheduleSeconds = (System.nanoTime() - scheduleStart) / 1e9;
        while (timers.pending() < n && System.currentTimeMillis() < firstDue) {
            Thread.sleep(20);
        }
        long pendingSeen = timers.pending();
        long heapWithTimers = usedHeapAfterGc();

        long deadline = firstDue + windowMillis + 60_000;
        long delivered = 0;
        while (System.currentTimeMillis() < deadline) {
            delivered = store.getMaxOffsetInQueue(TOPIC, 0);
            if (delivered >= n) {
                break;
            }
            Thread.sleep(50);
        }
        long allDeliveredAt = System.currentTimeMillis();
        long[] lateness = lateness(store, delivered);
        timers.shutdown();
        store.shutdown();

        System.out.printf("timers scheduled          %,d in %.1f s = %,.0f msg/s (%d writer threads)%n", n,
                scheduleSeconds, n / scheduleSeconds, writers);
        System.out.printf("pending in wheel          %,d (seen before first due)%n", pendingSeen);
        System.out.printf("heap for pending timers   %,.1f MiB total, %.1f bytes/timer (after GC, store+wheel)%n",
                (heapWithTimers - heapBefore) / 1048576.0, (heapWithTimers - heapBefore) / (double) n);
        System.out.printf("delivered                 %,d of %,d (due over %d s; all delivered %.1f s after the first was due)%n",
                delivered, n, windowMillis / 1000, (allDeliveredAt - firstDue) / 1000.0);
        if (lateness.length > 0) {
            System.out.printf("lateness ms               p50 %d  p99 %d  max %d  (never early: min %d)%n",
                    pct(lateness, 50), pct(lateness, 99), lateness[lateness.length - 1], lateness[0]);
        }
    }

    private static void schedule(MessageStore store, TimerRouting routing, InetSocketAddress host, int n,
            int writers, long firstDue, long windowMillis) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(writers);
        AtomicLong next = new AtomicLong();
        byte[] body = new byte[100];
        for (int w = 0; w < writers; w++) {
            new Thread(() -> {
                List<CompletableFuture<?>> inFlight = new ArrayList<>();
                long i;
                while ((i = next.getAndIncrement()) < n) {
                    long due = firstDue + (i * 7_919L) % windowMillis;
                    MessageToStore m = new MessageToStore(TOPIC, 0, body)
                            .properties("TIMER_DELIVER_MS\u0001" + due + "\u0002UNIQ_KEY\u0001T" + i + "\u0002")
                            .bornTimestamp(System.currentTimeMillis()).bornHost(host).storeHost(host);
                    routing.apply(m);
                    inFlight.add(store.putMessage(m));
                    if (inFlight.size() >= 1024) {
                        inFlight.forEach(CompletableFuture::join);
                        inFlight.clear();
                    }
                }
                inFlight.forEach(CompletableFuture::join);
                done.countDown();
            }, "timer-bench-writer-" + w).start();
        }
        done.await();
    }

    private static long[] lateness(MessageStore store, long count) {
        long[] late = new long[(int) count];
        int k = 0;
        long offset = 0;
        MessageRecordFlyweight record = new MessageRecordFlyweight();
        while (offset < count) {
            GetResult result = store.getMessages(TOPIC, 0, offset, 256, Integer.MAX_VALUE, MessageFilter.ALL);
            if (result.messageCount() == 0) {
                break;
            }
            for (ByteBuffer buffer : result.messages()) {
                record.wrap(buffer, buffer.position());
                String due = PropertiesCodec.get(record.properties(), "TIMER_OUT_MS");
                if (due != null && k < late.length) {
                    late[k++] = record.storeTimestamp() - Long.parseLong(due);
                }
            }
            offset = result.nextBeginOffset();
        }
        long[] sorted = Arrays.copyOf(late, k);
        Arrays.sort(sorted);
        return sorted;
    }

    private static long pct(long[] sorted, int p) {
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p / 100.0 * sorted.length) - 1)];
    }

    private static long usedHeapAfterGc() throws InterruptedException {
        Runtime rt = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(100);
        }
        return rt.totalMemory() - rt.freeMemory();
    }
}

package dev.apogee.benchmarks.recovery;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import dev.apogee.store.FlushMode;
import dev.apogee.store.MessageStore;
import dev.apogee.store.MessageToStore;
import dev.apogee.store.PutResult;
import dev.apogee.store.PutStatus;
import dev.apogee.store.StoreConfig;

/**
 * Child process of {@link RecoveryBench} that writes to a broker's store directory with the store API (far faster
 * than through the network, so 30 GiB take minutes): {@code StoreWriter DIR build BYTES MSG_BYTES} appends until the
 * commit log holds BYTES and shuts down cleanly; {@code StoreWriter DIR load - MSG_BYTES FLUSH} appends at full speed
 * until it is killed (the parent's kill -9). Prints {@code WRITING} once appends run and {@code END offset} at the
 * end of a build. One writer thread, up to {@value #IN_FLIGHT} puts in flight.
 */
public final class StoreWriter {
    static final String TOPIC = "RecoveryBench";
    static final int QUEUES = 8;
    private static final int IN_FLIGHT = 4096;

    private StoreWriter() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        boolean build = args[1].equals("build");
        long target = build ? Long.parseLong(args[2]) : Long.MAX_VALUE;
        int messageBytes = Integer.parseInt(args[3]);
        FlushMode flush = build ? FlushMode.ASYNC_FLUSH : FlushMode.valueOf(args[4]);
        MessageStore store = MessageStore.open(config(dir, flush));
        store.start();
        byte[] body = new byte[messageBytes];
        for (int i = 0; i < body.length; i++) {
            body[i] = (byte) ('a' + i % 26);
        }
        InetSocketAddress host = new InetSocketAddress("127.0.0.1", 10911);
        Semaphore inFlight = new Semaphore(IN_FLIGHT);
        boolean announced = false;
        for (long n = 0; store.getMaxPhyOffset() < target; n++) {
            MessageToStore m = new MessageToStore(TOPIC, (int) (n % QUEUES), body).bornHost(host).storeHost(host)
                    .bornTimestamp(System.currentTimeMillis());
            inFlight.acquire();
            CompletableFuture<PutResult> f = store.putMessage(m);
            f.whenComplete((r, e) -> inFlight.release());
            PutResult r = f.isDone() ? f.join() : null;
            if (r != null && r.status() == PutStatus.OS_PAGE_CACHE_BUSY) {
                Thread.sleep(1); // the disk is behind: let it catch up
            } else if (r != null && !r.isOk()) {
                throw new IllegalStateException("put failed: " + r.status());
            }
            if (!announced) {
                System.out.println("WRITING");
                System.out.flush();
                announced = true;
            }
        }
        inFlight.tryAcquire(IN_FLIGHT, 60, TimeUnit.SECONDS);
        store.shutdown();
        System.out.println("END " + store.getMaxPhyOffset());
    }

    /**
     * The store as the broker configures it by default (1 GiB commit-log files, 300,000 entries per queue file),
     * without retention by disk usage ({@link RecoveryBench#NO_RETENTION_RATIO}): a 30 GiB store must stay 30 GiB.
     */
    static StoreConfig config(Path dir, FlushMode flush) {
        return StoreConfig.builder(dir).commitLogFileSize(1 << 30).consumeQueueEntriesPerFile(300_000)
                .flushMode(flush).warmMappedFiles(flush == FlushMode.SYNC_FLUSH)
                .diskMaxUsedRatio(RecoveryBench.NO_RETENTION_RATIO / 100.0).build();
    }
}

package dev.apogee.store.crash;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import dev.apogee.store.FlushMode;
import dev.apogee.store.MessageStore;
import dev.apogee.store.PutResult;
import dev.apogee.store.PutStatus;
import dev.apogee.store.StoreConfig;
import dev.apogee.store.StoreTestSupport;

/**
 * Child process of {@link CrashRecoveryTest}: opens the store with SYNC_FLUSH and appends from several threads until
 * killed, printing {@code ACK id queueId queueOffset physicalOffset size} for every acknowledged message.
 * Usage: {@code CrashWriterMain <dir> <firstId> <threads>}.
 */
public final class CrashWriterMain {
    public static final int QUEUES = 4;

    private CrashWriterMain() {
    }

    public static StoreConfig config(Path dir) {
        return builder(dir).build();
    }

    /** @param stagingBytes the child's staging ring (0: each put writes its own bytes); recovery does not care */
    public static StoreConfig config(Path dir, int stagingBytes) {
        return builder(dir).commitLogStagingBytes(stagingBytes).build();
    }

    private static StoreConfig.Builder builder(Path dir) {
        return StoreTestSupport.smallConfig(dir)
                .commitLogFileSize(256 * 1024)
                .flushMode(FlushMode.SYNC_FLUSH)
                .warmMappedFiles(true)
                .flushConsumeQueueIntervalMs(50);
    }

    /** Deterministic body of message {@code id}, 20 to ~1,500 bytes. */
    public static byte[] payload(long id) {
        StringBuilder sb = new StringBuilder("payload-").append(id).append('-');
        int extra = (int) ((id * 7919) % 1500);
        for (int i = 0; i < extra; i++) {
            sb.append((char) ('a' + (id + i) % 26));
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        AtomicLong nextId = new AtomicLong(Long.parseLong(args[1]));
        int threads = Integer.parseInt(args[2]);
        MessageStore store = MessageStore.open(args.length > 3 ? config(dir, Integer.parseInt(args[3])) : config(dir));
        store.start();
        System.out.println("READY");
        for (int t = 0; t < threads; t++) {
            Thread w = new Thread(() -> write(store, nextId), "writer-" + t);
            w.start();
        }
        Thread.currentThread().join(); // runs until killed
    }

    private static void write(MessageStore store, AtomicLong nextId) {
        try {
            while (true) {
                long id = nextId.getAndIncrement();
                int queueId = (int) (id % QUEUES);
                PutResult r = store.putMessage(StoreTestSupport.message("Crash", queueId, "", Map.of("KEYS", "id-" + id))
                        .body(payload(id))).get();
                if (r.status() == PutStatus.PUT_OK) {
                    System.out.println("ACK " + id + " " + queueId + " " + r.queueOffset() + " " + r.wroteOffset()
                            + " " + r.wroteBytes());
                }
            }
        } catch (Exception e) {
            System.out.println("ERROR " + e);
        }
    }
}

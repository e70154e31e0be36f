package dev.apogee.benchmarks.xa;

import com.arjuna.ats.arjuna.common.ObjectStoreEnvironmentBean;
import com.arjuna.ats.arjuna.common.arjPropertyManager;
import com.arjuna.common.internal.util.propertyservice.BeanPopulator;
import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.DeliveryMode;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.transaction.TransactionManager;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * XA (or local transacted) throughput of one JMS provider: primes a queue, runs {@link TxLoop} workers for a warm-up
 * and a measured period, prints one {@code RESULT} line (transactions per second, latency percentiles) and appends it
 * as JSON to {@code --out}. Options: {@link XaBenchConfig}. Narayana's log (the object store, fsync on) is a fresh
 * directory per run, the same setup for every provider.
 */
public final class XaBench {
    private XaBench() {
    }

    public static void main(String[] args) throws Exception {
        XaBenchConfig config = XaBenchConfig.parse(args);
        ConnectionFactory factory = (ConnectionFactory) Class.forName(config.factoryClass())
                .getConstructor(String.class).newInstance(config.url());
        TransactionManager tm = config.xa() ? narayana(config) : null;
        prime(config, factory);

        long now = System.nanoTime();
        long measureFrom = now + config.warmupSeconds() * 1_000_000_000L;
        long end = measureFrom + config.seconds() * 1_000_000_000L;
        List<TxLoop> loops = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < config.threads(); i++) {
            TxLoop loop = new TxLoop(config, factory, tm, measureFrom, end);
            Thread t = new Thread(loop, "tx-" + i);
            loops.add(loop);
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        report(config, loops);
        System.exit(0); // provider threads (Narayana's reaper, client timers) need not linger
    }

    private static TransactionManager narayana(XaBenchConfig config) throws Exception {
        String store = config.objectStore() != null ? config.objectStore()
                : Files.createTempDirectory("xabench-narayana").toString();
        BeanPopulator.getDefaultInstance(ObjectStoreEnvironmentBean.class).setObjectStoreDir(store);
        BeanPopulator.getNamedInstance(ObjectStoreEnvironmentBean.class, "communicationStore").setObjectStoreDir(store);
        BeanPopulator.getNamedInstance(ObjectStoreEnvironmentBean.class, "stateStore").setObjectStoreDir(store);
        arjPropertyManager.getCoreEnvironmentBean().setNodeIdentifier("xa-bench");
        return com.arjuna.ats.jta.TransactionManager.transactionManager();
    }

    /** Puts {@code prime} persistent messages per thread on the queue, so every receive finds one. */
    private static void prime(XaBenchConfig config, ConnectionFactory factory) throws Exception {
        try (Connection c = config.user() == null ? factory.createConnection()
                : factory.createConnection(config.user(), config.password())) {
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer p = s.createProducer(s.createQueue(config.queue()));
            p.setDeliveryMode(DeliveryMode.PERSISTENT);
            String body = "x".repeat(config.bodyBytes());
            for (int i = 0; i < config.prime() * config.threads(); i++) {
                p.send(s.createTextMessage(body));
            }
        }
    }

    private static void report(XaBenchConfig config, List<TxLoop> loops) throws IOException {
        long misses = 0;
        long errors = 0;
        List<long[]> all = new ArrayList<>();
        int total = 0;
        for (TxLoop l : loops) {
            if (l.fatal != null) {
                throw new IllegalStateException("worker failed", l.fatal);
            }
            misses += l.misses;
            errors += l.errors;
            long[] lat = l.latencies();
            all.add(lat);
            total += lat.length;
        }
        long[] merged = new long[total];
        int at = 0;
        for (long[] lat : all) {
            System.arraycopy(lat, 0, merged, at, lat.length);
            at += lat.length;
        }
        Arrays.sort(merged);
        double perSecond = total / (double) config.seconds();
        String json = String.format(Locale.ROOT, "{\"label\":\"%s\",\"mode\":\"%s\",\"threads\":%d,\"seconds\":%d,"
                        + "\"transactions\":%d,\"txPerSec\":%.1f,\"p50Ms\":%.3f,\"p99Ms\":%.3f,\"p999Ms\":%.3f,"
                        + "\"misses\":%d,\"errors\":%d}", config.label(), config.xa() ? "xa" : "local",
                config.threads(), config.seconds(), total, perSecond, millis(merged, 0.50), millis(merged, 0.99),
                millis(merged, 0.999), misses, errors);
        System.out.println("RESULT " + json);
        if (config.out() != null) {
            Files.writeString(Path.of(config.out()), json + "\n", StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        }
    }

    private static double millis(long[] sorted, double quantile) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int i = (int) Math.min(sorted.length - 1, Math.ceil(quantile * sorted.length) - 1);
        return sorted[Math.max(0, i)] / 1e6;
    }
}

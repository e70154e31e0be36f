package dev.apogee.broker.acceptance;

import dev.apogee.broker.fixture.ChildBroker;
import dev.apogee.namesrv.NameServer;
import dev.apogee.namesrv.config.NamesrvConfig;
import dev.apogee.store.powercut.PowerCutFs;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.zip.CRC32;

import static org.awaitility.Awaitility.await;

/**
 * Our broker in a child JVM with its whole store (commit log, consume queues, checkpoint, config) on a
 * {@link PowerCutFs} mount, an in-JVM name server, and the official 5.3.3 producer sending checksummed bodies. A
 * {@link #cut} kills the broker with kill -9 while sends are in flight and cuts the power of its disk; the next
 * {@link #startBroker} recovers from what the disk kept. Records each acknowledged body with the time of its
 * acknowledgement. One test thread drives it; producer threads only add to the concurrent maps.
 */
final class PowerCutRig implements AutoCloseable {
    private static final int BODY_PADDING = 48;

    private final Path dir;
    private final PowerCutFs fs;
    private final NameServer namesrv;
    private final Path conf;
    private final String topic = OfficialClients.unique("PowerCut");
    private final Map<String, Long> acknowledged = new ConcurrentHashMap<>();
    private final int port;
    private Process broker;
    private int runs;

    PowerCutRig(Path dir, String flushDiskType, String... extraConf) throws Exception {
        this.dir = dir;
        this.fs = PowerCutFs.mount(dir.resolve("disk"));
        this.namesrv = new NameServer(new NamesrvConfig().setListenPort(0).setBindAddress("127.0.0.1")
                .setKvConfigPath(dir.resolve("kvConfig.json")));
        namesrv.start();
        port = ChildBroker.freePort();
        List<String> lines = new ArrayList<>(List.of(
                "brokerClusterName=" + AcceptanceServers.CLUSTER,
                "brokerName=broker-powercut",
                "listenPort=" + port,
                "bindAddress=127.0.0.1",
                "brokerIP1=127.0.0.1",
                "namesrvAddr=" + namesrvAddress(),
                "storePathRootDir=" + fs.root().resolve("store"),
                "flushDiskType=" + flushDiskType,
                // small files: new commit-log and consume-queue files (and their directory entries) every few rounds
                "mappedFileSizeCommitLog=65536",
                "mappedFileSizeConsumeQueue=2000"));
        lines.addAll(List.of(extraConf));
        conf = dir.resolve("broker.conf");
        Files.writeString(conf, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
    }

    String namesrvAddress() {
        return "127.0.0.1:" + namesrv.port();
    }

    String brokerAddress() {
        return "127.0.0.1:" + port;
    }

    String topic() {
        return topic;
    }

    PowerCutFs fs() {
        return fs;
    }

    /** Acknowledged bodies and when (System.nanoTime) each acknowledgement arrived. */
    Map<String, Long> acknowledged() {
        return acknowledged;
    }

    void startBroker() throws IOException {
        broker = ChildBroker.start(dir, conf, ++runs, "-Xms64m", "-Xmx128m", "-XX:MaxDirectMemorySize=128m",
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xshare:auto");
    }

    /** The running broker's console and log output so far (for failure messages). */
    String brokerOutput() throws IOException {
        Path out = dir.resolve("broker-" + runs + ".out");
        return Files.exists(out) ? Files.readString(out) : "";
    }

    DefaultMQProducer producer() throws Exception {
        DefaultMQProducer producer = OfficialClients.producer(namesrvAddress(), OfficialClients.unique("pg-cut"));
        producer.setRetryTimesWhenSendFailed(0);
        producer.setSendMsgTimeout(3_000);
        producer.start();
        return producer;
    }

    /**
     * Sends from {@code threads} threads until {@code acks} more sends were acknowledged (bounded wait), then kills the
     * broker with sends still in flight, stops the senders and cuts the power (torn at a byte chosen by
     * {@code tearSeed}, 0 = no tear). Returns the System.nanoTime of the kill.
     */
    long loadThenCut(DefaultMQProducer producer, int round, int threads, int acks, long tearSeed) throws Exception {
        return loadThenCut(round, threads, acks, tearSeed, body -> {
            SendResult result = producer.send(new Message(topic, body.getBytes(StandardCharsets.UTF_8)));
            return result.getSendStatus() == SendStatus.SEND_OK;
        });
    }

    /**
     * As {@link #loadThenCut(DefaultMQProducer, int, int, int, long)}, with the suite's own send: {@code sender} sends
     * one body and answers whether the broker acknowledged it (an exception counts as not acknowledged).
     */
    long loadThenCut(int round, int threads, int acks, long tearSeed, Sender sender) throws Exception {
        int target = acknowledged.size() + acks;
        AtomicBoolean sending = new AtomicBoolean(true);
        List<Thread> senders = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            String prefix = "r" + round + "-t" + t + "-";
            Thread thread = new Thread(() -> send(sender, prefix, sending), "powercut-sender-" + t);
            thread.start();
            senders.add(thread);
        }
        long killedAt;
        try {
            await("round " + round + ": " + acks + " acknowledged sends").atMost(Duration.ofSeconds(60))
                    .until(() -> acknowledged.size() >= target);
        } finally {
            killedAt = System.nanoTime();
            broker.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            sending.set(false);
            for (Thread thread : senders) {
                thread.join(30_000);
            }
        }
        fs.powerCut(tearSeed);
        return killedAt;
    }

    private void send(Sender sender, String prefix, AtomicBoolean sending) {
        for (int i = 0; sending.get(); i++) {
            String body = body(prefix + i);
            try {
                if (sender.send(body)) {
                    acknowledged.put(body, System.nanoTime());
                }
            } catch (Exception e) {
                // broker down or killed mid-send: not acknowledged, may or may not be stored
            }
        }
    }

    /** One send of a suite: true when the broker acknowledged {@code body}. Called from several sender threads. */
    @FunctionalInterface
    interface Sender {
        boolean send(String body) throws Exception;
    }

    /** {@code key|padding|crc32-hex}: {@link #intact} recomputes the checksum. */
    static String body(String key) {
        String payload = key + "|" + "x".repeat(BODY_PADDING);
        return payload + "|" + Long.toHexString(crc(payload));
    }

    static boolean intact(String body) {
        int bar = body.lastIndexOf('|');
        return bar > 0 && Long.toHexString(crc(body.substring(0, bar))).equals(body.substring(bar + 1));
    }

    private static long crc(String s) {
        CRC32 crc = new CRC32();
        crc.update(s.getBytes(StandardCharsets.UTF_8));
        return crc.getValue();
    }

    /** Every body stored in the topic, counted (a retried send may be stored twice). */
    Map<String, Integer> readStored() {
        Map<String, Integer> stored = new HashMap<>();
        await("the recovered broker serves " + topic).atMost(Duration.ofSeconds(60)).ignoreExceptions().until(() -> {
            stored.clear();
            OfficialClients.readAll(namesrvAddress(), topic)
                    .forEach(m -> stored.merge(OfficialClients.body(m), 1, Integer::sum));
            return !stored.isEmpty();
        });
        return stored;
    }

    void killBroker() throws InterruptedException {
        if (broker != null) {
            broker.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Override
    public void close() throws Exception {
        try {
            killBroker();
        } finally {
            try {
                fs.close();
            } finally {
                namesrv.shutdown();
            }
        }
    }
}
